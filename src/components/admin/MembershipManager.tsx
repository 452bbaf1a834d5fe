// Membership manager (admin-area.md §2 Mitglied, §4, §8): the texts of
// /mitglied-werden (one entry per section of page 'mitglied', edited in the
// generic page-content dialog), the QR code image, and the inquiry inbox with
// its read/unread toggle and delete; for superadmins, export and erasure of
// everything stored about an e-mail address (InquiryPrivacy).
import { actions } from 'astro:actions';
import { useEffect, useState } from 'react';
import { formatDate } from '../../lib/dates-de';
import { INQUIRY_TEXTS, type InquiryEntry } from '../../lib/schemas/inquiryStatus';
import type { PageContentEntry } from '../../lib/schemas/pageContent';
import PageContentModal, { useDeletePageContent, type PageContentField } from './PageContentModal';
import { ActiveBadge, ImageField, KIT_TEXTS, callAction, useLoader, useSaveToasts, wrapStyle } from './contentKit';
import { useLiveReload } from './live';
import InquiryPrivacy from './InquiryPrivacy';
import type { ManagerProps } from './managers';
import { SaveButton, confirmAction, useUnsavedChangesWarning } from './ui';
import { refusedWhile } from '../ui/refused';
import { focusAfterRemoval } from './focusAfterRemoval';
import { useBusyRows } from './busyRows';

const TEXTS = {
  textsHeading: 'Texte der Seite „Mitglied werden“',
  textsIntro: 'Leere oder inaktive Abschnitte zeigen auf der Website den Standardtext.',
  standard: 'Standardtext',
  // a renamed club has no built-in account: the built-in club's would take its members' fees (decision 055)
  notShown: 'Kein Standardtext für diesen Verein: Die Zeile erscheint erst mit eigenem Eintrag.',
  created: 'Inhalt erstellt!',
  updated: 'Inhalt aktualisiert!',
  deleted: 'Inhalt gelöscht!',
  confirmDelete: 'Diesen Inhalt löschen? Die Website zeigt dann wieder den Standardtext.',
  qrHeading: 'QR Code für die Überweisung',
  qrIntro: 'Ohne eigenes Bild erzeugt die Website einen Überweisungs-QR-Code aus der gespeicherten IBAN.',
  qrLabel: 'QR-Code-Bild',
  qrSave: 'QR Code speichern',
  qrSaved: 'QR Code aktualisiert!',
  error: 'Fehler',
  loadError: 'Fehler beim Laden',
} as const;

type SectionDef = { key: string; label: string; fields: PageContentField[]; multiline?: boolean };
/** The sections /mitglied-werden reads, with the field it shows (header: title; thanks: title and text; others: text). */
const SECTIONS: SectionDef[] = [
  { key: 'header', label: 'Überschrift', fields: ['title', 'is_active'] },
  { key: 'quote', label: 'Zitat', fields: ['content', 'is_active'] },
  { key: 'description', label: 'Beschreibung', fields: ['content', 'is_active'] },
  { key: 'bank_info', label: 'Überweisungshinweis', fields: ['content', 'is_active'] },
  { key: 'iban', label: 'IBAN', fields: ['content', 'is_active'] },
  { key: 'bank', label: 'Bank', fields: ['content', 'is_active'] },
  { key: 'verwendungszweck', label: 'Verwendungszweck', fields: ['content', 'is_active'] },
  { key: 'thanks', label: 'Dankeschön', fields: ['title', 'content', 'is_active'] },
  { key: 'form_title', label: 'Formular-Titel', fields: ['content', 'is_active'] },
  { key: 'form_description', label: 'Formular-Beschreibung', fields: ['content', 'is_active'] },
];

const filled = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

/** The text the public page shows from a stored entry (same rule as /mitglied-werden). */
function shownText(def: SectionDef, entry: PageContentEntry): { title: string | null; content: string | null } {
  if (def.key === 'header') return { title: filled(entry.title) ?? filled(entry.content), content: null };
  if (def.key === 'thanks') return { title: filled(entry.title), content: filled(entry.content) };
  return { title: null, content: filled(entry.content) ?? filled(entry.title) };
}

