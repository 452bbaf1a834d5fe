// Home editor (admin-area.md §2 Startseite, §8): hero text and colours, the
// background image, the next match with both logos, the footer texts (each
// upserted on its homepage_content section_key), and the free content blocks
// of page 'startseite' (page_content, edited in the generic modal).
import { actions } from 'astro:actions';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  DEFAULT_HERO_COLOURS,
  FOOTER_KEYS,
  FOOTER_LABELS,
  HOME_TEXTS as T,
  homepageSectionSchema,
  type FooterKey,
  type HomeEditorData,
  type HomepageSectionInput,
} from '../../lib/schemas/homepage';
import type { PageContentEntry } from '../../lib/schemas/pageContent';
import { ActiveBadge, FieldError, KIT_TEXTS, callAction, useFormState, useLoader, useSaveToasts, validateWith, wrapStyle } from './contentKit';
import ImageUpload from './ImageUpload';
import { useLiveReload } from './live';
import PageContentModal, { useDeletePageContent } from './PageContentModal';
import { SaveButton } from './ui';

/** Saves one section; true when it worked (toasts either way). */
function useSectionSave(successTitle: string) {
  const { saved, failed } = useSaveToasts();
  const [saving, setSaving] = useState(false);
  const save = async (input: HomepageSectionInput, setErrors: (e: Record<string, string>) => void): Promise<boolean> => {
    const checked = validateWith(homepageSectionSchema, input);
    if (!checked.ok) {
      setErrors(checked.fields);
      failed(T.error, checked.message);
      return false;
    }
    setSaving(true);
    const result = await callAction(() => actions.admin.home.save(input));
    setSaving(false);
    if (!result.ok) {
      setErrors(result.fields);
      failed(T.error, result.message);
      return false;
    }
    const { section_key: _key, ...publication } = result.data;
    saved(successTitle, publication);
    return true;
  };
  return { save, saving };
}

/**
 * Form state that follows reloads (another admin's save) while the form is
 * untouched, and keeps the admin's own edits otherwise.
 */
function useSectionForm<V extends Record<string, unknown>>(loaded: V, section: string) {
  const form = useFormState<V>(loaded, { draft: { entity: 'homepage_content', id: section } });
  const key = JSON.stringify(loaded);
  const { follow } = form;
  useEffect(() => {
    follow(loaded);
    // only a new loaded value matters, not each render's object
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return form;
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="admin-card home-card">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** <input type="color"> needs #rrggbb; '#00f' is shown as '#0000ff'. */
function sixDigit(colour: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return /^#[0-9a-f]{6}$/i.test(colour) ? colour.toLowerCase() : '#000000';
}

function HeroTextForm({ data }: { data: HomeEditorData['hero'] }) {
  const { values, set, bind, errors, setErrors, reset } = useSectionForm(data, 'hero_text');
  const { save, saving } = useSectionSave(T.heroSaved);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!saving && (await save({ section_key: 'hero_text', ...values }, setErrors))) reset(values);
  };
  const colour = (key: 'line1_colour' | 'line2_colour' | 'welcome_colour', label: string, fallback: string) => (
    <div className="admin-field home-colour">
      <label htmlFor={`hero-${key}`}>{label}</label>
      <span style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
        <input id={`hero-${key}`} name={key} type="color" value={sixDigit(values[key] || fallback)} onChange={(e) => set(key, e.target.value)} style={{ width: '3.5rem', padding: '0.2rem', minHeight: 44 }} />
        <code>{values[key]}</code>
        <button type="button" className="btn btn-outline btn-small" aria-label={`${label}: Standardfarbe ${fallback}`} onClick={() => set(key, fallback)}>
          Standard
        </button>
      </span>
      <FieldError message={errors[key]} />
    </div>
  );
  return (
    <form className="admin-form hero-text-form" noValidate onSubmit={(e) => void submit(e)} aria-label="Hero-Text">
      <div className="row">
        <label className="admin-field" htmlFor="hero-line1">
          <span>Vereinsname Zeile 1</span>
          <input id="hero-line1" name="line1" {...bind('line1')} />
          <FieldError message={errors.line1} />
        </label>
        <label className="admin-field" htmlFor="hero-line2">
          <span>Vereinsname Zeile 2</span>
          <input id="hero-line2" name="line2" {...bind('line2')} />
          <FieldError message={errors.line2} />
        </label>
      </div>
      <label className="admin-field" htmlFor="hero-welcome">
        <span>Willkommenstext</span>
        <textarea id="hero-welcome" name="welcome" rows={3} {...bind('welcome')} />
        <FieldError message={errors.welcome} />
      </label>
      <div className="row">
        {colour('line1_colour', 'Farbe Zeile 1', DEFAULT_HERO_COLOURS.line1)}
        {colour('line2_colour', 'Farbe Zeile 2', DEFAULT_HERO_COLOURS.line2)}
        {colour('welcome_colour', 'Farbe Willkommenstext', DEFAULT_HERO_COLOURS.welcome)}
      </div>
      <div className="home-hero-preview" aria-label="Vorschau">
        <strong style={{ color: values.line1_colour, display: 'block', fontSize: '1.4rem', ...wrapStyle }}>{values.line1}</strong>
        <strong style={{ color: values.line2_colour, display: 'block', fontSize: '1.4rem', ...wrapStyle }}>{values.line2}</strong>
        <p className="pre-line" style={{ color: values.welcome_colour, margin: '0.5rem 0 0', ...wrapStyle }}>
          {values.welcome}
        </p>
      </div>
      <div>
        <SaveButton saving={saving}>Hero-Text speichern</SaveButton>
      </div>
    </form>
  );
}

function BackgroundForm({ data }: { data: string | null }) {
  const { values, set, errors, setErrors, reset } = useSectionForm({ image_url: data ?? '' }, 'hero_background');
  const { save, saving } = useSectionSave(T.backgroundSaved);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!saving && (await save({ section_key: 'hero_background', image_url: values.image_url }, setErrors))) reset(values);
  };
  return (
    <form className="admin-form hero-background-form" noValidate onSubmit={(e) => void submit(e)} aria-label="Hintergrundbild">
      <ImageUpload
        name="hero-background"
        label="Hintergrundbild der Startseite"
        folder="hero/"
        value={values.image_url || null}
        onChange={(url) => set('image_url', url ?? '')}
        error={errors.image_url}
      />
      <div>
        <SaveButton saving={saving}>Hintergrundbild speichern</SaveButton>
      </div>
    </form>
  );
}

