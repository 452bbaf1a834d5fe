import { beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../db/test-db';
import type { Db } from '../../db/client';
import { shopItemSchema, shopItemUpdateSchema } from '../../../lib/schemas/shopItem';
import { createShopItem, deleteShopItem, listShopItems, shopChange, updateShopItem } from './shop';
import { affectedUrls } from '../../publish/affected-urls';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});

describe('shop service', () => {
  it('creates items with display_order 0, active, and empty image and link stored as null', () => {
    const row = createShopItem(shopItemSchema.parse({ name: 'Heimtrikot', price: '45,00 €', image_url: '', external_link: '  ' }), db);
    expect(row).toMatchObject({ name: 'Heimtrikot', price: '45,00 €', image_url: null, external_link: null, display_order: 0, is_active: true });
  });

  it('lists by display_order and updates only the fields sent', () => {
    const b = createShopItem(shopItemSchema.parse({ name: 'B', price: '2 €', display_order: '2' }), db);
    createShopItem(shopItemSchema.parse({ name: 'A', price: '1 €', display_order: 1 }), db);
    expect(listShopItems(db).map((r) => r.name)).toEqual(['A', 'B']);
    const patch = shopItemUpdateSchema.parse({ id: b.id, is_active: false });
    const { id, ...fields } = patch;
    const updated = updateShopItem(id, fields, db);
    expect(updated).toMatchObject({ name: 'B', price: '2 €', is_active: false, display_order: 2 });
    expect(updateShopItem('fehlt', { name: 'x' }, db)).toBeNull();
  });

  it('deletes by id', () => {
    const row = createShopItem(shopItemSchema.parse({ name: 'Kappe', price: '18 €' }), db);
    expect(deleteShopItem(row.id, db)?.name).toBe('Kappe');
    expect(deleteShopItem(row.id, db)).toBeNull();
    expect(listShopItems(db)).toEqual([]);
  });

  it('keeps hostile names and free-text links as typed', () => {
    const name = '<script>alert(1)</script>'.padEnd(5000, 'x');
    const row = createShopItem(shopItemSchema.parse({ name, price: '1 €', external_link: 'javascript:alert(1)' }), db);
    expect(row.name).toBe(name);
    expect(row.external_link).toBe('javascript:alert(1)');
  });

  it('a change republishes /shop only', () => {
    expect(affectedUrls(db, [shopChange('x')])).toEqual(['/shop']);
  });
});

describe('shop item schema', () => {
  const messages = (input: unknown) => {
    const r = shopItemSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('requires name and price with the admin message', () => {
    expect(messages({ name: '', price: ' ' })).toEqual([
      'name: Bitte füllen Sie alle Pflichtfelder aus',
      'price: Bitte füllen Sie alle Pflichtfelder aus',
    ]);
  });
  it('wants an integer display order and a safe image address', () => {
    expect(messages({ name: 'a', price: 'b', display_order: '1.5' })).toEqual(['display_order: Bitte eine ganze Zahl eingeben.']);
    expect(messages({ name: 'a', price: 'b', image_url: 'javascript:alert(1)' })).toEqual(['image_url: Bitte eine gültige Bild-Adresse angeben.']);
  });
});
