// The media library (issue 15, tab 'Medien'): every uploaded image once, where
// it is used, its alt text for the public pages (saving it republishes the
// pages that show the image), and delete, which the server refuses while the
// image is still used somewhere and then names where.
import { actions } from 'astro:actions';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { MAX_ALT_LENGTH, MEDIA_TEXTS as T, mediaMatches, mediaName, type MediaItem } from '../../lib/schemas/media';
import { formatDate } from '../../lib/dates-de';
import type { ManagerProps } from './managers';
import { KIT_TEXTS, callAction, useLoader, useSaveToasts, wrapStyle } from './contentKit';
import { MoreRows, useShownInSteps } from './ShownInSteps';
import { loadMediaLibrary } from './ImageUpload';
import { confirmAction } from './ui';
import { refusedWhile } from '../ui/refused';
import { focusAfterRemoval } from './focusAfterRemoval';
import { MediaThumb } from './MediaThumb';

function AltForm({ item, onSaved }: { item: MediaItem; onSaved: (alt: string) => void }) {
  const id = useId();
  const { saved, failed } = useSaveToasts();
  const [alt, setAlt] = useState(item.alt);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (alt.trim().length > MAX_ALT_LENGTH) return setError(T.altTooLong);
    setSaving(true);
    setError(null);
    const result = await callAction(() => actions.admin.mediaLibrary.setAlt({ url: item.url, alt }));
    setSaving(false);
    if (!result.ok) {
      setError(result.message);
      return failed(KIT_TEXTS.error, result.message);
    }
    onSaved(result.data.row.alt);
    setAlt(result.data.row.alt);
    saved(T.altSaved, result.data);
  };
  return (
    <form className="admin-form media-alt-form" onSubmit={submit} noValidate>
      <label className="admin-field" htmlFor={id}>
        <span>{T.alt}</span>
        <input id={id} name="alt" value={alt} maxLength={MAX_ALT_LENGTH + 50} onChange={(e) => setAlt(e.target.value)} aria-invalid={!!error} />
        <small className="hint">{T.altHint}</small>
        {error && (
          <small className="field-error" role="alert">
            {error}
          </small>
        )}
      </label>
      <div className="admin-actions">
        <button type="submit" className="btn btn-small" {...refusedWhile(saving || alt === item.alt)}>
          {saving ? KIT_TEXTS.loading : T.altSave}
        </button>
      </div>
    </form>
  );
}

/** What the nightly sweep will do with an unused image (nothing to say when its date cannot be read). */
function sweepNote(item: MediaItem): string | null {
  if (item.keptBecause === 'name') return T.keptForName;
  if (item.keptBecause === 'version') return T.keptForVersion;
  if (!item.sweepableFrom) return null;
  return Date.parse(item.sweepableFrom) <= Date.now() ? T.sweepNext : T.sweepOn(formatDate(item.sweepableFrom));
}

