// 'Verlauf' beside a row's 'Bearbeiten' (issue 15): opens the row's versions
// (RevisionsDialog.tsx, loaded only when asked for), so every entity of the kit
// has its history without markup of its own.
import { Suspense, lazy, useState } from 'react';

export const HISTORY_TEXTS = { open: 'Verlauf' } as const;

const RevisionsDialog = lazy(() => import('./RevisionsDialog'));

/** The 'Verlauf' button of a row and, once clicked, its versions. */
export function HistoryButton({ entity, id, title, onRestored }: { entity: string; id: string; title: string; onRestored: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline btn-small" aria-label={title ? `${HISTORY_TEXTS.open}: ${title}` : undefined} onClick={() => setOpen(true)}>
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
