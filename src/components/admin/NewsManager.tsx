// News manager (admin-area.md §2 News, §4, §5, §8): one form for creating and
// editing with a preview that keeps line breaks, and the list newest first with
// the badge 'Veröffentlicht'/'Entwurf', the creation date, publish/hide, edit
// and delete. The spec deletes news without asking; a deletion can instead be
// undone for a few seconds. Optional publish and unpublish times (issue 15,
// Vienna time) schedule it; the list says 'Geplant für …'.
import { actions } from 'astro:actions';
import { useEffect, useRef, useState } from 'react';
import { epochToViennaLocal, formatDate, formatDateTime } from '../../lib/dates-de';
import { NEWS_TEXTS as T, newsSchema, type NewsEntry, type NewsListEntry } from '../../lib/schemas/news';
import { FieldError, KIT_TEXTS, callAction, useLoader, useSaveToasts, wrapStyle } from './contentKit';
import { useEntityForm } from './entityKit';
import { createOrUpdate } from './entitySave';
import ImageUpload from './ImageUpload';
import { useLiveReload } from './live';
import { HistoryButton } from './HistoryButton';
import PreviewButton from './PreviewButton';
import { useBusyRows } from './busyRows';
import { useSavedRows, type SavedRow } from './savedRows';
import { MoreRows, useShownInSteps } from './ShownInSteps';
import { ADMIN_TEXTS, SaveButton, confirmLeave } from './ui';
import { focusAfterRemoval, focusWhenShown } from './focusAfterRemoval';
import { refusedWhile } from '../ui/refused';

/** How long the undo of a deletion is offered. */
const UNDO_MS = 8000;

type FormValues = {
  title: string;
  excerpt: string;
  content: string;
  image_url: string;
  published: boolean;
  /** datetime-local values, Vienna time ('' for none) */
  publish_at: string;
  unpublish_at: string;
};
const EMPTY: FormValues = { title: '', excerpt: '', content: '', image_url: '', published: true, publish_at: '', unpublish_at: '' };
const localTime = (ms: number | null) => (ms === null ? '' : epochToViennaLocal(ms));
const toForm = (n: NewsEntry): FormValues => ({
  title: n.title,
  excerpt: n.excerpt ?? '',
  content: n.content,
  image_url: n.image_url ?? '',
  published: n.published,
  publish_at: localTime(n.publish_at),
  unpublish_at: localTime(n.unpublish_at),
});

const isPlanned = (item: NewsListEntry) => !item.published && item.publish_at !== null;

/** The list's badge of one news: published, planned or draft. */
function NewsBadge({ item }: { item: NewsListEntry }) {
  return <span className={item.published ? 'badge badge-blue' : 'badge'}>{item.published ? T.published : isPlanned(item) ? T.planned : T.draft}</span>;
}

/** The list's lines about a news' planned times. */
function NewsSchedule({ item }: { item: NewsListEntry }) {
  return (
    <>
      {isPlanned(item) && <small className="hint news-schedule">{T.plannedFor(formatDateTime(item.publish_at))}</small>}
      {item.unpublish_at !== null && <small className="hint news-schedule">{T.unpublishOn(formatDateTime(item.unpublish_at))}</small>}
    </>
  );
}

