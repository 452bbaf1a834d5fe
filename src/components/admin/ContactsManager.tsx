// Contacts manager (admin-area.md §2 Kontakt, §3 contact_info, §5, §8): the club
// address (role 'Vereinsadresse', office_hours = website), contact persons (any
// other role) and officials (role 'Funktionär', office_hours = function shown as
// a badge). Each: add, edit in a dialog, delete after asking. Name is required.
import { actions } from 'astro:actions';
import { useEffect, useRef } from 'react';
import {
  CONTACT_ADMIN_TEXTS as T,
  CONTACT_ROLES,
  contactKind,
  contactPersonSchema,
  contactSchema,
  type ContactEntry,
} from '../../lib/schemas/contact';
import { refusedWhile } from '../ui/refused';
import { FieldError, ImageField, KIT_TEXTS, callAction, wrapStyle, type CallResult } from './contentKit';
import { EntityEditDialog, EntityFormButtons, RowActions, useEntityForm, useEntityList, type EntityFormProps, type Saved } from './entityKit';

type Kind = 'clubAddress' | 'official' | 'person';
type FormValues = { name: string; role: string; email: string; phone: string; address: string; office_hours: string; image_url: string };
const EMPTY: FormValues = { name: '', role: '', email: '', phone: '', address: '', office_hours: '', image_url: '' };
const toForm = (c: ContactEntry | null): FormValues =>
  c
    ? {
        name: c.name,
        role: c.role ?? '',
        email: c.email ?? '',
        phone: c.phone ?? '',
        address: c.address ?? '',
        office_hours: c.office_hours ?? '',
        image_url: c.image_url ?? '',
      }
    : EMPTY;

/** The role a kind of contact is saved with (contact persons keep the one typed). */
function roleFor(kind: Kind, typed: string): string {
  if (kind === 'clubAddress') return CONTACT_ROLES.clubAddress;
  if (kind === 'official') return CONTACT_ROLES.official;
  return typed;
}

function ContactForm({ kind, contact, ...props }: { kind: Kind; contact: ContactEntry | null } & EntityFormProps) {
  const ownSave = useRef<number | null>(null);
  const form = useEntityForm({
    ...props,
    initial: toForm(contact),
    schema: kind === 'person' ? contactPersonSchema : contactSchema,
    prepare: (values) => ({ ...values, role: roleFor(kind, values.role) }),
    draft: { entity: 'contact_info', id: contact?.id ?? null, slot: kind, revision: contact?.revision },
    save: async (input, _data, base) => {
      if (kind === 'clubAddress') {
        // from the version the form holds; after its own first save, until the list brings the record, from the
        // one that save made; before any record, from none (0: a record made meanwhile refuses it, decision 032)
        const from = base.base_revision ?? ownSave.current ?? (contact ? undefined : 0);
        const result = await callAction(() => actions.admin.contacts.saveClubAddress({ ...input, ...(from === undefined ? {} : { base_revision: from }) }));
        if (result.ok) ownSave.current = result.data.revision;
        return result as CallResult<Saved<ContactEntry>>;
      }
      return (
        contact
          ? callAction(() => actions.admin.contacts.update({ id: contact.id, ...input, ...base }))
          : callAction(() => actions.admin.contacts.create(input))
      ) as Promise<CallResult<Saved<ContactEntry>>>;
    },
    texts: {
      invalid: T.error,
      failed: T.error,
      saved: kind === 'clubAddress' ? T.addressSaved : contact ? T.updated : kind === 'official' ? T.officialCreated : T.created,
    },
    next: (row) => (kind === 'clubAddress' || contact ? toForm(row) : EMPTY),
  });
  const { values, set, bind, errors, reset, dirty } = form;
  const inDialog = kind !== 'clubAddress' && contact !== null;

  // the club address form follows changes made elsewhere, unless it holds edits
  useEffect(() => {
    if (kind === 'clubAddress' && !dirty) reset(toForm(contact));
    // only a new stored record resets the form
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, JSON.stringify(contact)]);

  const id = (name: string) => `contact-${kind}-${contact && inDialog ? 'edit' : 'new'}-${name}`;
  const field = (key: keyof FormValues, label: string, extra?: Record<string, unknown>, hint?: string) => (
    <label className="admin-field" htmlFor={id(key)}>
      <span>{label}</span>
      <input id={id(key)} name={key} {...bind(key)} {...extra} />
      {hint && <small className="hint">{hint}</small>}
      <FieldError message={errors[key]} />
    </label>
  );
  const formLabel =
    kind === 'clubAddress' ? T.clubAddress : inDialog ? T.editContact : kind === 'official' ? T.addOfficial : T.addPerson;
  return (
    <form className={`admin-form contact-form contact-form-${kind}`} noValidate onSubmit={form.submit} aria-label={formLabel}>
      <div className="row">
        {field('name', kind === 'clubAddress' ? T.clubName : T.name)}
        {kind === 'person' && field('role', T.role, undefined, T.roleHint)}
        {kind === 'official' && field('office_hours', T.function, undefined, T.functionHint)}
      </div>
      {kind === 'clubAddress' && (
        <label className="admin-field" htmlFor={id('address')}>
          <span>{T.address}</span>
          <textarea id={id('address')} name="address" rows={3} {...bind('address')} />
          <FieldError message={errors.address} />
        </label>
      )}
      <div className="row">
        {field('email', T.email, { type: 'email', inputMode: 'email', autoComplete: 'off' })}
        {field('phone', T.phone, { type: 'tel', inputMode: 'tel', autoComplete: 'off' })}
      </div>
      {kind === 'clubAddress' && field('office_hours', T.website, { inputMode: 'url' })}
      {kind === 'person' && (
        <>
          <label className="admin-field" htmlFor={id('office_hours')}>
            <span>{T.officeHours}</span>
            <textarea id={id('office_hours')} name="office_hours" rows={2} {...bind('office_hours')} />
            <FieldError message={errors.office_hours} />
          </label>
          <ImageField name="image_url" label={T.image} value={values.image_url} onChange={(url) => set('image_url', url)} error={errors.image_url} folder="contacts/" />
        </>
      )}
      <EntityFormButtons
        inDialog={inDialog}
        form={form}
        createLabel={kind === 'clubAddress' ? T.saveAddress : kind === 'official' ? T.addOfficial : T.addPerson}
      />
    </form>
  );
}

