// Privacy policy manager (admin-area.md §2 Datenschutz, §8): an HTML text area
// (at least 500 px high), save, and a preview that shows the HTML exactly as
// /datenschutz will (sanitised on the server by the page's own sanitiser), or
// 'Keine Vorschau verfügbar' when empty. Without a stored text the editor
// starts from the built-in German policy.
import { actions } from 'astro:actions';
import { useEffect, useState, type FormEvent } from 'react';
import { PRIVACY_TEXTS as T } from '../../lib/schemas/pageContent';
import { ChangedElsewhereNotice, useChangedElsewhere } from './changedElsewhere';
import { callAction, useSaveToasts } from './contentKit';
import { useLiveReload } from './live';
import { SaveButton, useUnsavedChangesWarning } from './ui';

export default function PrivacyManager() {
  const { saved, failed } = useSaveToasts();
  const [content, setContent] = useState('');
  const [baseline, setBaseline] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  // the stored text's version the editor holds: its save is refused once another admin saved (decision 032)
  const [revision, setRevision] = useState(0);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [showPreview, setShowPreview] = useState(false);
  const [preview, setPreview] = useState<{ html: string; pending: boolean; failed: boolean }>({ html: '', pending: false, failed: false });
  const dirty = content !== baseline;
  useUnsavedChangesWarning(dirty);
  const elsewhere = useChangedElsewhere(baseline, dirty);

  const load = async (force = false) => {
    const result = await callAction(() => actions.admin.privacy.load({}));
    setLoading(false);
    if (!result.ok) {
      failed(T.loadError, result.message);
      return;
    }
    if (result.data.loadFailed) failed(T.loadError, T.loadErrorText);
    // someone else saved while this admin is editing: keep the edits, say so (changedElsewhere.tsx)
    if (!force && elsewhere.keepsEdits(result.data.content)) return;
    setContent(result.data.content);
    setBaseline(result.data.content);
    setIsDefault(result.data.isDefault);
    setRevision(result.data.revision);
    elsewhere.clear();
  };

  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useLiveReload(['page_content'], () => void load());

  // the preview follows the text, a moment after typing stops
  useEffect(() => {
    if (!showPreview) return;
    if (!content.trim()) {
      setPreview({ html: '', pending: false, failed: false });
      return;
    }
    setPreview((p) => ({ ...p, pending: true }));
    let cancelled = false;
    const timer = window.setTimeout(async () => {
      const result = await callAction(() => actions.admin.privacy.preview({ content }));
      if (cancelled) return;
      setPreview(result.ok ? { html: result.data.html, pending: false, failed: false } : { html: '', pending: false, failed: true });
    }, 300);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [content, showPreview]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const sent = content;
    const result = await callAction(() => actions.admin.privacy.save({ content: sent, base_revision: revision }));
    setSaving(false);
    if (!result.ok) {
      failed(T.saveError, result.message);
      return;
    }
    const { id: _id, updated_at: _updated, revision: savedAt, ...publication } = result.data;
    setRevision(savedAt);
    setBaseline(sent);
    setIsDefault(false);
    elsewhere.clear();
    saved(T.savedTitle, publication, T.savedText);
  };

  return (
    <section className="admin-card privacy-manager" aria-labelledby="privacy-heading">
      <h2 id="privacy-heading">{T.heading}</h2>
      <p className="hint" style={{ marginTop: 0 }}>{T.intro}</p>
      <ChangedElsewhereNotice shown={elsewhere.changed} dirty={dirty} onReload={() => void load(true)} />
      <form className="admin-form" noValidate onSubmit={(e) => void submit(e)} aria-label={T.heading}>
        <label className="admin-field" htmlFor="privacy-content">
          <span>
            {T.label} {isDefault && <span className="badge">{T.defaultBadge}</span>}
          </span>
          <textarea
            id="privacy-content"
            name="content"
            value={content}
            disabled={loading}
            onChange={(e) => setContent(e.target.value)}
            spellCheck
            style={{ minHeight: 500, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.9rem', resize: 'vertical' }}
          />
        </label>
        <div className="admin-actions">
          <SaveButton saving={saving} disabled={loading} />
          <button type="button" className="btn btn-outline" aria-pressed={showPreview} onClick={() => setShowPreview((v) => !v)}>
            {showPreview ? T.hidePreview : T.showPreview}
          </button>
        </div>
      </form>
      {showPreview && (
        <section className="privacy-preview-wrap" aria-labelledby="privacy-preview-heading" style={{ marginTop: '1rem', borderTop: '1px solid var(--grey-200)', paddingTop: '0.75rem' }}>
          <h3 id="privacy-preview-heading" style={{ marginTop: 0 }}>{T.previewHeading}</h3>
          {!content.trim() ? (
            <p className="empty privacy-no-preview">{T.noPreview}</p>
          ) : preview.failed ? (
            <p className="empty privacy-no-preview">{T.noPreview}</p>
          ) : (
            <div
              className="prose privacy-preview"
              aria-busy={preview.pending}
              style={{ overflowWrap: 'anywhere' }}
              // sanitised on the server with the public page's allow-list
              dangerouslySetInnerHTML={{ __html: preview.html }}
            />
          )}
        </section>
      )}
    </section>
  );
}