/** The entry as the dialog edits it: the field the page shows holds the text the page shows. */
function forEditing(def: SectionDef, entry: PageContentEntry): PageContentEntry {
  const shown = shownText(def, entry);
  if (def.key === 'header') return { ...entry, title: shown.title };
  if (def.key === 'thanks') return entry;
  return { ...entry, content: shown.content };
}

type Defaults = Record<string, { title?: string; content?: string }>;

type TextsData = { sections: PageContentEntry[]; defaults: Defaults; inquiryRecipient: string | null };

function MembershipTexts({ data, loading, reload }: { data: TextsData | null; loading: boolean; reload: () => Promise<unknown> }) {
  const [dialog, setDialog] = useState<{ def: SectionDef; entry: PageContentEntry | null; order: number } | null>(null);
  const deleteEntry = useDeletePageContent({ deleted: TEXTS.deleted, confirm: TEXTS.confirmDelete });
  const defaults: Defaults = data?.defaults ?? {};

  return (
    <section className="admin-card" aria-labelledby="membership-texts-heading">
      <h2 id="membership-texts-heading">{TEXTS.textsHeading}</h2>
      <p className="hint" style={{ marginTop: 0 }}>{TEXTS.textsIntro}</p>
      {loading && <p className="empty">{KIT_TEXTS.loading}</p>}
      {data && (
        <ul className="admin-list membership-sections">
          {SECTIONS.map((def, index) => {
            const entry = data.sections.find((s) => s.section_key === def.key) ?? null;
            const stored = entry ? shownText(def, entry) : null;
            const usesDefault = !entry || !entry.is_active;
            const fallback = defaults[def.key] ?? {};
            const title = usesDefault ? (fallback.title ?? null) : (stored?.title ?? fallback.title ?? null);
            const content = usesDefault ? (fallback.content ?? null) : (stored?.content ?? fallback.content ?? null);
            return (
              <li key={def.key} className="admin-card membership-section" data-section={def.key} style={{ boxShadow: 'none', border: '1px solid var(--grey-200)', display: 'grid', gap: '0.4rem' }}>
                <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center', justifyContent: 'space-between' }}>
                  <strong>{def.label}</strong>
                  <span style={{ display: 'flex', gap: '0.35rem' }}>
                    {entry && <ActiveBadge active={entry.is_active} />}
                    {usesDefault && (title || content) && <span className="badge">{TEXTS.standard}</span>}
                  </span>
                </div>
                {title && <span className="section-title" style={{ ...wrapStyle, fontWeight: 600 }}>{title}</span>}
                {content ? <span className="section-content" style={{ ...wrapStyle, whiteSpace: 'pre-line' }}>{content}</span> : !title && <span className="hint section-missing">{TEXTS.notShown}</span>}
                <div className="admin-actions">
                  {/* each row's buttons name their section (decision 072): ten 'Bearbeiten' could not be told apart */}
                  <button type="button" className="btn btn-outline btn-small" aria-label={`Bearbeiten: ${def.label}`} onClick={() => setDialog({ def, entry: entry ? forEditing(def, entry) : null, order: index + 1 })}>
                    Bearbeiten
                  </button>
                  {entry && (
                    <button
                      type="button"
                      className="btn btn-danger btn-small"
                      aria-label={`Löschen: ${def.label}`}
                      onClick={() => void deleteEntry(entry, reload)}
                    >
                      Löschen
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <PageContentModal
        open={dialog !== null}
        entry={dialog?.entry ?? null}
        onClose={() => setDialog(null)}
        onSaved={() => void reload()}
        fields={dialog?.def.fields}
        labels={{ title: dialog?.def.key === 'thanks' ? 'Titel' : 'Text', content: 'Text', is_active: 'Aktiv (sonst Standardtext)' }}
        titles={{ create: dialog ? `${dialog.def.label} bearbeiten` : '', edit: dialog ? `${dialog.def.label} bearbeiten` : '' }}
        texts={{ created: TEXTS.created, updated: TEXTS.updated }}
        defaults={
          dialog
            ? {
                page_key: 'mitglied',
                section_key: dialog.def.key,
                display_order: String(dialog.order),
                title: defaults[dialog.def.key]?.title ?? '',
                content: defaults[dialog.def.key]?.content ?? '',
              }
            : undefined
        }
      />
    </section>
  );
}

function QrCodeCard({ data, reload }: { data: TextsData | null; reload: () => void }) {
  const { saved, failed } = useSaveToasts();
  const storedUrl = data?.sections.find((s) => s.section_key === 'qr_code')?.image_url ?? '';
  const [url, setUrl] = useState('');
  const [baseline, setBaseline] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const dirty = url !== baseline;
  useUnsavedChangesWarning(dirty);

  useEffect(() => {
    // follows the stored value unless the admin has chosen another image: then the base stays
    // what the card showed, so a save over another admin's change is refused, not made unseen
    if (url === baseline) {
      setUrl(storedUrl);
      setBaseline(storedUrl);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storedUrl]);

  const save = async () => {
    if (saving) return;
    setSaving(true);
    // read: the image this card showed; another admin's change since refuses the save (decision 032)
    const result = await callAction(() => actions.admin.membership.saveQrCode({ image_url: url, read: baseline }));
    if (!result.ok) {
      if (result.code === 'CONFLICT') {
        // the image stored now, read after the refusal, becomes the base; the one chosen here stays,
        // and a second save puts it over knowingly. The card stays busy until that read has answered:
        // a second save sent before it would still name the old base and be refused once more.
        const now = await callAction(() => actions.admin.membership.texts({}));
        if (now.ok) setBaseline(now.data.sections.find((s) => s.section_key === 'qr_code')?.image_url ?? '');
        reload();
      }
      setSaving(false);
      failed(TEXTS.error, result.message);
      setError(result.code === 'CONFLICT' ? result.message : result.fields.image_url);
      return;
    }
    setSaving(false);
    const { row, created: _created, ...publication } = result.data;
    setError(undefined);
    setBaseline(row.image_url ?? '');
    setUrl(row.image_url ?? '');
    saved(TEXTS.qrSaved, publication);
  };

  return (
    <section className="admin-card" aria-labelledby="qr-heading">
      <h2 id="qr-heading">{TEXTS.qrHeading}</h2>
      <p className="hint" style={{ marginTop: 0 }}>{TEXTS.qrIntro}</p>
      <form
        className="admin-form qr-form"
        noValidate
        aria-label={TEXTS.qrHeading}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <ImageField name="qr_code" label={TEXTS.qrLabel} value={url} onChange={setUrl} error={error} folder="mitglied/" />
        <div>
          <SaveButton saving={saving}>{TEXTS.qrSave}</SaveButton>
        </div>
      </form>
    </section>
  );
}

function Inquiries({ unannounced }: { unannounced: boolean }) {
  const { saved, failed } = useSaveToasts();
  const { data: list, loading, reload } = useLoader(
    () => callAction(() => actions.admin.inquiries.list({})),
    (message) => failed(INQUIRY_TEXTS.loadError, message),
  );
  useLiveReload(['membership_inquiries'], () => void reload());
  const { busy, during } = useBusyRows<string>();
  const unread = (list ?? []).filter((i) => i.status !== 'read').length;

  const toggle = async (inquiry: InquiryEntry) => {
    const status = inquiry.status === 'read' ? 'unread' : 'read';
    const result = await during(inquiry.id, () => callAction(() => actions.admin.inquiries.setStatus({ id: inquiry.id, status })));
    if (!result.ok) return failed(INQUIRY_TEXTS.error, result.message);
    saved(INQUIRY_TEXTS.statusUpdated);
    void reload();
  };

  const remove = async (inquiry: InquiryEntry) => {
    if (!confirmAction(INQUIRY_TEXTS.confirmDelete)) return;
    const focus = focusAfterRemoval();
    const result = await during(inquiry.id, () => callAction(() => actions.admin.inquiries.remove({ id: inquiry.id })));
    if (!result.ok) return failed(INQUIRY_TEXTS.deleteError, result.message);
    saved(INQUIRY_TEXTS.deleted);
    await reload();
    focus.moveFocus();
  };

  return (
    <section className="admin-card" aria-labelledby="inquiries-heading">
      <h2 id="inquiries-heading">
        {INQUIRY_TEXTS.heading} {list ? `(${unread} ${INQUIRY_TEXTS.unread.toLowerCase()})` : ''}
      </h2>
      {unannounced && <p className="notice no-recipient" role="status">{INQUIRY_TEXTS.noRecipient}</p>}
      {loading && <p className="empty">{KIT_TEXTS.loading}</p>}
      {list && list.length === 0 && <p className="empty">{INQUIRY_TEXTS.empty}</p>}
      {list && list.length > 0 && (
        <ul className="admin-list inquiries">
          {list.map((inquiry) => {
            const read = inquiry.status === 'read';
            return (
              <li
                key={inquiry.id}
                className={`admin-card inquiry ${read ? 'is-read' : 'is-unread'}`}
                style={{ boxShadow: 'none', border: '1px solid var(--grey-200)', borderLeft: read ? undefined : '4px solid var(--blue-800)', display: 'grid', gap: '0.35rem' }}
              >
                <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center', justifyContent: 'space-between' }}>
                  <strong className="inquiry-subject" style={wrapStyle}>{inquiry.betreff}</strong>
                  <span className={read ? 'badge' : 'badge badge-blue'}>{read ? INQUIRY_TEXTS.read : INQUIRY_TEXTS.unread}</span>
                </div>
                <small style={wrapStyle}>
                  <span className="inquiry-name">{inquiry.name}</span> ·{' '}
                  <a href={`mailto:${inquiry.email}`} className="inquiry-email">
                    {inquiry.email}
                  </a>{' '}
                  · <time dateTime={inquiry.created_at}>{formatDate(inquiry.created_at)}</time>
                </small>
                <p className="inquiry-message" style={{ margin: 0, whiteSpace: 'pre-line', ...wrapStyle }}>
                  {inquiry.nachricht}
                </p>
                <div className="admin-actions">
                  <button
                    type="button"
                    className="btn btn-outline btn-small"
                    aria-label={`${read ? INQUIRY_TEXTS.markUnread : INQUIRY_TEXTS.markRead}: ${inquiry.name}`}
                    {...refusedWhile(busy.has(inquiry.id))}
                    onClick={() => void toggle(inquiry)}
                  >
                    {read ? INQUIRY_TEXTS.markUnread : INQUIRY_TEXTS.markRead}
                  </button>
                  <button
                    type="button"
                    className="btn btn-danger btn-small"
                    aria-label={`Löschen: ${inquiry.name}`}
                    {...refusedWhile(busy.has(inquiry.id))}
                    onClick={() => void remove(inquiry)}
                  >
                    Löschen
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export default function MembershipManager({ isSuperAdmin }: Partial<ManagerProps>) {
  const { failed } = useSaveToasts();
  const texts = useLoader(
    () => callAction(() => actions.admin.membership.texts({})),
    (message) => failed(TEXTS.loadError, message),
  );
  // the inquiries' recipient is the footer's e-mail or the club address's
  useLiveReload(['page_content', 'homepage_content', 'contact_info'], () => void texts.reload());
  const data = texts.data as TextsData | null;
  return (
    <>
      <Inquiries unannounced={data !== null && data.inquiryRecipient === null} />
      {isSuperAdmin && <InquiryPrivacy />}
      <MembershipTexts data={data} loading={texts.loading} reload={texts.reload} />
      <QrCodeCard data={data} reload={() => void texts.reload()} />
    </>
  );
}