export default function ContactsManager() {
  const contacts = useEntityList({
    load: () => callAction(() => actions.admin.contacts.list({})),
    loadFailed: T.loadError,
    tables: ['contact_info'],
    remove: {
      confirm: T.confirmDelete,
      call: (contact) => callAction(() => actions.admin.contacts.remove({ id: contact.id })),
      failed: T.deleteError,
      deleted: T.deleted,
    },
  });
  const { data: list, loading, reload, busy, editing } = contacts;

  const all = list ?? [];
  const address = all.find((c) => contactKind(c.role) === 'clubAddress') ?? null;
  // a second club address (older data) is listed with the persons, so it can be changed or deleted
  const persons = all.filter((c) => contactKind(c.role) === 'person' || (contactKind(c.role) === 'clubAddress' && c !== address));
  const officials = all.filter((c) => contactKind(c.role) === 'official');

  const card = (c: ContactEntry, kind: Kind) => (
    <li key={c.id} className={`admin-card contact-item contact-${kind}`} style={{ boxShadow: 'none', border: '1px solid var(--grey-200)', display: 'flex', gap: '0.75rem', flexWrap: 'wrap', alignItems: 'center' }}>
      {kind === 'person' && c.image_url && (
        <img src={c.image_url} alt="" style={{ width: '3.5rem', height: '3.5rem', borderRadius: '50%', objectFit: 'cover', flex: '0 0 auto' }} />
      )}
      <div style={{ flex: '1 1 12rem', minWidth: 0, display: 'grid', gap: '0.2rem' }}>
        <strong className="item-name" style={wrapStyle}>{c.name}</strong>
        {kind === 'person' && c.role && <small style={wrapStyle}>{c.role}</small>}
        {kind === 'official' && c.office_hours && (
          <span className="badge badge-blue official-function" style={{ justifySelf: 'start', ...wrapStyle }}>{c.office_hours}</span>
        )}
        {c.email && <small style={wrapStyle}>{c.email}</small>}
        {c.phone && <small style={wrapStyle}>{c.phone}</small>}
      </div>
      <RowActions entry={c} list={contacts} />
    </li>
  );

  const editingKind: Kind = editing ? (contactKind(editing.role) === 'official' ? 'official' : 'person') : 'person';
  return (
    <>
      <section className="admin-card" aria-labelledby="club-address-heading">
        <h2 id="club-address-heading">{T.clubAddress}</h2>
        {loading ? (
          <p className="empty">{KIT_TEXTS.loading}</p>
        ) : (
          <>
            <ContactForm kind="clubAddress" contact={address} onDone={() => void reload()} />
            {address && (
              <div className="admin-actions" style={{ marginTop: '0.75rem' }}>
                <button type="button" className="btn btn-danger btn-small" {...refusedWhile(busy.has(address.id))} onClick={() => contacts.remove(address)}>
                  Vereinsadresse löschen
                </button>
              </div>
            )}
          </>
        )}
      </section>
      <section className="admin-card" aria-labelledby="persons-heading">
        <h2 id="persons-heading">{T.persons}</h2>
        <ContactForm kind="person" contact={null} onDone={() => void reload()} />
        {list && persons.length === 0 && <p className="empty">{T.noPersons}</p>}
        {persons.length > 0 && <ul className="admin-list contact-persons" style={{ marginTop: '1rem' }}>{persons.map((c) => card(c, 'person'))}</ul>}
      </section>
      <section className="admin-card" aria-labelledby="officials-heading">
        <h2 id="officials-heading">{T.officials}</h2>
        <ContactForm kind="official" contact={null} onDone={() => void reload()} />
        {list && officials.length === 0 && <p className="empty">{T.noOfficials}</p>}
        {officials.length > 0 && <ul className="admin-list contact-officials" style={{ marginTop: '1rem' }}>{officials.map((c) => card(c, 'official'))}</ul>}
      </section>
      <EntityEditDialog list={contacts} title={T.editContact}>
        {(contact, form) => <ContactForm kind={editingKind} contact={contact} {...form} />}
      </EntityEditDialog>
    </>
  );
}
