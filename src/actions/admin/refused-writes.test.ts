// A write the service refuses reaches the admin as an ActionError with its German message and its code (decision
// 013: no refused write is a 500). Each handler is called on its own, as the permission matrix calls them; a
// RefusedWrite that escapes one became Astro's INTERNAL_SERVER_ERROR, which the forms show as their bare 'Fehler'.
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActionError } from 'astro:actions';
import { createTestDb, seed } from '../../server/db/test-db';
import type { Db } from '../../server/db/client';
import { contactInfo, membershipInquiries, pageContent, shopItems, sponsors } from '../../server/db/schema';
import { STORAGE_TEXTS } from '../../server/db/write';
import { CONTACT_ADMIN_TEXTS } from '../../lib/schemas/contact';
import type { ActionDefinition } from '../../../tests/fixtures/action-definitions';

type Definition = ActionDefinition;
const { definitions } = vi.hoisted(() => ({ definitions: new Map<unknown, Definition>() }));
// remember each action's own handler, to call it without Astro's validation in front
vi.mock('astro:actions', (importOriginal) => import('../../../tests/fixtures/action-definitions').then((m) => m.keepingDefinitions(importOriginal, definitions)));
// nothing is published here: a refused write never reaches it
vi.mock('../../server/services/admin/publication', () => ({ publishChanges: async () => ({}) }));

const { server } = await import('../index');

const admin = {
  locals: {
    user: { id: 'id-admin', email: 'admin@test.at' },
    session: { id: 'session-admin', expiresAt: Date.now() + 60_000 },
    roles: ['admin'],
    isAdmin: true,
    isSuperAdmin: false,
  },
  cookies: { get: () => undefined, set: () => undefined, delete: () => undefined, has: () => false },
  url: new URL('http://localhost/_actions/x'),
  request: new Request('http://localhost/_actions/x', { method: 'POST' }),
  clientAddress: '127.0.0.1',
};

async function refusalOf(action: unknown, input: unknown): Promise<unknown> {
  return Promise.resolve()
    .then(() => definitions.get(action)!.handler(input, admin))
    .then(() => null, (error: unknown) => error);
}

let db: Db;
const ids = { sponsor: '', shop: '', page: '', contact: '', inquiry: '' };
beforeEach(() => {
  db = createTestDb();
  seed(db, (tx) => {
    ids.sponsor = tx.insert(sponsors).values({ name: 'Autohaus Gruber', tier: 'gold' }).returning().get().id;
    ids.shop = tx.insert(shopItems).values({ name: 'Schal', price: '15,00 €' }).returning().get().id;
    ids.page = tx.insert(pageContent).values({ page_key: 'home', section_key: 'hero' }).returning().get().id;
    ids.contact = tx.insert(contactInfo).values({ name: 'Maria Huber', role: 'Obfrau' }).returning().get().id;
    ids.inquiry = tx.insert(membershipInquiries).values({ name: 'Jonas', email: 'j@test.at', betreff: 'Probetraining', nachricht: 'Hallo' }).returning().get().id;
  });
});
afterAll(() => vi.restoreAllMocks());

describe('a refused write in the managers without a version check (create, delete, status)', () => {
  it('is answered with its code and German message when the database takes no writes', async () => {
    const calls: [string, unknown, unknown][] = [
      ['admin.sponsors.create', server.admin.sponsors.create, { name: 'Bäckerei Lind', tier: 'silver' }],
      ['admin.sponsors.remove', server.admin.sponsors.remove, { id: ids.sponsor }],
      ['admin.shop.create', server.admin.shop.create, { name: 'Trikot', price: '45,00 €', display_order: 0 }],
      ['admin.shop.remove', server.admin.shop.remove, { id: ids.shop }],
      ['admin.pageContent.create', server.admin.pageContent.create, { page_key: 'home', section_key: 'intro', display_order: 0 }],
      ['admin.pageContent.remove', server.admin.pageContent.remove, { id: ids.page }],
      ['admin.contacts.create', server.admin.contacts.create, { name: 'Karl Pichler', role: 'Kassier' }],
      ['admin.contacts.saveClubAddress', server.admin.contacts.saveClubAddress, { name: 'SV Musterdorf', role: 'Vereinsadresse' }],
      ['admin.contacts.remove', server.admin.contacts.remove, { id: ids.contact }],
      ['admin.inquiries.setStatus', server.admin.inquiries.setStatus, { id: ids.inquiry, status: 'read' }],
      ['admin.inquiries.remove', server.admin.inquiries.remove, { id: ids.inquiry }],
      ['admin.privacy.save', server.admin.privacy.save, { content: '<p>Datenschutz</p>' }],
    ];
    db.$client.pragma('query_only = ON');
    for (const [name, action, input] of calls) {
      const error = await refusalOf(action, input);
      expect(error, name).toBeInstanceOf(ActionError);
      expect((error as ActionError).code, name).toBe('SERVICE_UNAVAILABLE');
      expect((error as ActionError).message, name).toBe(STORAGE_TEXTS.readonly);
    }
    db.$client.pragma('query_only = OFF');
    console.info(`[refused writes] tried ${calls.length}, answered as refusals ${calls.length}`);
    // and nothing was stored or removed
    expect(db.select().from(sponsors).all().map((r) => r.name)).toEqual(['Autohaus Gruber']);
    expect(db.select().from(membershipInquiries).get()?.status).toBe('unread');
  });

  it("a person given the club address's role is refused as in the update: 400 with the reason, not a 500", async () => {
    const error = await refusalOf(server.admin.contacts.create, { name: 'Maria', role: 'Vereinsadresse' });
    expect(error).toBeInstanceOf(ActionError);
    expect((error as ActionError).code).toBe('BAD_REQUEST');
    expect((error as ActionError).message).toBe(CONTACT_ADMIN_TEXTS.clubAddressRole);
  });
});
