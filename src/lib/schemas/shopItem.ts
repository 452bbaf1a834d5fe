// shop_items (admin-area.md §3, §5, §8): name and price required, display_order
// an integer (default 0), empty image_url or link stored as null. The link is
// "a URL or free text": /shop links only real web addresses and shows anything
// else as text, so free text is kept as it is.
import { z } from 'astro/zod';
import './zod-german';
import { baseRevision, id, optionalText, requiredText } from './common';
import { displayOrder } from './pageContent';
import { optionalImageUrl } from './upload';

export const shopItemSchema = z.object({
  name: requiredText(5_000),
  price: requiredText(200),
  image_url: optionalImageUrl,
  external_link: optionalText(2_000),
  display_order: displayOrder(),
  is_active: z.boolean().default(true),
});
export type ShopItemInput = z.input<typeof shopItemSchema>;
export type ShopItemData = z.output<typeof shopItemSchema>;

/** Update by id: only the fields sent change (the list's Aktiv/Inaktiv toggle sends one). */
export const shopItemUpdateSchema = shopItemSchema.partial().extend({ id, base_revision: baseRevision });
export const shopItemIdSchema = z.object({ id });

export type ShopItemEntry = {
  id: string;
  name: string;
  price: string;
  image_url: string | null;
  external_link: string | null;
  display_order: number;
  is_active: boolean;
  created_at: string;
  updated_at: string;
};

/** The shop manager's German texts (admin-area.md §2, §8). */
export const SHOP_ADMIN_TEXTS = {
  heading: 'Shop-Produkte',
  newItem: 'Neues Produkt',
  editItem: 'Produkt bearbeiten',
  name: 'Name *',
  price: 'Preis *',
  image: 'Produktbild',
  link: 'Link (URL oder Text)',
  linkHint: 'Eine Web-Adresse wird zum Button „Jetzt kaufen“, anderer Text wird auf der Website angezeigt.',
  order: 'Reihenfolge',
  active: 'Aktiv',
  inactive: 'Inaktiv',
  activate: 'Aktivieren',
  deactivate: 'Deaktivieren',
  create: 'Produkt erstellen',
  updated: 'Produkt aktualisiert!',
  created: 'Produkt erstellt!',
  deleted: 'Produkt gelöscht!',
  error: 'Fehler',
  deleteError: 'Fehler beim Löschen',
  loadError: 'Fehler beim Laden',
  samples: 'Die Produkte konnten nicht geladen werden. Beispielprodukte werden angezeigt.',
  sample: 'Beispiel',
  empty: 'Noch keine Produkte angelegt.',
  confirmDelete: 'Dieses Produkt wirklich löschen?',
  uploadSuccess: 'Bild hochgeladen!',
  uploadError: 'Upload-Fehler',
  folder: 'shop/',
} as const;
