// 'Verlauf' beside a row's 'Bearbeiten' (issue 15): opens the row's versions
// (RevisionsDialog.tsx, loaded only when asked for), so every entity of the kit
// has its history without markup of its own.
import { Suspense, lazy, useState, type ComponentType } from 'react';

export const HISTORY_TEXTS = { open: 'Verlauf' } as const;

type RevisionsDialogProps = { entity: string; id: string; title: string; onClose: () => void; onRestored: () => void };

// a glob, not an import: the panel builds and runs while the dialog is still being written
const modules = import.meta.glob<Record<string, unknown>>('./RevisionsDialog.tsx');
const load = modules['./RevisionsDialog.tsx'];
const RevisionsDialog = load
  ? lazy(async () => {
      const mod = await load();
      return { default: (mod.default ?? mod.RevisionsDialog) as ComponentType<RevisionsDialogProps> };
    })
  : null;

/** Whether the history can be shown in this build. */
export const historyAvailable = RevisionsDialog !== null;

/** The 'Verlauf' button of a row and, once clicked, its versions. */
export function HistoryButton({ entity, id, title, onRestored }: { entity: string; id: string; title: string; onRestored: () => void }) {
  const [open, setOpen] = useState(false);
  if (!RevisionsDialog) return null;
  return (
    <>
      <button type="button" className="btn btn-outline btn-small" onClick={() => setOpen(true)}>
        {HISTORY_TEXTS.open}
      </button>
      {open && (
        <Suspense fallback={null}>
          <RevisionsDialog
            entity={entity}
            id={id}
            title={title}
            onClose={() => setOpen(false)}
            onRestored={() => {
              setOpen(false);
              onRestored();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
