// 'Verein' (issue 13, superadmins): the club's short and long name, crest (SVG
// or PNG, drawn into a PNG on the server), primary and secondary colour with
// their contrast on white, the home ground and (issue 14) whether minors are
// shown only by name without consent. Saving republishes every page.
import { actions } from 'astro:actions';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { contrastNote } from '../../lib/club-contrast';
import { CLUB_TEXTS as T, CREST_MAX_BYTES, clubSettingsSchema } from '../../lib/schemas/club';
import { FieldError, callAction, useFormState, useSaveToasts, validateWith } from './contentKit';
import { HistoryButton } from './HistoryButton';
import { useLiveReload } from './live';
import { useReadConcurrency } from './MergeDialog';
import { SaveButton } from './ui';

type FormValues = {
  short_name: string;
  long_name: string;
  crest_url: string;
  primary_color: string;
  secondary_color: string;
  home_ground: string;
  protect_minors: boolean;
};
type Stored = Omit<FormValues, 'crest_url' | 'home_ground'> & { crest_url: string | null; home_ground: string | null };
const toForm = (s: Stored): FormValues => ({
  short_name: s.short_name,
  long_name: s.long_name,
  primary_color: s.primary_color,
  secondary_color: s.secondary_color,
  crest_url: s.crest_url ?? '',
  home_ground: s.home_ground ?? '',
  protect_minors: s.protect_minors,
});
const EMPTY: FormValues = { short_name: '', long_name: '', crest_url: '', primary_color: '#1e40af', secondary_color: '#facc15', home_ground: '', protect_minors: true };

function ContrastNote({ which, colour }: { which: 'primary' | 'secondary'; colour: string }) {
  const note = contrastNote(which, colour);
  if (!note) return null;
  return note.ok ? (
    <small className="hint contrast-ok">{note.text}</small>
  ) : (
    <small className="notice contrast-warning" role="status">
      {note.text}
    </small>
  );
}

