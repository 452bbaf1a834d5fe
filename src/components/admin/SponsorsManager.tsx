// Sponsors manager (admin-area.md §2 Sponsoren, §5, §8): add, edit in a dialog,
// delete (after asking). Name and tier are required; the logo is an upload.
import { actions } from 'astro:actions';
import { useEffect, useState, type FormEvent } from 'react';
import {
  SPONSOR_ADMIN_TEXTS as T,
  SPONSOR_TIERS,
  SPONSOR_TIER_LABELS,
  sponsorSchema,
  type SponsorEntry,
  type SponsorTier,
} from '../../lib/schemas/sponsor';
import {
  DialogButtons,
  EditDialog,
  FieldError,
  ImageField,
  callAction,
  useFormState,
  useLoader,
  useSaveToasts,
  validateWith,
  wrapStyle,
} from './contentKit';
import { useLiveReload } from './live';
import { SaveButton, confirmAction } from './ui';

type FormValues = { name: string; tier: string; logo_url: string; website_url: string; description: string };
const EMPTY: FormValues = { name: '', tier: 'standard', logo_url: '', website_url: '', description: '' };
const toForm = (s: SponsorEntry): FormValues => ({
  name: s.name,
  tier: s.tier,
  logo_url: s.logo_url ?? '',
  website_url: s.website_url ?? '',
  description: s.description ?? '',
});
const tierLabel = (tier: string) => SPONSOR_TIER_LABELS[tier as SponsorTier] ?? tier;

function SponsorForm({
  sponsor,
  onDone,
  onCancel,
  onDirtyChange,
}: {
  sponsor: SponsorEntry | null;
  onDone: () => void;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { values, set, bind, errors, setErrors, reset, dirty } = useFormState<FormValues>(sponsor ? toForm(sponsor) : EMPTY);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const [saving, setSaving] = useState(false);
  const { saved, failed } = useSaveToasts();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = validateWith(sponsorSchema, values);
    if (!checked.ok) {
      setErrors(checked.fields);
      failed(T.error, checked.message);
      return;
    }
    setSaving(true);
    const result = sponsor
      ? await callAction(() => actions.admin.sponsors.update({ id: sponsor.id, ...values }))
      : await callAction(() => actions.admin.sponsors.create(values));
    setSaving(false);
    if (!result.ok) {
      setErrors(result.fields);
      failed(T.error, result.message);
      return;
    }
    const { row, ...publication } = result.data;
    saved(sponsor ? T.updated : T.created, publication);
    reset(sponsor ? toForm(row) : EMPTY);
    onDone();
  };

  const id = (name: string) => `sponsor-${sponsor ? 'edit' : 'new'}-${name}`;
  return (
    <form className="admin-form sponsor-form" noValidate onSubmit={(e) => void submit(e)} aria-label={sponsor ? T.edit : T.add}>
      <div className="row">
        <label className="admin-field" htmlFor={id('name')}>
          <span>{T.name}</span>
          <input id={id('name')} name="name" {...bind('name')} />
          <FieldError message={errors.name} />
        </label>
        <label className="admin-field" htmlFor={id('tier')}>
          <span>{T.tier}</span>
          <select id={id('tier')} name="tier" {...bind('tier')}>
            <option value="">{T.chooseTier}</option>
            {SPONSOR_TIERS.map((tier) => (
              <option key={tier} value={tier}>
                {SPONSOR_TIER_LABELS[tier]}
              </option>
            ))}
          </select>
          <FieldError message={errors.tier} />
        </label>
      </div>
      <ImageField name="logo_url" label={T.logo} value={values.logo_url} onChange={(url) => set('logo_url', url)} error={errors.logo_url} folder="sponsors/" />
      <label className="admin-field" htmlFor={id('website')}>
        <span>{T.website}</span>
        <input id={id('website')} name="website_url" type="url" inputMode="url" placeholder="https://…" {...bind('website_url')} />
        <FieldError message={errors.website_url} />
      </label>
      <label className="admin-field" htmlFor={id('description')}>
        <span>{T.description}</span>
        <textarea id={id('description')} name="description" rows={3} {...bind('description')} />
        <FieldError message={errors.description} />
      </label>
      {sponsor ? (
        <DialogButtons saving={saving} dirty={dirty} onCancel={onCancel ?? onDone} />
      ) : (
        <div>
          <SaveButton saving={saving}>{T.add}</SaveButton>
        </div>
      )}
    </form>
  );
}

