// Club history editor (admin-area.md §2 Vereinsgeschichte): title, content,
// meta title and meta description (counter and the hint 'max. 160 Zeichen',
// not enforced). Paragraphs are separated by blank lines. Save is disabled
// without title or content, and while saving. The text is the page_content row
// page_key vereinsgeschichte, section_key main_content.
import { actions } from 'astro:actions';
import { useEffect, useState, type FormEvent } from 'react';
import { paragraphs } from '../../lib/text';
import type { PageContentEntry } from '../../lib/schemas/pageContent';
import { FieldError, KIT_TEXTS, callAction, useFormState, useSaveToasts } from './contentKit';
import { ChangedElsewhereNotice, useChangedElsewhere } from './changedElsewhere';
import { useLiveReload } from './live';
import { HistoryButton } from './HistoryButton';
import { useFormConcurrency } from './MergeDialog';
import { SaveButton } from './ui';

const PAGE = 'vereinsgeschichte';
const SECTION = 'main_content';
const META_GUIDE = 160;

const T = {
  heading: 'Vereinsgeschichte',
  title: 'Titel *',
  content: 'Inhalt *',
  contentHint: 'Absätze durch eine Leerzeile trennen. Beginnt ein Absatz mit einer Zeile wie „Die Gründung“, wird sie zur Zwischenüberschrift.',
  metaTitle: 'Meta-Titel',
  metaDescription: 'Meta-Beschreibung',
  metaHint: 'max. 160 Zeichen',
  paragraphsCount: (n: number) => `${n} ${n === 1 ? 'Absatz' : 'Absätze'}`,
  created: 'Inhalt erstellt!',
  updated: 'Inhalt aktualisiert!',
  error: 'Fehler',
  loadError: 'Fehler beim Laden',
} as const;

type FormValues = { title: string; content: string; meta_title: string; meta_description: string };
const toForm = (entry: PageContentEntry | null): FormValues => ({
  title: entry?.title ?? '',
  content: entry?.content ?? '',
  meta_title: entry?.meta_title ?? '',
  meta_description: entry?.meta_description ?? '',
});

export default function HistoryManager() {
  const { saved, failed } = useSaveToasts();
  const form = useFormState<FormValues>(toForm(null), { draft: { entity: 'page_content', id: 'vereinsgeschichte' } });
  const { values, bind, errors, setErrors, reset, settle, dirty, safety } = form;
  const [entry, setEntry] = useState<PageContentEntry | null>(null);
  // two admins on the club's history: the second save is refused and compared (decision 032)
  const concurrency = useFormConcurrency(form, entry ? { entity: 'page_content', id: entry.id } : null);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const elsewhere = useChangedElsewhere(form.baseline, dirty);

  const load = async (force = false) => {
    const result = await callAction(() => actions.admin.pageContent.list({ page_key: PAGE }));
    setLoading(false);
    if (!result.ok) {
      failed(T.loadError, result.message);
      return;
    }
    const found = result.data.find((r) => r.section_key === SECTION) ?? null;
    // someone else saved while this admin is editing: keep the edits, say so (changedElsewhere.tsx)
    if (!force && elsewhere.keepsEdits(toForm(found))) return;
    setEntry(found);
    reset(toForm(found));
    elsewhere.clear();
    // the revision read with the text: asking afterwards would take a newer one for these values (decision 032)
    safety.setRevision(found?.revision ?? null);
  };
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useLiveReload(['page_content'], () => void load());

  const incomplete = !values.title.trim() || !values.content.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || incomplete) return;
    setSaving(true);
    // saving always shows the text: the page reads only the active entry
    const fields = { ...values, is_active: true };
    const base = safety.revision !== null ? { base_revision: safety.revision } : {};
    const result = entry
      ? await callAction(() => actions.admin.pageContent.update({ id: entry.id, ...fields, ...base }))
      : await callAction(() =>
          // the form saw no text yet: another admin's first save since refuses this one (version 0, decision 032)
          actions.admin.pageContent.create({ page_key: PAGE, section_key: SECTION, display_order: 0, ...fields, base_revision: 0 }),
        );
    setSaving(false);
    if (!result.ok) {
      setErrors(result.fields);
      if (result.code === 'CONFLICT') concurrency.refused(result.message);
      failed(T.error, result.message);
      return;
    }
    const { row, revision, ...publication } = result.data;
    concurrency.saved(revision);
    setEntry(row);
    settle(values, toForm(row));
    elsewhere.clear();
    saved(entry ? T.updated : T.created, publication);
  };

  const count = values.meta_description.length;
  return (
    <section className="admin-card history-manager" aria-labelledby="history-heading">
      <h2 id="history-heading">{T.heading}</h2>
      <ChangedElsewhereNotice shown={elsewhere.changed} dirty={dirty} onReload={() => void load(true)} />
      {loading ? (
        <p className="empty">{KIT_TEXTS.loading}</p>
      ) : (
        <form className="admin-form" noValidate onSubmit={(e) => void submit(e)} aria-label={T.heading}>
          <label className="admin-field" htmlFor="history-title">
            <span>{T.title}</span>
            <input id="history-title" name="title" {...bind('title')} />
            <FieldError message={errors.title} />
          </label>
          <label className="admin-field" htmlFor="history-content">
            <span>{T.content}</span>
            <textarea id="history-content" name="content" rows={16} {...bind('content')} />
            <small className="hint">
              {T.contentHint} · {T.paragraphsCount(paragraphs(values.content).length)}
            </small>
            <FieldError message={errors.content} />
          </label>
          <label className="admin-field" htmlFor="history-meta-title">
            <span>{T.metaTitle}</span>
            <input id="history-meta-title" name="meta_title" {...bind('meta_title')} />
            <FieldError message={errors.meta_title} />
          </label>
          <label className="admin-field" htmlFor="history-meta-description">
            <span>{T.metaDescription}</span>
            <textarea id="history-meta-description" name="meta_description" rows={3} {...bind('meta_description')} />
            <small className="hint meta-counter" style={count > META_GUIDE ? { color: 'var(--danger)' } : undefined}>
              {count}/{META_GUIDE} · {T.metaHint}
            </small>
            <FieldError message={errors.meta_description} />
          </label>
          <div className="admin-actions">
            <SaveButton saving={saving} disabled={incomplete} />
            {entry && <HistoryButton entity="page_content" id={entry.id} title={T.heading} onRestored={() => void load(true)} />}
          </div>
        </form>
      )}
    </section>
  );
}
