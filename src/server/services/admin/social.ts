// Social links for the admin (admin-area.md §2 Social, §7 page_content social):
// one row per platform (page_key social_media, section_key = platform, title =
// display name, button_link = URL). Existing rows get {button_link, is_active,
// updated_at}; missing ones are inserted with the platform's display order.
// The footer of every page shows them.
import { getDb, type Db } from '../../db/client';
import { RefusedWrite, write } from '../../db/write';
import { SOCIAL_PLATFORMS } from '../../content/defaults';
import type { Change } from '../../publish/routes';
import type { SocialLinkEntry, SocialLinkValues } from '../../../lib/schemas/pageContent';
import { createPageContent, findSection, pageChangedSince, updatePageContent } from './pageContent';

export const SOCIAL_PAGE = 'social_media';
export const SOCIAL_CHANGE: Change = { table: 'page_content', key: SOCIAL_PAGE };

export function loadSocialLinks(db: Db = getDb()): SocialLinkEntry[] {
  return SOCIAL_PLATFORMS.map((p) => {
    const row = findSection(SOCIAL_PAGE, p.key, db);
    return { platform: p.key, label: p.label, id: row?.id ?? null, url: row?.button_link ?? '', is_active: row?.is_active ?? true };
  });
}

/**
 * Refuses the save when a link was changed since the form was filled with `read` (another admin's
 * save, decision 032): all four are one form, so any of them counts.
 */
export function assertSocialAsRead(read: SocialLinkValues[], db: Db = getDb()): void {
  const same = loadSocialLinks(db).every((now) => {
    const then = read.find((r) => r.platform === now.platform);
    return then !== undefined && then.url.trim() === now.url.trim() && then.is_active === now.is_active;
  });
  if (!same) throw pageChangedSince(SOCIAL_PAGE, null, db);
}

export function saveSocialLinks(links: { platform: string; url: string | null; is_active: boolean }[], db: Db = getDb()): SocialLinkEntry[] {
  for (const link of links) {
    if (!SOCIAL_PLATFORMS.some((p) => p.key === link.platform)) {
      throw new RefusedWrite(`Unbekannte Plattform: ${link.platform.slice(0, 50)}`, 'BAD_REQUEST');
    }
  }
  write('social.saveSocialLinks', (tx) => {
    const txDb = tx as unknown as Db;
    for (const link of links) {
      const platform = SOCIAL_PLATFORMS.find((p) => p.key === link.platform)!;
      const row = findSection(SOCIAL_PAGE, platform.key, txDb);
      if (row) {
        updatePageContent(row.id, { button_link: link.url, is_active: link.is_active }, txDb);
      } else {
        createPageContent(
          {
            page_key: SOCIAL_PAGE,
            section_key: platform.key,
            title: platform.label,
            button_link: link.url,
            is_active: link.is_active,
            display_order: platform.order,
            subtitle: null,
            content: null,
            image_url: null,
            button_text: null,
            meta_title: null,
            meta_description: null,
          },
          txDb,
        );
      }
    }
  }, db);
  return loadSocialLinks(db);
}