function NewsForm({
  editing,
  onDone,
  onDirtyChange,
}: {
  editing: NewsEntry | null;
  onDone: (saved?: SavedRow) => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const save = createOrUpdate(editing, actions.admin.news);
  const { values, set, bind, errors, reset, dirty, saving, submit } = useEntityForm({
    onDone,
    onDirtyChange,
    initial: editing ? toForm(editing) : EMPTY,
    schema: newsSchema,
    save,
    // the spec: with an empty title or content nothing is sent
    texts: { invalid: null, failed: T.error, saved: editing ? T.updated : T.created },
    next: () => EMPTY,
  });
  const [showPreview, setShowPreview] = useState(true);

  const cancel = async () => {
    if (!(await confirmLeave(null, dirty))) return;
    reset(EMPTY);
    onDone();
  };

  return (
    <form className="admin-form news-form" noValidate onSubmit={submit} aria-label={editing ? T.editTitle : T.createTitle}>
      <label className="admin-field" htmlFor="news-title">
        <span>Titel *</span>
        <input id="news-title" name="title" required {...bind('title')} />
        <FieldError message={errors.title} />
      </label>
      <label className="admin-field" htmlFor="news-excerpt">
        <span>Kurzfassung</span>
        <input id="news-excerpt" name="excerpt" {...bind('excerpt')} />
        <small className="hint">Erscheint auf den News-Karten; ohne Kurzfassung die ersten 150 Zeichen des Textes.</small>
        <FieldError message={errors.excerpt} />
      </label>
      <label className="admin-field" htmlFor="news-content">
        <span>Inhalt *</span>
        <textarea id="news-content" name="content" rows={10} required {...bind('content')} />
        <FieldError message={errors.content} />
      </label>
      <div>
        <button type="button" className="btn btn-outline btn-small" aria-expanded={showPreview} onClick={() => setShowPreview((s) => !s)}>
          {T.preview} {showPreview ? 'ausblenden' : 'anzeigen'}
        </button>
      </div>
      {showPreview && (
        <section className="news-preview" aria-label={T.preview}>
          {/* no empty heading while the title is empty: a screen reader lists headings */}
          {values.title.trim() !== '' && <h3 style={wrapStyle}>{values.title}</h3>}
          {values.content.trim() ? (
            // white-space: pre-line keeps the line breaks exactly as the article page shows them
            <div className="pre-line news-preview-text" style={wrapStyle}>
              {values.content}
            </div>
          ) : (
            <p className="hint">{T.noPreview}</p>
          )}
        </section>
      )}
      <ImageUpload
        name="news-image"
        label="Bild"
        folder="news/"
        value={values.image_url || null}
        onChange={(url) => set('image_url', url ?? '')}
        error={errors.image_url}
      />
      <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', minHeight: 44 }}>
        <input type="checkbox" name="published" checked={values.published} onChange={(e) => set('published', e.target.checked)} />
        {T.published}
      </label>
      <fieldset className="news-schedule-fields">
        <legend>Zeitplan</legend>
        <label className="admin-field" htmlFor="news-publish-at">
          <span>{T.publishAt}</span>
          <input id="news-publish-at" name="publish_at" type="datetime-local" {...bind('publish_at')} />
          <FieldError message={errors.publish_at} />
        </label>
        <label className="admin-field" htmlFor="news-unpublish-at">
          <span>{T.unpublishAt}</span>
          <input id="news-unpublish-at" name="unpublish_at" type="datetime-local" {...bind('unpublish_at')} />
          <FieldError message={errors.unpublish_at} />
        </label>
        <small className="hint">{T.scheduleHint}</small>
      </fieldset>
      <div className="admin-actions">
        <SaveButton saving={saving}>{editing ? 'News aktualisieren' : 'News erstellen'}</SaveButton>
        <PreviewButton entity="news" id={editing?.id ?? null} values={() => values} />
        {editing && (
          <button type="button" className="btn btn-outline" onClick={() => void cancel()}>
            {ADMIN_TEXTS.cancel}
          </button>
        )}
      </div>
    </form>
  );
}

export default function NewsManager() {
  const { saved, failed } = useSaveToasts();
  const { data: list, loading, failed: loadFailed, reload } = useLoader(
    () => callAction(() => actions.admin.news.list({})),
    (message) => failed(T.loadError, message),
  );
  useLiveReload(['news'], () => void reload());
  const [editing, setEditing] = useState<NewsEntry | null>(null);
  const savedRows = useSavedRows<NewsEntry>();
  const { busy, during } = useBusyRows<string>();
  const [formDirty, setFormDirty] = useState(false);
  // the deleted news and its revision in the trash, which 'Rückgängig' puts back
  const [undo, setUndo] = useState<{ row: NewsListEntry; trash: number } | null>(null);
  const undoTimer = useRef<number | undefined>(undefined);
  const formCard = useRef<HTMLElement>(null);
  // the article last asked for with 'Bearbeiten': a slower answer for one clicked before opens nothing
  const editAsked = useRef<string | null>(null);
  const rows = useShownInSteps(list);

  useEffect(() => () => window.clearTimeout(undoTimer.current), []);

  const edit = async (item: NewsListEntry) => {
    if (!(await confirmLeave(null, formDirty))) return;
    // the list has no texts (a big club's were 40 MB): the news as stored now, with the version it is at
    editAsked.current = item.id;
    const result = await during(item.id, () => callAction(() => actions.admin.news.get({ id: item.id })));
    if (editAsked.current !== item.id) return;
    editAsked.current = null;
    if (!result.ok) return failed(T.loadError, result.message);
    // typed into the form while the article loaded: asked again, as at the click ('Weiter bearbeiten' keeps it, 'Verwerfen' forgets it and its draft)
    if (!(await confirmLeave(null))) return;
    if (editAsked.current !== null) return;
    // as saved here, also before the stored version reached this answer (savedRows.ts)
    setEditing(savedRows.fresh(result.data));
    formCard.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    window.setTimeout(() => document.getElementById('news-title')?.focus(), 0);
  };

  const toggle = async (item: NewsListEntry) => {
    const result = await during(item.id, () => callAction(() => actions.admin.news.setPublished({ id: item.id, published: !item.published })));
    if (!result.ok) return failed(T.error, result.message);
    const { row, ...publication } = result.data;
    saved(row.published ? T.toastPublished : T.toastHidden, publication);
    void reload();
  };

  const remove = async (item: NewsListEntry) => {
    const focus = focusAfterRemoval();
    const result = await during(item.id, () => callAction(() => actions.admin.news.remove({ id: item.id })));
    if (!result.ok) return failed(T.deleteError, result.message);
    const { row, trash, ...publication } = result.data;
    saved(T.deleted, publication);
    if (editing?.id === item.id) setEditing(null);
    window.clearTimeout(undoTimer.current);
    setUndo(trash === null ? null : { row, trash });
    undoTimer.current = window.setTimeout(() => setUndo(null), UNDO_MS);
    await reload();
    focus.moveFocus();
  };

  // the bar stays, its button busy, until the answer: a refused undo can be tried again while it is offered.
  // Another delete meanwhile brings its own bar (and timer): the answer touches only its own.
  const [undoing, setUndoing] = useState<number | null>(null);
  const offered = useRef(undo);
  offered.current = undo;
  const restore = async () => {
    if (!undo || undoing === undo.trash) return;
    const { row, trash } = undo;
    window.clearTimeout(undoTimer.current);
    setUndoing(trash);
    // the undo is the trash's restore: the row with its id, date and author, as it was
    const result = await callAction(() => actions.admin.revisions.untrash({ revision: trash }));
    setUndoing((busy) => (busy === trash ? null : busy));
    if (!result.ok) {
      if (offered.current?.trash === trash) undoTimer.current = window.setTimeout(() => setUndo(null), UNDO_MS);
      return failed(T.error, result.message);
    }
    setUndo((shown) => (shown?.trash === trash ? null : shown));
    const { entity: _entity, id: _id, ...publication } = result.data;
    saved(T.restored, publication);
    await reload();
    // 'Rückgängig' went with its bar: the keyboard's focus goes to the article put back
    focusWhenShown(() => document.querySelector<HTMLElement>(`.news-item[data-id="${CSS.escape(row.id)}"] button`));
  };

  return (
    <>
      <section className="admin-card" ref={formCard}>
        <h2>{editing ? T.editTitle : T.createTitle}</h2>
        <NewsForm
          key={editing?.id ?? 'new'}
          editing={editing}
          onDirtyChange={setFormDirty}
          onDone={(done) => {
            if (done) savedRows.note(done);
            // a save that ended after the admin opened another article leaves that one open
            const savedId = (done?.row as { id?: string } | undefined)?.id;
            setEditing((open) => (savedId && open && open.id !== savedId ? open : null));
            void reload();
          }}
        />
      </section>
      <section className="admin-card" aria-labelledby="news-list-heading">
        <h2 id="news-list-heading">
          {T.listTitle} {list ? `(${list.length})` : ''}
        </h2>
        {undo && (
          <div className="news-undo" role="status">
            <span style={wrapStyle}>„{undo.row.title}“ gelöscht.</span>
            <button type="button" className="btn btn-outline btn-small" {...refusedWhile(undoing === undo.trash)} onClick={() => void restore()}>
              {T.undo}
            </button>
          </div>
        )}
        {loading && <p className="empty">{KIT_TEXTS.loading}</p>}
        {loadFailed && <p className="empty">{T.loadError}</p>}
        {list && list.length === 0 && <p className="empty">{T.empty}</p>}
        {list && list.length > 0 && (
          <ul className="admin-list news-list">
            {rows.shown.map((item) => (
              <li key={item.id} className="admin-card news-item" data-id={item.id}>
                <div className="news-item-head">
                  <strong className="news-item-title" style={wrapStyle}>
                    {item.title}
                  </strong>
                  <NewsBadge item={item} />
                </div>
                <NewsSchedule item={item} />
                <small className="hint">Erstellt am {formatDate(item.created_at)}</small>
                <div className="admin-actions">
                  {/* each names its article: a screen reader's list of buttons can tell them apart */}
                  <button
                    type="button"
                    className="btn btn-outline btn-small"
                    aria-label={`${item.published ? T.hide : T.publish}: ${item.title}`}
                    {...refusedWhile(busy.has(item.id))}
                    onClick={() => void toggle(item)}
                  >
                    {item.published ? T.hide : T.publish}
                  </button>
                  <button type="button" className="btn btn-outline btn-small" aria-label={`Bearbeiten: ${item.title}`} {...refusedWhile(busy.has(item.id))} onClick={() => void edit(item)}>
                    Bearbeiten
                  </button>
                  <HistoryButton entity="news" id={item.id} title={item.title} onRestored={() => void reload()} />
                  <button type="button" className="btn btn-danger btn-small" aria-label={`Löschen: ${item.title}`} {...refusedWhile(busy.has(item.id))} onClick={() => void remove(item)}>
                    Löschen
                  </button>
                </div>
              </li>
            ))}
            <MoreRows {...rows} />
          </ul>
        )}
      </section>
    </>
  );
}
