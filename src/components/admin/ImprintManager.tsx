// Imprint manager (admin-area.md §2 Impressum): the four fixed sections
// (medieninhaber, vereinsregister, datenschutz, haftungsausschluss), each showing
// the built-in text while nothing is stored, plus extra sections that can be
// active or inactive. Entries are page_content rows of page 'imprint', edited in
// the generic page-content dialog.
import { actions } from 'astro:actions';
import { useState } from 'react';
import type { PageContentEntry } from '../../lib/schemas/pageContent';
import PageContentModal, { useDeletePageContent, type PageContentField } from './PageContentModal';
import { ActiveBadge, KIT_TEXTS, callAction, useLoader, useSaveToasts, wrapStyle } from './contentKit';
import { useLiveReload } from './live';
import { useBusyRows } from './busyRows';
import { refusedWhile } from '../ui/refused';

const TEXTS = {
  fixedHeading: 'Pflichtangaben',
  fixedIntro: 'Diese vier Abschnitte stehen immer im Impressum. Ohne eigenen Text zeigt die Website den Standardtext.',
  extraHeading: 'Weitere Abschnitte',
  extraIntro: 'Aktive Abschnitte erscheinen nach den Pflichtangaben, in der angegebenen Reihenfolge.',
  addExtra: 'Abschnitt hinzufügen',
  standard: 'Standardtext',
  // a renamed club has no built-in register entry: the built-in club's would be false (decision 055)
  notShown: 'Kein Standardtext für diesen Verein: Der Abschnitt erscheint erst mit eigenem Text.',
  // an imprint needs the publisher's address (ECG § 5, MedienG § 25)
  addressMissing: 'Ohne Vereinsadresse unter „Kontakt“ steht hier keine Anschrift: Bitte dort eintragen oder hier einen eigenen Text schreiben.',
  reset: 'Standardtext wiederherstellen',
  confirmReset: 'Den eigenen Text löschen? Die Website zeigt dann wieder den Standardtext.',
  confirmDelete: 'Diesen Abschnitt wirklich löschen?',
  noExtra: 'Noch keine weiteren Abschnitte.',
  activate: 'Aktivieren',
  deactivate: 'Deaktivieren',
  updated: 'Seiteninhalt aktualisiert!',
  error: 'Fehler',
  loadError: 'Fehler beim Laden',
  sectionLabels: {
    medieninhaber: 'Medieninhaber',
    vereinsregister: 'Vereinsregister',
    datenschutz: 'Datenschutz',
    haftungsausschluss: 'Haftungsausschluss',
  } as Record<string, string>,
} as const;

type Fixed = { key: string; title: string; content: string };
type DialogState = { entry: PageContentEntry | null; fields: PageContentField[]; defaults?: Record<string, string>; title: string };

