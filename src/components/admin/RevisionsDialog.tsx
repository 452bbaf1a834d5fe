// 'Verlauf' of one row (issue 15): its versions newest first with who and when,
// two of them side by side (RevisionCompare.tsx), and 'Wiederherstellen', which
// the server records as a new version and republishes. Opened by the entity
// kit's HistoryButton, loaded only then.
import { actions } from 'astro:actions';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { REVISIONS_UI_TEXTS as T, versionCaption } from '../../lib/revision-compare';
import type { RevisionVersion } from '../../lib/revisions';
import { callAction, useSaveToasts, wrapStyle } from './contentKit';
import RevisionCompare from './RevisionCompare';
import { confirmAction } from './ui';
import { refusedWhile } from '../ui/refused';

type Props = { entity: string; id: string; title: string; onClose: () => void; onRestored: () => void };

/** Versions numbered from the oldest kept (1) up, so that two saves in the same minute are told apart. */
type Numbered = RevisionVersion & { n: number };

export default function RevisionsDialog({ entity, id, title, onClose, onRestored }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const { saved, failed } = useSaveToasts();
  const [versions, setVersions] = useState<Numbered[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [left, setLeft] = useState<number | null>(null);
  const [right, setRight] = useState<number | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  // modal on open; focus goes back to the button that opened it when it closes
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const load = useCallback(async () => {
    const result = await callAction(() => actions.admin.revisions.history({ entity, id }), T.loadError);
    if (!result.ok) {
      setLoadError(result.message);
      return;
    }
    const list = result.data.versions.map((version, i, all) => ({ ...version, n: all.length - i }));
    setLoadError(null);
    setVersions(list);
    setRight(list[0]?.id ?? null);
    setLeft((list[1] ?? list[0])?.id ?? null);
  }, [entity, id]);

  useEffect(() => {
    void load();
  }, [load]);

  const restore = async (version: Numbered) => {
    const { when } = versionCaption(version);
    if (!confirmAction(T.restoreConfirm(version.n, when))) return;
    setBusy(version.id);
    // the newest version shown: another admin's save since refuses the restore instead of being overwritten
    const base = versions?.[0]?.id ?? version.id;
    const result = await callAction(() => actions.admin.revisions.restore({ revision: version.id, base }), T.restoreFailed);
    setBusy(null);
    if (!result.ok) {
      failed(T.restoreFailed, result.message);
      void load();
      return;
    }
    saved(T.restored, result.data, result.data.keptImages.length > 0 ? T.keptImages(result.data.keptImages) : undefined);
    onRestored();
  };

  const byId = (revision: number | null) => versions?.find((version) => version.id === revision) ?? null;
  const before = byId(left);
  const after = byId(right);
  const optionLabel = (version: Numbered) => {
    const { when, op } = versionCaption(version);
    return T.versionLabel(version.n, when, op);
  };

  // into <body>: the button sits in a list's table, whose phone styles (cards) must not reach the dialog
  return createPortal(
    <dialog
      ref={ref}
      className="modal admin-dialog revisions-dialog"
      aria-labelledby={headingId}
      style={{ maxWidth: '64rem', maxHeight: 'calc(100dvh - 2rem)', overflowY: 'auto' }}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'start', gap: '1rem' }}>
        <h2 id={headingId} style={{ marginTop: 0, ...wrapStyle }}>
          {T.dialogTitle(title)}
        </h2>
        <button type="button" className="btn btn-outline btn-small" aria-label={T.close} onClick={onClose}>
          ✕
        </button>
      </div>

      {loadError && (
        <p role="alert" className="field-error">
          {loadError}
        </p>
      )}
      {!versions && !loadError && <p role="status">{T.loading}</p>}
      {versions && versions.length === 0 && <p>{T.noVersions}</p>}

      {versions && versions.length > 0 && (
        <>
          <section aria-labelledby={`${headingId}-versions`}>
            <h3 id={`${headingId}-versions`}>{T.versionsHeading}</h3>
            <ol className="revision-list" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {versions.map((version, i) => {
                const { when, op, who } = versionCaption(version);
                const restorable = i > 0 && version.op !== 'delete';
                return (
                  <li
                    key={version.id}
                    className="revision-item"
                    data-revision={version.id}
                    style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: '0.5rem', padding: '0.4rem 0', borderBottom: '1px solid var(--grey-200)' }}
                  >
                    <span style={wrapStyle}>
                      <strong>{T.versionNumber(version.n)}</strong> · {when} · {op} · {T.by(who)}
                      {i === 0 && (
                        <>
                          {' '}
                          <span className="badge badge-blue">{T.current}</span>
                        </>
                      )}
                    </span>
                    {restorable && (
                      <button
                        type="button"
                        className="btn btn-outline btn-small"
                        aria-label={T.restoreLabel(version.n)}
                        {...refusedWhile(busy !== null)}
                        onClick={() => void restore(version)}
                      >
                        {busy === version.id ? T.loading : T.restore}
                      </button>
                    )}
                  </li>
                );
              })}
            </ol>
          </section>

          <section aria-labelledby={`${headingId}-compare`}>
            <h3 id={`${headingId}-compare`}>{T.compareHeading}</h3>
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem' }}>
              {(
                [
                  [T.compareLeft, left, setLeft],
                  [T.compareRight, right, setRight],
                ] as const
              ).map(([label, value, set]) => (
                <label key={label} className="admin-field" style={{ flex: '1 1 16rem' }}>
                  <span>{label}</span>
                  <select value={value ?? ''} onChange={(e) => set(Number(e.target.value))}>
                    {versions.map((version) => (
                      <option key={version.id} value={version.id}>
                        {optionLabel(version)}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            </div>
            {before && after && (
              <RevisionCompare
                before={before.data}
                after={after.data}
                beforeLabel={T.versionNumber(before.n)}
                afterLabel={T.versionNumber(after.n)}
              />
            )}
          </section>
        </>
      )}
    </dialog>,
    document.body,
  );
}
