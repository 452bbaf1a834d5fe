import { ActionError, defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { shopItemIdSchema, shopItemSchema, shopItemUpdateSchema } from '../../lib/schemas/shopItem';
import { createShopItem, deleteShopItem, listShopItems, shopChange, updateShopItem } from '../../server/services/admin/shop';
import { publishChanges } from '../../server/services/admin/publication';
import { requireRole } from '../guard';
import { runVersionedWrite } from './versioned';
import { withRevisions } from '../../server/revisions';
import { runWrite } from './inputErrors';

const listInput = z.object({}).optional();

const NOT_FOUND = 'Dieses Produkt existiert nicht mehr.';

/** The shop manager (admin-area.md §2 Shop, §7 shop_items). */
export const shop = {
  list: defineAction({
    // a JSON body: the production server refuses body-less POSTs (origin check)
    accept: 'json',
    input: listInput,
    handler: async (_input, context) => {
      requireRole(context, 'admin');
      return withRevisions('shop_items', listShopItems());
    },
  }),
  create: defineAction({
    accept: 'json',
    input: shopItemSchema,
    handler: async (input, context) => {
      requireRole(context, 'admin');
      const row = runWrite(() => createShopItem(input));
      return { row, ...(await publishChanges([shopChange(row.id)])) };
    },
  }),
  update: defineAction({
    accept: 'json',
    input: shopItemUpdateSchema,
    handler: async ({ id, base_revision, ...patch }, context) => {
      requireRole(context, 'admin');
      const { saved: row, revision } = runVersionedWrite('shop_items', id, base_revision, () => updateShopItem(id, patch));
      if (!row) throw new ActionError({ code: 'NOT_FOUND', message: NOT_FOUND });
      return { row, revision, ...(await publishChanges([shopChange(row.id)])) };
    },
  }),
  remove: defineAction({
    accept: 'json',
    input: shopItemIdSchema,
    handler: async ({ id }, context) => {
      requireRole(context, 'admin');
      const row = runWrite(() => deleteShopItem(id));
      if (!row) throw new ActionError({ code: 'NOT_FOUND', message: NOT_FOUND });
      return { row, ...(await publishChanges([shopChange(row.id)])) };
    },
  }),
};
