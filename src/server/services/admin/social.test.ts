import { beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../db/test-db';
import type { Db } from '../../db/client';
import { socialLinksSchema } from '../../../lib/schemas/pageContent';
import { affectedUrls, allUrls } from '../../publish/affected-urls';
import { listPageContent } from './pageContent';
import { RefusedWrite } from '../../db/write';
import { loadSocialLinks, saveSocialLinks, SOCIAL_CHANGE } from './social';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});

describe('social links', () => {
  it('offers one visible, empty link per platform while nothing is stored', () => {
    expect(loadSocialLinks(db)).toEqual([
      { platform: 'facebook', label: 'Facebook', id: null, url: '', is_active: true },
      { platform: 'instagram', label: 'Instagram', id: null, url: '', is_active: true },
      { platform: 'whatsapp', label: 'WhatsApp', id: null, url: '', is_active: true },
      { platform: 'tiktok', label: 'TikTok', id: null, url: '', is_active: true },
    ]);
  });

  it('inserts rows with the platform order 1-4, then updates URL and visibility', () => {
    const { links } = socialLinksSchema.parse({
      links: [
        { platform: 'facebook', url: 'https://facebook.com/sv', is_active: true },
        { platform: 'instagram', url: '', is_active: true },
        { platform: 'whatsapp', url: 'https://wa.me/43', is_active: false },
        { platform: 'tiktok', url: 'https://tiktok.com/@sv', is_active: true },
      ],
    });
    saveSocialLinks(links, db);
    const rows = listPageContent('social_media', db);
    expect(rows.map((r) => [r.section_key, r.title, r.display_order, r.button_link, r.is_active])).toEqual([
      ['facebook', 'Facebook', 1, 'https://facebook.com/sv', true],
      ['instagram', 'Instagram', 2, null, true],
      ['whatsapp', 'WhatsApp', 3, 'https://wa.me/43', false],
      ['tiktok', 'TikTok', 4, 'https://tiktok.com/@sv', true],
    ]);
    const ids = rows.map((r) => r.id);
    saveSocialLinks([{ platform: 'whatsapp', url: 'https://wa.me/4366', is_active: true }], db);
    const after = listPageContent('social_media', db);
    expect(after.map((r) => r.id)).toEqual(ids);
    expect(after.find((r) => r.section_key === 'whatsapp')).toMatchObject({ button_link: 'https://wa.me/4366', is_active: true });
  });

  it('refuses unknown platforms and script links, and writes nothing then', () => {
    expect(() => saveSocialLinks([{ platform: 'myspace', url: null, is_active: true }], db)).toThrow(RefusedWrite);
    const bad = socialLinksSchema.safeParse({ links: [{ platform: 'facebook', url: 'javascript:alert(1)', is_active: true }] });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual(['Bitte eine gültige Web-Adresse eingeben (https://…).']);
    expect(listPageContent('social_media', db)).toEqual([]);
  });

  it("takes an address pasted without https:// as the sponsors' form does", () => {
    const { links } = socialLinksSchema.parse({ links: [{ platform: 'facebook', url: ' www.facebook.com/svkirchberg ', is_active: true }] });
    expect(saveSocialLinks(links, db).find((l) => l.platform === 'facebook')).toMatchObject({ url: 'https://www.facebook.com/svkirchberg' });
    expect(listPageContent('social_media', db).map((r) => r.button_link)).toEqual(['https://www.facebook.com/svkirchberg']);
  });

  it('a change republishes every page with the footer', () => {
    const urls = affectedUrls(db, [SOCIAL_CHANGE]);
    expect(urls).toContain('/');
    expect(urls).toContain('/impressum');
    expect(urls).toContain('/shop');
    expect(urls).not.toContain('/news/feed.xml');
    // every page; not the feeds, files and images (share images, icons) that show no footer
    expect(urls.length).toBe(allUrls(db).filter((u) => !/\.(xml|txt|json|ics|png|ico|webmanifest)$/.test(u)).length);
  });
});
