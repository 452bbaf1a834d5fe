// The generic page-content editor (admin-area.md §2: "a generic modal edits
// page-content entries"): create and edit one page_content row. Page editors
// (Startseite blocks, imprint, membership) pass the page_key and the fields they
// show; the general editor lets the admin choose page_key and section_key.
import { actions } from 'astro:actions';
import { useEffect, useState, type FormEvent } from 'react';
import {
  PAGE_CONTENT_TEXTS,
  PAGE_KEYS,
  pageContentSchema,
  pageContentUpdateSchema,
  type PageContentEntry,
} from '../../lib/schemas/pageContent';
import { FieldError, ImageField, callAction, useFormState, useSaveToasts, type Publication } from './contentKit';
import { DialogButtons, EditDialog } from './editDialog';
import { HistoryButton } from './HistoryButton';
import { useFormConcurrency } from './MergeDialog';
import PreviewButton from './PreviewButton';
import { useSavedRows } from './savedRows';
import { confirmAction } from './ui';
import { focusAfterRemoval } from './focusAfterRemoval';

export type PageContentField =
  | 'page_key'
  | 'section_key'
  | 'title'
  | 'subtitle'
  | 'content'
  | 'image_url'
  | 'button_text'
  | 'button_link'
  | 'display_order'
  | 'is_active'
  | 'meta_title'
  | 'meta_description';

export const PAGE_CONTENT_LABELS: Record<PageContentField, string> = {
  page_key: 'Seite (page_key) *',
  section_key: 'Abschnitt (section_key) *',
  title: 'Titel',
  subtitle: 'Untertitel',
  content: 'Inhalt',
  image_url: 'Bild',
  button_text: 'Button-Text',
  button_link: 'Button-Link',
  display_order: 'Reihenfolge',
  is_active: 'Aktiv (auf der Website sichtbar)',
  meta_title: 'Meta-Titel',
  meta_description: 'Meta-Beschreibung',
};

const ALL_FIELDS: PageContentField[] = [
  'page_key',
  'section_key',
  'title',
  'subtitle',
  'content',
  'image_url',
  'button_text',
  'button_link',
  'display_order',
  'is_active',
  'meta_title',
  'meta_description',
];

type FormValues = {
  page_key: string;
  section_key: string;
  title: string;
  subtitle: string;
  content: string;
  image_url: string;
  button_text: string;
  button_link: string;
  display_order: string;
  is_active: boolean;
  meta_title: string;
  meta_description: string;
};

const EMPTY: FormValues = {
  page_key: '',
  section_key: '',
  title: '',
  subtitle: '',
  content: '',
  image_url: '',
  button_text: '',
  button_link: '',
  display_order: '0',
  is_active: true,
  meta_title: '',
  meta_description: '',
};

function toForm(entry: PageContentEntry | null, defaults: Partial<FormValues> | undefined): FormValues {
  if (!entry) return { ...EMPTY, ...defaults };
  return {
    page_key: entry.page_key,
    section_key: entry.section_key,
    title: entry.title ?? '',
    subtitle: entry.subtitle ?? '',
    content: entry.content ?? '',
    image_url: entry.image_url ?? '',
    button_text: entry.button_text ?? '',
    button_link: entry.button_link ?? '',
    display_order: String(entry.display_order),
    is_active: entry.is_active,
    meta_title: entry.meta_title ?? '',
    meta_description: entry.meta_description ?? '',
  };
}

export type PageContentModalProps = {
  open: boolean;
  /** the entry to edit; null creates a new one */
  entry: PageContentEntry | null;
  onClose: () => void;
  onSaved?: (row: PageContentEntry, mode: 'created' | 'updated', publication: Publication) => void;
  /** what a new entry starts with, e.g. { page_key: 'startseite', section_key: `block_${Date.now()}` } */
  defaults?: Partial<FormValues>;
  /** the fields shown, in this order (default: all); fields not shown keep their value */
  fields?: PageContentField[];
  labels?: Partial<Record<PageContentField, string>>;
  /** dialog titles for create and edit mode */
  titles?: { create?: string; edit?: string };
  /** toast titles, for editors whose spec wording differs ('Inhalt erfolgreich erstellt!') */
  texts?: { created?: string; updated?: string; error?: string };
  /** the image field's upload folder */
  imageFolder?: string;
};

