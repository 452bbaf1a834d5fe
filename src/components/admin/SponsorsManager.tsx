// Sponsors manager (admin-area.md §2 Sponsoren, §5, §8): add, edit in a dialog,
// delete (after asking). Name and tier are required; the logo is an upload.
import { actions } from 'astro:actions';
import {
  SPONSOR_ADMIN_TEXTS as T,
  SPONSOR_KEPT_TIERS,
  SPONSOR_TIERS,
  SPONSOR_TIER_LABELS,
  sponsorSchema,
  type SponsorEntry,
  type SponsorTier,
} from '../../lib/schemas/sponsor';
import { FieldError, ImageField, callAction, wrapStyle } from './contentKit';
import { EntityEditDialog, EntityFormButtons, RowActions, useEntityForm, useEntityList, type EntityFormProps } from './entityKit';
import { createOrUpdate } from './entitySave';

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

function SponsorForm({ sponsor, ...props }: { sponsor: SponsorEntry | null } & EntityFormProps) {
  const save = createOrUpdate(sponsor, actions.admin.sponsors);
  const form = useEntityForm({
    ...props,
    initial: sponsor ? toForm(sponsor) : EMPTY,
    schema: sponsorSchema,
    save,
    texts: { invalid: T.error, failed: T.error, saved: sponsor ? T.updated : T.created },
    next: (row) => (sponsor ? toForm(row) : EMPTY),
  });
  const { values, set, bind, errors } = form;

  const id = (name: string) => `sponsor-${sponsor ? 'edit' : 'new'}-${name}`;
  return (
    <form className="admin-form sponsor-form" noValidate onSubmit={form.submit} aria-label={sponsor ? T.edit : T.add}>
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
            {[...SPONSOR_TIERS, ...SPONSOR_KEPT_TIERS.filter((tier) => sponsor?.tier === tier)].map((tier) => (
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
      <EntityFormButtons inDialog={sponsor !== null} form={form} createLabel={T.add} />
    </form>
  );
}

export default function SponsorsManager() {
  const sponsors = useEntityList({
    load: () => callAction(() => actions.admin.sponsors.list({})),
    loadFailed: T.loadError,
    tables: ['sponsors'],
    remove: {
      confirm: T.confirmDelete,
      call: (sponsor) => callAction(() => actions.admin.sponsors.remove({ id: sponsor.id })),
      failed: T.deleteError,
      deleted: T.deleted,
    },
  });
  const { data: list, loading, reload } = sponsors;

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
                <RowActions entry={s} list={sponsors} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <EntityEditDialog list={sponsors} title={T.edit}>
        {(sponsor, form) => <SponsorForm sponsor={sponsor} {...form} />}
      </EntityEditDialog>
    </>
  );
}
