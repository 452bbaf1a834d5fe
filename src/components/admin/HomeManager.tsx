// Home editor (admin-area.md §2 Startseite, §8): the four sections of the home
// page (HomeSectionForms.tsx), and the free content blocks of page 'startseite'
// (page_content, edited in the generic modal).
import { actions } from 'astro:actions';
import { useCallback, useState, type ReactNode } from 'react';
import { HOME_TEXTS as T } from '../../lib/schemas/homepage';
import type { PageContentEntry } from '../../lib/schemas/pageContent';
import { ActiveBadge, KIT_TEXTS, callAction, useLoader, useSaveToasts, wrapStyle } from './contentKit';
import { BackgroundForm, FooterForm, HeroTextForm, NextMatchForm } from './HomeSectionForms';
import { useLiveReload } from './live';
import PageContentModal, { useDeletePageContent } from './PageContentModal';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="admin-card home-card">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

const BLOCK_FIELDS = ['title', 'subtitle', 'content', 'image_url', 'button_text', 'button_link', 'display_order', 'is_active'] as const;

function ContentBlocks() {
  const { failed } = useSaveToasts();
  const { data: blocks, loading, reload } = useLoader(
    () => callAction(() => actions.admin.pageContent.list({ page_key: 'startseite' })),
    (message) => failed(T.loadError, message),
  );
  useLiveReload(['page_content'], () => void reload());
  const [editing, setEditing] = useState<PageContentEntry | null>(null);
  const [creating, setCreating] = useState<string | null>(null);
  const remove = useDeletePageContent({ deleted: T.blockDeleted, error: T.error, confirm: T.confirmBlockDelete });
  const close = useCallback(() => {
    setEditing(null);
    setCreating(null);
  }, []);

  return (
    <section className="admin-card home-blocks" aria-labelledby="home-blocks-heading">
      <div style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' }}>
        <h2 id="home-blocks-heading" style={{ margin: 0 }}>
          Inhaltsblöcke {blocks ? `(${blocks.length})` : ''}
        </h2>
        {/* the spec: a new block's section_key is generated from the time */}
        <button type="button" className="btn btn-small" onClick={() => setCreating(`block_${Date.now()}`)}>
          Neuer Inhaltsblock
        </button>
      </div>
      {loading && <p className="empty">{KIT_TEXTS.loading}</p>}
      {blocks && blocks.length === 0 && <p className="empty">Noch keine Inhaltsblöcke auf der Startseite.</p>}
      {blocks && blocks.length > 0 && (
        <ul className="admin-list home-block-list" style={{ marginTop: '0.75rem' }}>
          {blocks.map((b) => (
            <li key={b.id} className="admin-card home-block" data-id={b.id} style={{ boxShadow: 'none', border: '1px solid var(--grey-200)' }}>
              <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', alignItems: 'center' }}>
                <strong style={wrapStyle}>{b.title || b.section_key}</strong>
                <ActiveBadge active={b.is_active} />
                <span className="badge">#{b.display_order}</span>
              </div>
              {b.content && (
                <p className="pre-line hint" style={{ margin: '0.35rem 0', ...wrapStyle }}>
                  {b.content.length > 200 ? `${b.content.slice(0, 200)}…` : b.content}
                </p>
              )}
              <div className="admin-actions">
                {/* each block's buttons name it (decision 072) */}
                <button type="button" className="btn btn-outline btn-small" aria-label={`Bearbeiten: ${b.title || b.section_key}`} onClick={() => setEditing(b)}>
                  Bearbeiten
                </button>
                <button
                  type="button"
                  className="btn btn-danger btn-small"
                  aria-label={`Löschen: ${b.title || b.section_key}`}
                  onClick={() => void remove(b, reload)}
                >
                  Löschen
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <PageContentModal
        open={editing !== null || creating !== null}
        entry={editing}
        onClose={close}
        onSaved={() => void reload()}
        defaults={{ page_key: 'startseite', section_key: creating ?? '' }}
        fields={[...BLOCK_FIELDS]}
        titles={{ create: 'Neuer Inhaltsblock', edit: 'Inhaltsblock bearbeiten' }}
        texts={{ created: T.blockCreated, updated: T.blockUpdated, error: T.error }}
        imageFolder="startseite/"
      />
    </section>
  );
}

export default function HomeManager() {
  const { failed } = useSaveToasts();
  const { data, loading, failed: loadFailed, reload } = useLoader(
    () => callAction(() => actions.admin.home.load({})),
    (message) => failed(T.loadError, message),
  );
  useLiveReload(['homepage_content'], () => void reload());
  return (
    <>
      {loading && <p className="empty">{KIT_TEXTS.loading}</p>}
      {loadFailed && <p className="empty">{T.loadError}</p>}
      {data && (
        <>
          <Card title="Hero-Text und Farben">
            <HeroTextForm data={data.hero} />
          </Card>
          <Card title="Hintergrundbild">
            <BackgroundForm data={data.background} />
          </Card>
          <Card title="Nächstes Spiel">
            <NextMatchForm data={data.nextMatch} />
          </Card>
          <Card title="Footer-Texte">
            <FooterForm data={data.footer} />
          </Card>
        </>
      )}
      <ContentBlocks />
    </>
  );
}
