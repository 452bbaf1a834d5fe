import { beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../db/test-db';
import type { Db } from '../../db/client';
import { sponsorSchema } from '../../../lib/schemas/sponsor';
import { createSponsor, deleteSponsor, listSponsors, sponsorChange, updateSponsor } from './sponsors';
import { affectedUrls } from '../../publish/affected-urls';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});

describe('sponsors service', () => {
  it('creates with tier standard by default and lists by tier, then name', () => {
    createSponsor(sponsorSchema.parse({ name: 'Zimmerei Berger' }), db);
    createSponsor(sponsorSchema.parse({ name: 'Autohaus Huber', tier: 'gold' }), db);
    createSponsor(sponsorSchema.parse({ name: 'Bäckerei Pichler' }), db);
    expect(listSponsors(db).map((s) => `${s.tier}:${s.name}`)).toEqual([
      'gold:Autohaus Huber',
      'standard:Bäckerei Pichler',
      'standard:Zimmerei Berger',
    ]);
  });

  it('updates and deletes by id; a missing id gives null', () => {
    const row = createSponsor(sponsorSchema.parse({ name: 'Raiffeisen', tier: 'premium' }), db);
    const input = sponsorSchema.parse({ name: 'Raiffeisenbank', tier: 'silver', website_url: 'www.raiffeisen.at' });
    expect(updateSponsor(row.id, input, db)).toMatchObject({ name: 'Raiffeisenbank', tier: 'silver', website_url: 'https://www.raiffeisen.at' });
    expect(updateSponsor('fehlt', input, db)).toBeNull();
    expect(deleteSponsor(row.id, db)?.id).toBe(row.id);
    expect(listSponsors(db)).toEqual([]);
  });

  it('a change republishes the home page and /sponsoren', () => {
    expect(affectedUrls(db, [sponsorChange('x')]).sort()).toEqual(['/', '/sponsoren']);
  });
});

describe('sponsor schema', () => {
  const messages = (input: unknown) => {
    const r = sponsorSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('requires name and tier', () => {
    expect(messages({ name: '', tier: '' })).toEqual([
      'name: Bitte füllen Sie alle Pflichtfelder aus',
      'tier: Bitte füllen Sie alle Pflichtfelder aus',
    ]);
    expect(messages({ name: 'A', tier: 'platin' })).toEqual(['tier: Bitte eine gültige Stufe wählen.']);
  });
  it("keeps the old app's 'supporter' (public-site.md §3: the public list knows it); an unknown tier stays refused", () => {
    const row = createSponsor(sponsorSchema.parse({ name: 'Freundeskreis', tier: 'supporter' }), db);
    expect(updateSponsor(row.id, sponsorSchema.parse({ name: 'Freundeskreis des Vereins', tier: 'supporter' }), db)).toMatchObject({ tier: 'supporter' });
    expect(messages({ name: 'A', tier: 'unterstuetzer' })).toEqual(['tier: Bitte eine gültige Stufe wählen.']);
  });
  it('accepts only web addresses as website and safe logo addresses', () => {
    expect(messages({ name: 'A', website_url: 'javascript:alert(1)' })).toEqual([
      'website_url: Bitte eine gültige Website-Adresse eingeben (z. B. https://firma.at).',
    ]);
    expect(messages({ name: 'A', logo_url: 'data:image/png;base64,xx' })).toEqual(['logo_url: Bitte eine gültige Bild-Adresse angeben.']);
    expect(sponsorSchema.parse({ name: 'A', website_url: '', logo_url: '/uploads/sponsors/a.webp' })).toMatchObject({
      tier: 'standard',
      website_url: null,
      logo_url: '/uploads/sponsors/a.webp',
    });
  });
});