/** One page_content entry in a dialog: create mode without `entry`, edit mode with it. */
export default function PageContentModal({
  open,
  entry,
  onClose,
  onSaved,
  defaults,
  fields = ALL_FIELDS,
  labels,
  titles,
  texts,
  imageFolder,
}: PageContentModalProps) {
  // a draft only while open: the same dialog edits one entry after another
  // the entry's revision from the list it was read with: the base of its save (decision 032)
  const draft = open ? { entity: 'page_content', id: entry?.id ?? null, slot: defaults?.page_key, revision: entry?.revision } : null;
  const form = useFormState<FormValues>(toForm(entry, defaults), { draft });
  const [saving, setSaving] = useState(false);
  const { saved, failed } = useSaveToasts();
  const { values, set, bind, errors, setErrors, reset, dirty, safety } = form;
  // two admins on one page's text: the second save is refused and compared, not silently the last word (decision 032)
  const concurrency = useFormConcurrency(form, open && entry ? { entity: 'page_content', id: entry.id } : null);

  // the form starts over when the dialog opens or turns to another entry; a
  // reload of the same entry while it is open must not wipe the admin's edits
  const entryId = entry?.id ?? null;
  // an entry saved here opens as saved while the list's copy is older (savedRows.ts), and with the revision of
  // what it shows: the dialog stays mounted, and the revision of its last save would otherwise go with older
  // values (the save taken, the first one's changes undone) or with newer ones (refused, naming the other admin)
  const savedRows = useSavedRows<PageContentEntry>();
  const { setRevision } = safety;
  useEffect(() => {
    if (!open) return;
    const shown = entry && savedRows.fresh(entry);
    reset(toForm(shown, defaults));
    setRevision(shown?.revision ?? null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, entryId, reset]);

  const label = (key: PageContentField) => labels?.[key] ?? PAGE_CONTENT_LABELS[key];
  const shown = new Set(fields);
  const errorTitle = texts?.error ?? PAGE_CONTENT_TEXTS.error;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const sent: Record<string, unknown> = {};
    for (const key of ALL_FIELDS) if (shown.has(key) || !entry) sent[key] = values[key];
    const checked = entry
      ? pageContentUpdateSchema.safeParse({ id: entry.id, ...sent })
      : pageContentSchema.safeParse(sent);
    if (!checked.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of checked.error.issues) fieldErrors[issue.path.join('.')] ??= issue.message;
      setErrors(fieldErrors);
      failed(errorTitle, [...new Set(Object.values(fieldErrors))].join(' '));
      return;
    }
    setSaving(true);
    const base = safety.revision !== null ? { base_revision: safety.revision } : {};
    const result = entry
      ? await callAction(() => actions.admin.pageContent.update({ id: entry.id, ...(sent as object), ...base }))
      : // the list showed no entry of this section: one saved since refuses the create (version 0, decision 032)
        await callAction(() => actions.admin.pageContent.create({ ...(sent as Parameters<typeof actions.admin.pageContent.create>[0]), base_revision: 0 }));
    setSaving(false);
    if (!result.ok) {
      setErrors(result.fields);
      if (result.code === 'CONFLICT') concurrency.refused(result.message);
      failed(errorTitle, result.message);
      return;
    }
    const { row, revision, ...publication } = result.data;
    savedRows.note({ row, revision });
    concurrency.saved(revision);
    saved(entry ? (texts?.updated ?? PAGE_CONTENT_TEXTS.updated) : (texts?.created ?? PAGE_CONTENT_TEXTS.created), publication);
    reset(toForm(row, undefined));
    onSaved?.(row, entry ? 'updated' : 'created', publication);
    onClose();
  };

  const text = (key: Exclude<PageContentField, 'is_active' | 'image_url' | 'content' | 'meta_description'>, extra?: Record<string, unknown>) =>
    shown.has(key) && (
      <label className="admin-field" key={key}>
        <span>{label(key)}</span>
        <input name={key} {...bind(key)} {...extra} />
        <FieldError message={errors[key]} />
      </label>
    );

  return (
    <EditDialog
      open={open}
      dirty={dirty}
      onClose={onClose}
      wide
      title={entry ? (titles?.edit ?? 'Seiteninhalt bearbeiten') : (titles?.create ?? 'Neuer Seiteninhalt')}
    >
      <form className="admin-form page-content-form" noValidate onSubmit={(e) => void submit(e)}>
        {(shown.has('page_key') || shown.has('section_key')) && (
          <div className="row">
            {text('page_key', { list: 'page-content-keys', autoComplete: 'off' })}
            {text('section_key', { autoComplete: 'off' })}
            <datalist id="page-content-keys">
              {PAGE_KEYS.map((k) => (
                <option key={k} value={k} />
              ))}
            </datalist>
          </div>
        )}
        {text('title')}
        {text('subtitle')}
        {shown.has('content') && (
          <label className="admin-field">
            <span>{label('content')}</span>
            <textarea name="content" rows={8} {...bind('content')} />
            <FieldError message={errors.content} />
          </label>
        )}
        {shown.has('image_url') && (
          <ImageField
            name="image_url"
            label={label('image_url')}
            value={values.image_url}
            onChange={(url) => set('image_url', url)}
            error={errors.image_url}
            folder={imageFolder}
          />
        )}
        {(shown.has('button_text') || shown.has('button_link')) && (
          <div className="row">
            {text('button_text')}
            {text('button_link', { inputMode: 'url' })}
          </div>
        )}
        {text('meta_title')}
        {shown.has('meta_description') && (
          <label className="admin-field">
            <span>{label('meta_description')}</span>
            <textarea name="meta_description" rows={3} {...bind('meta_description')} />
            <small className="hint">{values.meta_description.length}/160 · max. 160 Zeichen</small>
            <FieldError message={errors.meta_description} />
          </label>
        )}
        {(shown.has('display_order') || shown.has('is_active')) && (
          <div className="row" style={{ alignItems: 'end' }}>
            {text('display_order', { inputMode: 'numeric' })}
            {shown.has('is_active') && (
              <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', minHeight: 44 }}>
                <input type="checkbox" name="is_active" checked={values.is_active} onChange={(e) => set('is_active', e.target.checked)} />
                {label('is_active')}
              </label>
            )}
          </div>
        )}
        {entry && <PreviewButton entity="page_content" id={entry.id} values={() => values} />}
        {entry && <HistoryButton entity="page_content" id={entry.id} title={entry.title ?? entry.section_key} onRestored={onClose} />}
        <DialogButtons saving={saving} dirty={dirty} onCancel={onClose} />
      </form>
    </EditDialog>
  );
}

/**
 * Deleting a page_content entry after asking, then reloading the list: resolves true when it is gone.
 * Toasts 'Seiteninhalt gelöscht!' (or the editor's own wording); the keyboard's focus goes on to the next
 * row's button (decision 072).
 */
export function useDeletePageContent(texts?: { deleted?: string; error?: string; confirm?: string }) {
  const { saved, failed } = useSaveToasts();
  return async (entry: Pick<PageContentEntry, 'id'>, reload: () => Promise<unknown>): Promise<void> => {
    if (!confirmAction(texts?.confirm ?? PAGE_CONTENT_TEXTS.confirmDelete)) return;
    const focus = focusAfterRemoval();
    const result = await callAction(() => actions.admin.pageContent.remove({ id: entry.id }));
    if (!result.ok) {
      failed(texts?.error ?? PAGE_CONTENT_TEXTS.deleteError, result.message);
      return;
    }
    const { row: _row, ...publication } = result.data;
    saved(texts?.deleted ?? PAGE_CONTENT_TEXTS.deleted, publication);
    await reload();
    focus.moveFocus();
  };
}