type MatchValues = Omit<HomeEditorData['nextMatch'], 'team_a_logo' | 'team_b_logo'> & { team_a_logo: string; team_b_logo: string };

function NextMatchForm({ data }: { data: HomeEditorData['nextMatch'] }) {
  const loaded: MatchValues = { ...data, team_a_logo: data.team_a_logo ?? '', team_b_logo: data.team_b_logo ?? '' };
  const { values, set, bind, errors, setErrors, reset } = useSectionForm(loaded, 'next_match');
  const { save, saving } = useSectionSave(T.matchSaved);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!saving && (await save({ section_key: 'next_match', ...values }, setErrors))) reset(values);
  };
  const text = (key: keyof MatchValues, label: string, placeholder?: string) => (
    <label className="admin-field" htmlFor={`next-${key}`}>
      <span>{label}</span>
      <input id={`next-${key}`} name={key} placeholder={placeholder} {...bind(key)} />
      <FieldError message={errors[key]} />
    </label>
  );
  return (
    <form className="admin-form next-match-form" noValidate onSubmit={(e) => void submit(e)} aria-label="Nächstes Spiel">
      <div className="row">
        {text('team_a', 'Team A (Heim)')}
        {text('team_b', 'Team B (Gast)')}
      </div>
      <div className="row">
        <ImageUpload name="team-a-logo" label="Logo Team A" folder="logos/" allowUrl value={values.team_a_logo || null} onChange={(url) => set('team_a_logo', url ?? '')} error={errors.team_a_logo} />
        <ImageUpload name="team-b-logo" label="Logo Team B" folder="logos/" allowUrl value={values.team_b_logo || null} onChange={(url) => set('team_b_logo', url ?? '')} error={errors.team_b_logo} />
      </div>
      <div className="row">
        {text('match_date', 'Datum', '10. August 2024')}
        {text('match_time', 'Uhrzeit', '16:00 Uhr')}
        {text('match_location', 'Ort')}
      </div>
      {text('button_link', 'Link des Buttons „Mehr zum Spiel“', '/spielplan')}
      <div>
        <SaveButton saving={saving}>Spielinformationen speichern</SaveButton>
      </div>
    </form>
  );
}

function FooterForm({ data }: { data: HomeEditorData['footer'] }) {
  const { values, bind, errors, setErrors, reset } = useSectionForm<Record<FooterKey, string>>(data, 'footer_texts');
  const { save, saving } = useSectionSave(T.footerSaved);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!saving && (await save({ section_key: 'footer_texts', texts: values }, setErrors))) reset(values);
  };
  return (
    <form className="admin-form footer-texts-form" noValidate onSubmit={(e) => void submit(e)} aria-label="Footer-Texte">
      <div className="row">
        {FOOTER_KEYS.map((key) => (
          <label key={key} className="admin-field" htmlFor={`footer-${key}`} style={key === 'club_description' ? { gridColumn: '1 / -1' } : undefined}>
            <span>{FOOTER_LABELS[key]}</span>
            {key === 'club_description' ? (
              <textarea id={`footer-${key}`} name={key} rows={3} {...bind(key)} />
            ) : (
              <input id={`footer-${key}`} name={key} type={key === 'contact_email' ? 'email' : 'text'} {...bind(key)} />
            )}
            <FieldError message={errors[`texts.${key}`] ?? errors[key]} />
          </label>
        ))}
      </div>
      <div>
        <SaveButton saving={saving}>Footer-Texte speichern</SaveButton>
      </div>
    </form>
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
                <button type="button" className="btn btn-outline btn-small" onClick={() => setEditing(b)}>
                  Bearbeiten
                </button>
                <button
                  type="button"
                  className="btn btn-danger btn-small"
                  onClick={() => void remove(b).then((gone) => gone && void reload())}
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
