// shop_items for the admin (admin-area.md §7): all ordered by display_order,
// insert, update by id, delete by id. /shop shows the active ones.
import { asc, eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { write } from '../../db/write';
import { shopItems } from '../../db/schema';
import type { Change } from '../../publish/routes';
import type { ShopItemData } from '../../../lib/schemas/shopItem';

export type ShopItemRow = typeof shopItems.$inferSelect;

export function listShopItems(db: Db = getDb()): ShopItemRow[] {
  return db
    .select()
    .from(shopItems)
    .orderBy(asc(shopItems.display_order), asc(shopItems.created_at), asc(sql`rowid`))
    .all();
}

export function createShopItem(input: ShopItemData, db: Db = getDb()): ShopItemRow {
  return write(
    'shop.createShopItem',
    () => {
      return db.insert(shopItems).values(input).returning().get();
    },
    db,
  );
}

/** Changes the fields given; null when the item does not exist. */
export function updateShopItem(id: string, patch: Partial<ShopItemData>, db: Db = getDb()): ShopItemRow | null {
  return write(
    'shop.updateShopItem',
    () => {
      const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      return (
        db
          .update(shopItems)
          .set({ ...values, updated_at: new Date().toISOString() })
          .where(eq(shopItems.id, id))
          .returning()
          .get() ?? null
      );
    },
    db,
  );
}

export function deleteShopItem(id: string, db: Db = getDb()): ShopItemRow | null {
  return write(
    'shop.deleteShopItem',
    () => {
      return db.delete(shopItems).where(eq(shopItems.id, id)).returning().get() ?? null;
    },
    db,
  );
}

export const shopChange = (id: string): Change => ({ table: 'shop_items', key: id });
