// Social links manager (admin-area.md §2 Social, §8): one card per platform
// (facebook, instagram, whatsapp, tiktok) with a URL field and a visible/hidden
// checkbox, one save button for all, and a notes card. The footer of every page
// shows the visible links.
import { actions } from 'astro:actions';
import { useEffect, useState, type FormEvent } from 'react';
import { SOCIAL_TEXTS as T, socialLinksSchema, type SocialLinkEntry } from '../../lib/schemas/pageContent';
import { FieldError, KIT_TEXTS, callAction, useSaveToasts, validateWith } from './contentKit';
import { ChangedElsewhereNotice, useChangedElsewhere } from './changedElsewhere';
import { useLiveReload } from './live';
import { SaveButton, useUnsavedChangesWarning } from './ui';

type Link = { platform: string; label: string; url: string; is_active: boolean };
const toLinks = (entries: SocialLinkEntry[]): Link[] =>
  entries.map((e) => ({ platform: e.platform, label: e.label, url: e.url, is_active: e.is_active }));

export default function SocialManager() {
  const { saved, failed } = useSaveToasts();
  const [links, setLinks] = useState<Link[] | null>(null);
  const [baseline, setBaseline] = useState<Link[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [merged, setMerged] = useState(false);
  const dirty = JSON.stringify(links) !== JSON.stringify(baseline);
  useUnsavedChangesWarning(dirty);
  const elsewhere = useChangedElsewhere(baseline, dirty);

  const load = async (force = false) => {
    const result = await callAction(() => actions.admin.social.load({}));
    if (!result.ok) {
      failed(T.loadError, result.message);
      return;
    }
    const next = toLinks(result.data);
    // someone else saved while this admin is editing: keep the edits, say so (changedElsewhere.tsx)
    if (!force && elsewhere.keepsEdits(next)) return;
    setLinks(next);
    setBaseline(next);
    elsewhere.clear();
    setMerged(false);
  };

  /** A save refused for another admin's change: theirs fill the links not changed here, which stay; the next save goes over theirs. */
  const mergeStored = async () => {
    const result = await callAction(() => actions.admin.social.load({}));
    if (!result.ok || !links || !baseline) return;
    const stored = toLinks(result.data);
    const mine = (link: Link) => {
      const before = baseline.find((b) => b.platform === link.platform);
      return links.find((l) => l.platform === link.platform && JSON.stringify(l) !== JSON.stringify(before));
    };
    setLinks(stored.map((link) => mine(link) ?? link));
    setBaseline(stored);
    elsewhere.clear();
    setMerged(true);
  };
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useLiveReload(['page_content'], () => void load());

  const update = (index: number, patch: Partial<Link>) => {
    setLinks((list) => list && list.map((l, i) => (i === index ? { ...l, ...patch } : l)));
    setErrors((e) => {
      const { [`links.${index}.url`]: _dropped, ...rest } = e;
      return rest;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!links || saving) return;
    const values = (list: Link[]) => list.map(({ platform, url, is_active }) => ({ platform, url, is_active }));
    const input = { links: values(links) };
    const checked = validateWith(socialLinksSchema, input);
    if (!checked.ok) {
      setErrors(checked.fields);
      failed(T.saveError, checked.message);
      return;
    }
    setSaving(true);
    const result = await callAction(() => actions.admin.social.save({ ...input, read: baseline ? values(baseline) : undefined }));
    if (!result.ok) {
      failed(T.saveError, result.message);
      // busy until the stored links are merged in: a save sent before would still name the old ones
      if (result.code === 'CONFLICT') await mergeStored();
      setSaving(false);
      return;
    }
    setSaving(false);
    const { links: stored, ...publication } = result.data;
    const next = toLinks(stored);
    // what was typed while the save went out stays (and keeps the form unsaved): a link shown otherwise than sent
    const sent = links;
    const same = (a: Link | undefined, b: Link | undefined) => a?.url === b?.url && a?.is_active === b?.is_active;
    setLinks((shown) =>
      next.map((link) => {
        const now = shown?.find((l) => l.platform === link.platform);
        return now && !same(now, sent.find((l) => l.platform === link.platform)) ? now : link;
      }),
    );
    setBaseline(next);
    elsewhere.clear();
    setMerged(false);
    saved(T.savedTitle, publication, T.savedText);
  };

  return (
    <>
      <section className="admin-card" aria-labelledby="social-heading">
        <h2 id="social-heading">{T.heading}</h2>
        <ChangedElsewhereNotice shown={elsewhere.changed} dirty={dirty} onReload={() => void load(true)} />
        {merged && (
          <p className="notice" role="status">
            {T.merged}
          </p>
        )}
        {!links ? (
          <p className="empty">{KIT_TEXTS.loading}</p>
        ) : (
          <form className="admin-form" noValidate onSubmit={(e) => void submit(e)} aria-label={T.heading}>
            <div style={{ display: 'grid', gap: '0.75rem', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))' }}>
              {links.map((link, index) => (
                <fieldset
                  key={link.platform}
                  className="admin-card social-card"
                  data-platform={link.platform}
                  style={{ boxShadow: 'none', border: '1px solid var(--grey-200)', margin: 0, display: 'grid', gap: '0.5rem', minWidth: 0 }}
                >
                  <legend style={{ fontWeight: 700, padding: '0 0.25rem' }}>{link.label}</legend>
                  <label className="admin-field" htmlFor={`social-${link.platform}`}>
                    <span>
                      {link.label} {T.url}
                    </span>
                    <input
                      id={`social-${link.platform}`}
                      name={`${link.platform}_url`}
                      type="url"
                      inputMode="url"
                      placeholder="https://…"
                      value={link.url}
                      aria-invalid={errors[`links.${index}.url`] ? true : undefined}
                      onChange={(e) => update(index, { url: e.target.value })}
                    />
                    <FieldError message={errors[`links.${index}.url`]} />
                  </label>
                  <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', minHeight: 44 }}>
                    <input type="checkbox" name={`${link.platform}_visible`} checked={link.is_active} onChange={(e) => update(index, { is_active: e.target.checked })} />
                    <span className={link.is_active ? 'badge badge-blue' : 'badge'}>{link.is_active ? T.visible : T.hidden}</span>
                  </label>
                </fieldset>
              ))}
            </div>
            <div>
              <SaveButton saving={saving}>{T.save}</SaveButton>
            </div>
          </form>
        )}
      </section>
      <section className="admin-card social-notes" aria-labelledby="social-notes-heading">
        <h2 id="social-notes-heading">{T.notesHeading}</h2>
        <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
          {T.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