export default function SponsorsManager() {
  const { saved, failed } = useSaveToasts();
  const { data: list, loading, reload } = useLoader(
    () => callAction(() => actions.admin.sponsors.list({})),
    (message) => failed(T.loadError, message),
  );
  useLiveReload(['sponsors'], () => void reload());
  const [editing, setEditing] = useState<SponsorEntry | null>(null);
  const [editDirty, setEditDirty] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const remove = async (sponsor: SponsorEntry) => {
    if (!confirmAction(T.confirmDelete)) return;
    setBusy(sponsor.id);
    const result = await callAction(() => actions.admin.sponsors.remove({ id: sponsor.id }));
    setBusy(null);
    if (!result.ok) return failed(T.deleteError, result.message);
    const { row: _row, ...publication } = result.data;
    saved(T.deleted, publication);
    void reload();
  };

  return (
    <>
      <section className="admin-card">
        <h2>{T.add}</h2>
        <SponsorForm sponsor={null} onDone={() => void reload()} />
      </section>
      <section className="admin-card" aria-labelledby="sponsor-list-heading">
        <h2 id="sponsor-list-heading">
          {T.heading} {list ? `(${list.length})` : ''}
        </h2>
        {loading && <p className="empty">Lädt...</p>}
        {list && list.length === 0 && <p className="empty">{T.empty}</p>}
        {list && list.length > 0 && (
          <ul className="admin-list sponsor-items">
            {list.map((s) => (
              <li key={s.id} className="admin-card sponsor-item" style={{ boxShadow: 'none', border: '1px solid var(--grey-200)', display: 'flex', gap: '0.75rem', flexWrap: 'wrap', alignItems: 'center' }}>
                <div style={{ width: '5rem', height: '3.5rem', background: 'var(--grey-100)', borderRadius: '0.5rem', overflow: 'hidden', display: 'grid', placeItems: 'center', flex: '0 0 auto' }}>
                  {s.logo_url ? <img src={s.logo_url} alt="" style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} /> : <span aria-hidden="true">🤝</span>}
                </div>
                <div style={{ flex: '1 1 12rem', minWidth: 0, display: 'grid', gap: '0.25rem' }}>
                  <strong className="item-name" style={wrapStyle}>{s.name}</strong>
                  <div>
                    <span className="badge badge-blue sponsor-tier">{tierLabel(s.tier)}</span>
                  </div>
                  {s.website_url && <small style={{ ...wrapStyle, color: 'var(--grey-500)' }}>{s.website_url}</small>}
                  {s.description && <small style={{ ...wrapStyle, whiteSpace: 'pre-line' }}>{s.description}</small>}
                </div>
                <div className="admin-actions">
                  <button type="button" className="btn btn-outline btn-small" onClick={() => setEditing(s)}>
                    Bearbeiten
                  </button>
                  <button type="button" className="btn btn-danger btn-small" disabled={busy === s.id} onClick={() => void remove(s)}>
                    Löschen
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <EditDialog open={editing !== null} title={T.edit} dirty={editDirty} onClose={() => setEditing(null)}>
        {editing && (
          <SponsorForm
            key={editing.id}
            sponsor={editing}
            onDirtyChange={setEditDirty}
            onDone={() => {
              setEditing(null);
              void reload();
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </EditDialog>
    </>
  );
}