export default function ClubManager() {
  const { saved, failed } = useSaveToasts();
  const form = useFormState<FormValues>(EMPTY, { draft: { entity: 'club_settings', id: 'verein' } });
  const { values, set, bind, errors, setErrors, reset, settle, follow } = form;
  // two superadmins: a save on values read before the other's save is refused and compared (decision 032)
  const concurrency = useReadConcurrency(form, async () => {
    const result = await callAction(() => actions.admin.club.load({}));
    return result.ok ? toForm(result.data.settings) : null;
  });
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  // saved texts that still state the built-in club's facts after a rename (decision 055)
  const [factsLeft, setFactsLeft] = useState<{ builtInClub: string; places: string[] } | null>(null);
  // the built-in club's values the form starts with before the first save: a new name should not keep them
  const [builtIn, setBuiltIn] = useState<FormValues | null>(null);
  const renaming = builtIn !== null && values.long_name.trim() !== builtIn.long_name;

  const load = async (initial = false) => {
    const result = await callAction(() => actions.admin.club.load({}));
    setLoading(false);
    if (!result.ok) return failed(T.loadError, result.message);
    setFactsLeft(result.data.builtInFacts);
    setBuiltIn(result.data.settings.isDefault ? toForm(result.data.settings) : null);
    (initial ? reset : follow)(toForm(result.data.settings));
  };
  useEffect(() => {
    void load(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useLiveReload(['club_settings'], () => void load());

  const chooseCrest = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > CREST_MAX_BYTES) return failed(T.crestError, 'Das Wappen darf höchstens 512 KB groß sein.');
    setUploading(true);
    const data = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsDataURL(file);
    });
    const result = await callAction(() => actions.admin.club.uploadCrest({ name: file.name, data }));
    setUploading(false);
    if (!result.ok) return failed(T.crestError, result.message);
    set('crest_url', result.data.url);
    saved(T.crestUploaded);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = validateWith(clubSettingsSchema, values);
    if (!checked.ok) {
      setErrors(checked.fields);
      return failed(T.saveError, checked.message);
    }
    setSaving(true);
    const result = await callAction(() => actions.admin.club.save({ ...values, read: form.readBase }));
    setSaving(false);
    if (!result.ok) {
      setErrors(result.fields);
      if (result.code === 'CONFLICT') concurrency.refused(result.message);
      return failed(T.saveError, result.message);
    }
    concurrency.saved();
    setFactsLeft(result.data.builtInFacts);
    setBuiltIn(null);
    settle(values, toForm(result.data.settings));
    saved(T.saved, result.data, T.savedText);
  };

  return (
    <section className="admin-card club-manager" aria-labelledby="club-heading">
      <h2 id="club-heading">{T.heading}</h2>
      <p className="hint">{T.intro}</p>
      {factsLeft && factsLeft.places.length > 0 && (
        <p className="notice built-in-facts" role="status">{T.builtInFactsLeft(factsLeft.builtInClub, factsLeft.places)}</p>
      )}
      <form className="admin-form" noValidate onSubmit={(e) => void submit(e)} aria-label={T.heading}>
        <label className="admin-field">
          <span>{T.shortName} *</span>
          <input {...bind('short_name')} disabled={loading} maxLength={30} />
          <small className="hint">{T.shortNameHint}</small>
          {renaming && values.short_name.trim() === builtIn.short_name && <small className="notice still-built-in" role="status">{T.shortNameStillBuiltIn(builtIn.long_name)}</small>}
          <FieldError message={errors.short_name} />
        </label>
        <label className="admin-field">
          <span>{T.longName} *</span>
          <input {...bind('long_name')} disabled={loading} maxLength={120} />
          <FieldError message={errors.long_name} />
        </label>
        <div className="admin-field">
          <span>{T.crest}</span>
          {values.crest_url ? (
            <img className="crest-preview" src={values.crest_url} alt={T.crest} width={96} height={96} style={{ objectFit: 'contain' }} />
          ) : (
            <small className="hint">{T.noCrest}</small>
          )}
          <div className="admin-actions">
            <label className="btn btn-outline">
              {uploading ? 'Lädt...' : T.uploadCrest}
              <input type="file" accept="image/svg+xml,image/png,image/jpeg,image/webp" className="visually-hidden" disabled={uploading || loading} onChange={(e) => void chooseCrest(e)} />
            </label>
            {values.crest_url && (
              <button type="button" className="btn btn-outline" onClick={() => set('crest_url', '')}>
                {T.removeCrest}
              </button>
            )}
          </div>
          <small className="hint">{T.crestHint}</small>
          <FieldError message={errors.crest_url} />
        </div>
        {(['primary_color', 'secondary_color'] as const).map((key) => {
          const label = key === 'primary_color' ? T.primary : T.secondary;
          return (
            <label className="admin-field" key={key}>
              <span>{label} *</span>
              <span style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
                <input type="color" value={values[key]} onChange={(e) => set(key, e.target.value)} disabled={loading} aria-label={`${label} wählen`} />
                <input {...bind(key)} disabled={loading} maxLength={7} aria-label={label} />
              </span>
              <ContrastNote which={key === 'primary_color' ? 'primary' : 'secondary'} colour={values[key]} />
              <FieldError message={errors[key]} />
            </label>
          );
        })}
        <label className="admin-field">
          <span>{T.homeGround}</span>
          <input {...bind('home_ground')} disabled={loading} maxLength={200} />
          {renaming && builtIn.home_ground !== '' && values.home_ground.trim() === builtIn.home_ground && (
            <small className="notice still-built-in" role="status">{T.homeGroundStillBuiltIn(builtIn.long_name)}</small>
          )}
          <FieldError message={errors.home_ground} />
        </label>
        <div className="admin-field protect-minors">
          <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', minHeight: 44 }}>
            <input type="checkbox" name="protect_minors" checked={values.protect_minors} disabled={loading} onChange={(e) => set('protect_minors', e.target.checked)} />
            {T.protectMinors}
          </label>
          <small className="hint">{T.protectMinorsHint}</small>
          <FieldError message={errors.protect_minors} />
        </div>
        <div className="admin-actions">
          <SaveButton saving={saving} disabled={loading || uploading}>{T.save}</SaveButton>
          <HistoryButton entity="club_settings" id="club" title={T.heading} onRestored={() => void load(true)} />
        </div>
      </form>
    </section>
  );
}
