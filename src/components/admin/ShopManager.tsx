// Shop manager (admin-area.md §2 Shop, §5, §8): list, create, edit, delete shop
// items, the active flag, an image per item (uploads into 'shop/'). When the
// list cannot be loaded, the four sample products are shown.
import { actions } from 'astro:actions';
import { refusedWhile } from '../ui/refused';
import { SAMPLE_SHOP_ITEMS } from '../../lib/shop-samples';
import { SHOP_ADMIN_TEXTS as T, shopItemSchema, type ShopItemEntry } from '../../lib/schemas/shopItem';
import { ActiveBadge, FieldError, ImageField, callAction, wrapStyle } from './contentKit';
import { EntityEditDialog, EntityFormButtons, RowActions, useEntityForm, useEntityList, type EntityFormProps } from './entityKit';
import { createOrUpdate } from './entitySave';

type FormValues = {
  name: string;
  price: string;
  image_url: string;
  external_link: string;
  display_order: string;
  is_active: boolean;
};
const EMPTY: FormValues = { name: '', price: '', image_url: '', external_link: '', display_order: '0', is_active: true };

const toForm = (item: ShopItemEntry): FormValues => ({
  name: item.name,
  price: item.price,
  image_url: item.image_url ?? '',
  external_link: item.external_link ?? '',
  display_order: String(item.display_order),
  is_active: item.is_active,
});

/** The product form: create mode without `item`, edit mode with it. */
function ShopItemForm({ item, ...props }: { item: ShopItemEntry | null } & EntityFormProps) {
  const save = createOrUpdate(item, actions.admin.shop);
  const form = useEntityForm({
    ...props,
    initial: item ? toForm(item) : EMPTY,
    schema: shopItemSchema,
    save,
    texts: { invalid: T.error, failed: T.error, saved: item ? T.updated : T.created },
    next: (row) => (item ? toForm(row) : EMPTY),
  });
  const { values, set, bind, errors } = form;

  const id = (name: string) => `shop-${item ? 'edit' : 'new'}-${name}`;
  return (
    <form className="admin-form shop-form" noValidate onSubmit={form.submit} aria-label={item ? T.editItem : T.newItem}>
      <div className="row">
        <label className="admin-field" htmlFor={id('name')}>
          <span>{T.name}</span>
          <input id={id('name')} name="name" {...bind('name')} />
          <FieldError message={errors.name} />
        </label>
        <label className="admin-field" htmlFor={id('price')}>
          <span>{T.price}</span>
          <input id={id('price')} name="price" placeholder="z. B. 45,00 €" {...bind('price')} />
          <FieldError message={errors.price} />
        </label>
      </div>
      <ImageField
        name="image_url"
        label={T.image}
        value={values.image_url}
        onChange={(url) => set('image_url', url)}
        error={errors.image_url}
        folder={T.folder}
        uploadTexts={{ success: T.uploadSuccess, error: T.uploadError }}
      />
      <label className="admin-field" htmlFor={id('link')}>
        <span>{T.link}</span>
        <input id={id('link')} name="external_link" {...bind('external_link')} />
        <small className="hint">{T.linkHint}</small>
        <FieldError message={errors.external_link} />
      </label>
      <div className="row" style={{ alignItems: 'end' }}>
        <label className="admin-field" htmlFor={id('order')}>
          <span>{T.order}</span>
          <input id={id('order')} name="display_order" inputMode="numeric" {...bind('display_order')} />
          <FieldError message={errors.display_order} />
        </label>
        <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', minHeight: 44 }}>
          <input type="checkbox" name="is_active" checked={values.is_active} onChange={(e) => set('is_active', e.target.checked)} />
          {T.active}
        </label>
      </div>
      <EntityFormButtons inDialog={item !== null} form={form} createLabel={T.create} />
    </form>
  );
}

export default function ShopManager() {
  const list = useEntityList({
    load: () => callAction(() => actions.admin.shop.list({})),
    loadFailed: T.loadError,
    tables: ['shop_items'],
    remove: {
      confirm: T.confirmDelete,
      call: (item) => callAction(() => actions.admin.shop.remove({ id: item.id })),
      failed: T.deleteError,
      deleted: T.deleted,
    },
  });
  const { data: items, loadFailed, loading, reload, saved, failed, busy, during } = list;

  const toggle = async (item: ShopItemEntry) => {
    const result = await during(item.id, () => callAction(() => actions.admin.shop.update({ id: item.id, is_active: !item.is_active })));
    if (!result.ok) return failed(T.error, result.message);
    const { row: _row, ...publication } = result.data;
    saved(T.updated, publication);
    void reload();
  };

  return (
    <>
      <section className="admin-card">
        <h2>{T.newItem}</h2>
        <ShopItemForm item={null} onDone={() => void reload()} />
      </section>
      <section className="admin-card" aria-labelledby="shop-list-heading">
        <h2 id="shop-list-heading">
          {T.heading} {items && !loadFailed ? `(${items.length})` : ''}
        </h2>
        {loading && <p className="empty">Lädt...</p>}
        {loadFailed && (
          <>
            <p className="notice">{T.samples}</p>
            <ul className="admin-list shop-samples">
              {SAMPLE_SHOP_ITEMS.map((s) => (
                <li key={s.id} className="admin-card" style={{ boxShadow: 'none', border: '1px solid var(--grey-200)' }}>
                  <strong>{s.name}</strong> <span className="badge badge-blue">{s.price}</span> <span className="badge">{T.sample}</span>
                </li>
              ))}
            </ul>
          </>
        )}
        {!loadFailed && items && items.length === 0 && <p className="empty">{T.empty}</p>}
        {!loadFailed && items && items.length > 0 && (
          <ul className="admin-list shop-items">
            {items.map((item) => (
              <li key={item.id} className="admin-card shop-item" data-id={item.id} style={{ boxShadow: 'none', border: '1px solid var(--grey-200)', display: 'flex', gap: '0.75rem', flexWrap: 'wrap', alignItems: 'center' }}>
                <div style={{ width: '4rem', height: '4rem', background: 'var(--grey-100)', borderRadius: '0.5rem', overflow: 'hidden', display: 'grid', placeItems: 'center', flex: '0 0 auto' }}>
                  {item.image_url ? <img src={item.image_url} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <span aria-hidden="true">🛍️</span>}
                </div>
                <div style={{ flex: '1 1 12rem', minWidth: 0, display: 'grid', gap: '0.25rem' }}>
                  <strong className="item-name" style={wrapStyle}>{item.name}</strong>
                  <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.35rem' }}>
                    <span className="badge badge-blue">{item.price}</span>
                    <ActiveBadge active={item.is_active} />
                    <span className="badge">#{item.display_order}</span>
                  </div>
                  {item.external_link && <small style={{ ...wrapStyle, color: 'var(--grey-500)' }}>{item.external_link}</small>}
                </div>
                <RowActions
                  entry={item}
                  list={list}
                  leading={
                    <button
                      type="button"
                      className="btn btn-outline btn-small"
                      aria-label={`${item.is_active ? T.deactivate : T.activate}: ${item.name}`}
                      {...refusedWhile(busy.has(item.id))}
                      onClick={() => void toggle(item)}
                    >
                      {item.is_active ? T.deactivate : T.activate}
                    </button>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <EntityEditDialog list={list} title={T.editItem}>
        {(item, form) => <ShopItemForm item={item} {...form} />}
      </EntityEditDialog>
    </>
  );
}