export default function ImprintManager() {
  const { saved, failed } = useSaveToasts();
  const { data, loading, reload } = useLoader(
    () => callAction(() => actions.admin.imprint.load({})),
    (message) => failed(TEXTS.loadError, message),
  );
  useLiveReload(['page_content'], () => void reload());
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const { busy, during } = useBusyRows<string>();
  const resetFixed = useDeletePageContent({ confirm: TEXTS.confirmReset });
  const deleteExtra = useDeletePageContent({ confirm: TEXTS.confirmDelete });

  const sections = (data?.sections ?? []) as PageContentEntry[];
  const fixed = (data?.fixed ?? []) as Fixed[];
  const fixedKeys = new Set(fixed.map((f) => f.key));
  const extras = sections.filter((s) => !fixedKeys.has(s.section_key));

  const toggle = async (entry: PageContentEntry) => {
    const result = await during(entry.id, () => callAction(() => actions.admin.pageContent.update({ id: entry.id, is_active: !entry.is_active })));
    if (!result.ok) return failed(TEXTS.error, result.message);
    const { row: _row, ...publication } = result.data;
    saved(TEXTS.updated, publication);
    void reload();
  };

  return (
    <>
      <section className="admin-card" aria-labelledby="imprint-fixed-heading">
        <h2 id="imprint-fixed-heading">{TEXTS.fixedHeading}</h2>
        <p className="hint" style={{ marginTop: 0 }}>{TEXTS.fixedIntro}</p>
        {loading && <p className="empty">{KIT_TEXTS.loading}</p>}
        <ul className="admin-list imprint-fixed">
          {fixed.map((f, index) => {
            const entry = sections.find((s) => s.section_key === f.key) ?? null;
            const active = entry?.is_active ?? false;
            // what /impressum shows: the stored text where there is one, else the default
            const title = (active && entry?.title) || f.title;
            const content = (active && entry?.content) || f.content;
            const usesDefault = !active || (!entry?.title && !entry?.content);
            const fields: PageContentField[] = entry && !entry.is_active ? ['title', 'content', 'is_active'] : ['title', 'content'];
            return (
              <li key={f.key} className="admin-card imprint-section" data-section={f.key} style={{ boxShadow: 'none', border: '1px solid var(--grey-200)', display: 'grid', gap: '0.4rem' }}>
                <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', justifyContent: 'space-between', alignItems: 'center' }}>
                  <small style={{ color: 'var(--grey-500)' }}>{TEXTS.sectionLabels[f.key] ?? f.key}</small>
                  <span style={{ display: 'flex', gap: '0.35rem' }}>
                    {entry && !entry.is_active && <ActiveBadge active={false} />}
                    {usesDefault && content && <span className="badge">{TEXTS.standard}</span>}
                  </span>
                </div>
                <strong className="section-title" style={wrapStyle}>{title}</strong>
                {content ? <span className="section-content" style={{ ...wrapStyle, whiteSpace: 'pre-line' }}>{content}</span> : <span className="hint section-missing">{TEXTS.notShown}</span>}
                {usesDefault && f.key === 'medieninhaber' && data?.addressMissing && <span className="notice address-missing" role="status">{TEXTS.addressMissing}</span>}
                <div className="admin-actions">
                  <button
                    type="button"
                    className="btn btn-outline btn-small"
                    onClick={() =>
                      setDialog({
                        entry,
                        fields,
                        title: `${TEXTS.sectionLabels[f.key] ?? f.key} bearbeiten`,
                        defaults: { page_key: 'imprint', section_key: f.key, title: f.title, content: f.content, display_order: String(index + 1) },
                      })
                    }
                  >
                    Bearbeiten
                  </button>
                  {entry && (
                    <button type="button" className="btn btn-outline btn-small" onClick={() => void resetFixed(entry, reload)}>
                      {TEXTS.reset}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="admin-card" aria-labelledby="imprint-extra-heading">
        <h2 id="imprint-extra-heading">{TEXTS.extraHeading}</h2>
        <p className="hint" style={{ marginTop: 0 }}>{TEXTS.extraIntro}</p>
        <div>
          <button
            type="button"
            className="btn"
            onClick={() =>
              setDialog({
                entry: null,
                fields: ['title', 'content', 'display_order', 'is_active'],
                title: TEXTS.addExtra,
                defaults: { page_key: 'imprint', section_key: `abschnitt_${Date.now()}`, display_order: String(10 + extras.length) },
              })
            }
          >
            {TEXTS.addExtra}
          </button>
        </div>
        {data && extras.length === 0 && <p className="empty">{TEXTS.noExtra}</p>}
        {extras.length > 0 && (
          <ul className="admin-list imprint-extras" style={{ marginTop: '1rem' }}>
            {extras.map((entry) => {
              // each row's buttons name their row (decision 072)
              const named = (action: string) => (entry.title ? `${action}: ${entry.title}` : undefined);
              return (
                <li key={entry.id} className="admin-card imprint-extra" style={{ boxShadow: 'none', border: '1px solid var(--grey-200)', display: 'grid', gap: '0.4rem' }}>
                  <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', justifyContent: 'space-between', alignItems: 'center' }}>
                    <strong className="section-title" style={wrapStyle}>{entry.title || '–'}</strong>
                    <span style={{ display: 'flex', gap: '0.35rem' }}>
                      <ActiveBadge active={entry.is_active} />
                      <span className="badge">#{entry.display_order}</span>
                    </span>
                  </div>
                  {entry.content && <span className="section-content" style={{ ...wrapStyle, whiteSpace: 'pre-line' }}>{entry.content}</span>}
                  <div className="admin-actions">
                    <button
                      type="button"
                      className="btn btn-outline btn-small"
                      aria-label={named(entry.is_active ? TEXTS.deactivate : TEXTS.activate)}
                      {...refusedWhile(busy.has(entry.id))}
                      onClick={() => void toggle(entry)}
                    >
                      {entry.is_active ? TEXTS.deactivate : TEXTS.activate}
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline btn-small"
                      aria-label={named('Bearbeiten')}
                      onClick={() => setDialog({ entry, fields: ['title', 'content', 'display_order', 'is_active'], title: 'Abschnitt bearbeiten' })}
                    >
                      Bearbeiten
                    </button>
                    <button type="button" className="btn btn-danger btn-small" aria-label={named('Löschen')} onClick={() => void deleteExtra(entry, reload)}>
                      Löschen
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <PageContentModal
        open={dialog !== null}
        entry={dialog?.entry ?? null}
        fields={dialog?.fields}
        defaults={dialog?.defaults}
        titles={{ create: dialog?.title, edit: dialog?.title }}
        onClose={() => setDialog(null)}
        onSaved={() => void reload()}
      />
    </>
  );
}