function MediaCard({ item, onChanged, onDeleted }: { item: MediaItem; onChanged: (item: MediaItem) => void; onDeleted: () => void }) {
  const { toast, failed } = useSaveToasts();
  const [deleting, setDeleting] = useState(false);
  const name = mediaName(item.url);
  const remove = async () => {
    // used only as photos no page shows (consent withdrawn): the delete takes them off those players too
    const onlyNotShown = item.uses.length > 0 && item.uses.every((use) => use.notShown);
    const confirmText = onlyNotShown ? T.deleteConfirmNotShown(item.uses.map((use) => use.label)) : T.deleteConfirm;
    if (!confirmAction(confirmText)) return;
    const focus = focusAfterRemoval();
    setDeleting(true);
    const result = await callAction(() => actions.admin.mediaLibrary.remove({ url: item.url }));
    setDeleting(false);
    if (!result.ok) return failed(T.deleteFailed, result.message);
    toast({ title: T.deleted, description: name });
    onDeleted();
    focus.moveFocus();
  };
  return (
    <li className="admin-card media-item" data-url={item.url} aria-label={name}>
      <div style={{ display: 'flex', gap: '1rem', flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <MediaThumb item={item} className="image-upload-preview" alt={item.alt || `Vorschau: ${name}`} loading="lazy" width={160} height={120} style={{ width: '10rem', height: 'auto' }} />
        <div style={{ flex: '1 1 14rem', minWidth: 0, ...wrapStyle }}>
          <p style={{ margin: 0 }}>
            <a href={item.url} target="_blank" rel="noopener noreferrer">
              <code>{name}</code>
            </a>
            {item.missing && <strong className="field-error"> · {T.missingFile}</strong>}
          </p>
          <p className="hint" style={{ margin: '0.25rem 0' }}>
            {[T.size(item.width, item.height, item.bytes), formatDate(item.created_at), item.uploaded_by].filter(Boolean).join(' · ')}
          </p>
          {item.uses.length > 0 ? (
            <div className="media-uses">
              <strong>{T.usedIn}:</strong>
              <ul style={{ margin: '0.25rem 0', paddingLeft: '1.25rem' }}>
                {item.uses.map((use) => (
                  <li key={`${use.table}/${use.id}/${use.field}`}>
                    {use.label} ({use.field}){use.notShown && <small className="hint"> – {T.notShown}</small>}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="media-uses" style={{ margin: '0.25rem 0' }}>
              {T.unused}
              {sweepNote(item) && (
                <>
                  <br />
                  <small className="hint media-sweep">{sweepNote(item)}</small>
                </>
              )}
            </p>
          )}
        </div>
      </div>
      <AltForm item={item} onSaved={(alt) => onChanged({ ...item, alt })} />
      <div className="admin-actions" style={{ marginTop: '0.5rem' }}>
        <button type="button" className="btn btn-danger btn-small" {...refusedWhile(deleting)} onClick={() => void remove()} aria-label={`${T.delete}: ${name}`}>
          {T.delete}
        </button>
      </div>
    </li>
  );
}

export default function MediaManager(_props: ManagerProps) {
  const { failed } = useSaveToasts();
  const { data, setData, loading, failed: loadFailed } = useLoader(loadMediaLibrary, (message) => failed(KIT_TEXTS.loadError, message));
  const [query, setQuery] = useState('');
  const [onlyUnused, setOnlyUnused] = useState(false);
  const shown = useMemo(() => {
    return (data ?? []).filter((item) => (!onlyUnused || item.uses.length === 0) && mediaMatches(item, query));
  }, [data, query, onlyUnused]);
  // a big club's 3,000 images, each with its form: rendered in steps
  const rows = useShownInSteps(shown);

  return (
    <section className="media-manager" aria-labelledby="media-title">
      <h2 id="media-title">{T.title}</h2>
      <p className="hint">{T.intro}</p>
      <p className="hint">{T.sweepIntro}</p>
      <div className="admin-form" style={{ marginBottom: '1rem' }}>
        <label className="admin-field">
          <span>{T.search}</span>
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <label className="admin-check">
          <input type="checkbox" checked={onlyUnused} onChange={(e) => setOnlyUnused(e.target.checked)} />
          {T.onlyUnused}
        </label>
      </div>
      {loading && <p>{KIT_TEXTS.loading}</p>}
      {loadFailed && <p className="field-error">{T.loadError}</p>}
      {data && data.length === 0 && <p>{T.empty}</p>}
      {/* there from the start, filled when nothing matches: a status mounted with its text is often not read out */}
      <p role="status" className="hint">{data && data.length > 0 && shown.length === 0 ? T.noMatch : ''}</p>
      <ul className="admin-list media-list">
        {rows.shown.map((item) => (
          <MediaCard
            key={item.url}
            item={item}
            onChanged={(next) => setData((list) => (list ?? []).map((m) => (m.url === next.url ? next : m)))}
            onDeleted={() => setData((list) => (list ?? []).filter((m) => m.url !== item.url))}
          />
        ))}
        <MoreRows {...rows} />
      </ul>
    </section>
  );
}
