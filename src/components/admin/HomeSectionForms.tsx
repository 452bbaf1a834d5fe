// The home page's four sections in the editor (admin-area.md §2 Startseite, §8):
// hero text and colours, the background image, the next match with both logos,
// the footer texts, each upserted on its homepage_content section_key. A save
// sends the values its form was filled with; another admin's save in between
// refuses it, and the admin compares (decision 032).
import { actions } from 'astro:actions';
import { useEffect, useState, type FormEvent } from 'react';
import {
  DEFAULT_HERO_COLOURS,
  FOOTER_KEYS,
  FOOTER_LABELS,
  HOME_TEXTS as T,
  homepageSectionSchema,
  type FooterKey,
  type HomeEditorData,
  type HomeSectionKey,
  type HomepageSectionInput,
} from '../../lib/schemas/homepage';
import { FieldError, callAction, useFormState, useSaveToasts, validateWith, wrapStyle } from './contentKit';
import ImageUpload from './ImageUpload';
import { useReadConcurrency } from './MergeDialog';
import { SaveButton } from './ui';

type MatchValues = Omit<HomeEditorData['nextMatch'], 'team_a_logo' | 'team_b_logo'> & { team_a_logo: string; team_b_logo: string };

type SectionForm = {
  setErrors: (errors: Record<string, string>) => void;
  /** the values the form was filled with: the server refuses the save when the section changed since */
  readBase: Record<string, string>;
  concurrency: { refused: (message: string) => void; saved: () => void };
};

/** Saves one section; the section's values as stored when it worked, else null (toasts either way). */
function useSectionSave(successTitle: string) {
  const { saved, failed } = useSaveToasts();
  const [saving, setSaving] = useState(false);
  const save = async (input: HomepageSectionInput, form: SectionForm): Promise<Record<string, string> | null> => {
    const checked = validateWith(homepageSectionSchema, input);
    if (!checked.ok) {
      form.setErrors(checked.fields);
      failed(T.error, checked.message);
      return null;
    }
    setSaving(true);
    const result = await callAction(() => actions.admin.home.save({ ...input, read: form.readBase }));
    setSaving(false);
    if (!result.ok) {
      form.setErrors(result.fields);
      if (result.code === 'CONFLICT') form.concurrency.refused(result.message);
      failed(T.error, result.message);
      return null;
    }
    form.concurrency.saved();
    const { section_key: _key, values, ...publication } = result.data;
    saved(successTitle, publication);
    return values;
  };
  return { save, saving };
}

/**
 * Form state that follows reloads (another admin's save) while the form is
 * untouched, and keeps the admin's own edits otherwise; a save on values read
 * before another admin's save is refused and compared (`section` picks this
 * form's values from what the editor loads).
 */
function useSectionForm<V extends Record<string, string>>(loaded: V, section: HomeSectionKey, pick: (data: HomeEditorData) => V) {
  const form = useFormState<V>(loaded, { draft: { entity: 'homepage_content', id: section } });
  const key = JSON.stringify(loaded);
  const { follow } = form;
  useEffect(() => {
    follow(loaded);
    // only a new loaded value matters, not each render's object
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const concurrency = useReadConcurrency(form, async () => {
    const result = await callAction(() => actions.admin.home.load({}));
    return result.ok ? pick(result.data) : null;
  });
  return { ...form, concurrency };
}

const pickHero = (d: HomeEditorData) => d.hero;
const pickBackground = (d: HomeEditorData) => ({ image_url: d.background ?? '' });
const pickMatch = (d: HomeEditorData): MatchValues => ({ ...d.nextMatch, team_a_logo: d.nextMatch.team_a_logo ?? '', team_b_logo: d.nextMatch.team_b_logo ?? '' });
const pickFooter = (d: HomeEditorData) => d.footer;

/** <input type="color"> needs #rrggbb; '#00f' is shown as '#0000ff'. */
function sixDigit(colour: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return /^#[0-9a-f]{6}$/i.test(colour) ? colour.toLowerCase() : '#000000';
}

export function HeroTextForm({ data }: { data: HomeEditorData['hero'] }) {
  const form = useSectionForm(data, 'hero_text', pickHero);
  const { values, set, bind, errors, settle } = form;
  const { save, saving } = useSectionSave(T.heroSaved);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const stored = await save({ section_key: 'hero_text', ...values }, form);
    // the section as the server stored it: the base of the next save
    if (stored) settle(values, { ...values, ...stored });
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

export function BackgroundForm({ data }: { data: string | null }) {
  const form = useSectionForm({ image_url: data ?? '' }, 'hero_background', pickBackground);
  const { values, set, errors, settle } = form;
  const { save, saving } = useSectionSave(T.backgroundSaved);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const stored = await save({ section_key: 'hero_background', image_url: values.image_url }, form);
    // the section as the server stored it: the base of the next save
    if (stored) settle(values, { ...values, ...stored });
  };
  return (
    <form className="admin-form hero-background-form" noValidate onSubmit={(e) => void submit(e)} aria-label="Hintergrundbild">
      {/* the image field binds no input of the kit: this one lets the form's notices (a refusal, a draft) find it */}
      <input type="hidden" name="section" value="hero_background" ref={form.safety.fieldRef} />
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

export function NextMatchForm({ data }: { data: HomeEditorData['nextMatch'] }) {
  const loaded: MatchValues = { ...data, team_a_logo: data.team_a_logo ?? '', team_b_logo: data.team_b_logo ?? '' };
  const form = useSectionForm(loaded, 'next_match', pickMatch);
  const { values, set, bind, errors, settle } = form;
  const { save, saving } = useSectionSave(T.matchSaved);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const stored = await save({ section_key: 'next_match', ...values }, form);
    // the section as the server stored it: the base of the next save
    if (stored) settle(values, { ...values, ...stored });
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

export function FooterForm({ data }: { data: HomeEditorData['footer'] }) {
  const form = useSectionForm<Record<FooterKey, string>>(data, 'footer_texts', pickFooter);
  const { values, bind, errors, settle } = form;
  const { save, saving } = useSectionSave(T.footerSaved);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const stored = await save({ section_key: 'footer_texts', texts: values }, form);
    // the section as the server stored it: the base of the next save
    if (stored) settle(values, { ...values, ...stored });
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

