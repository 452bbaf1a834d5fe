// The privacy policy for the admin (admin-area.md §2 Datenschutz, §7): one
// page_content row (page_key datenschutz, section_key main_content), inserted
// once and then updated {content, updated_at}. Where none is stored the editor
// starts from the built-in German text, written as HTML; the preview goes
// through the same sanitiser as the public page.
import { formatDate } from '../../../lib/dates-de';
import { getDb, type Db } from '../../db/client';
import { PRIVACY_DEFAULT } from '../../content/defaults';
import { privacySectionsFor, renamedClubIn, storedClubAddress, UNKNOWN_CLUB } from '../../content/club-facts';
import { sanitizePrivacyHtml } from '../../content/sanitize';
import type { Change } from '../../publish/routes';
import { createPageContent, findSection, updatePageContent, type PageContentRow } from './pageContent';
import { currentRevision } from '../../revisions';

export const PRIVACY_PAGE = 'datenschutz';
export const PRIVACY_SECTION = 'main_content';
export const PRIVACY_CHANGE: Change = { table: 'page_content', key: PRIVACY_PAGE };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The built-in policy as HTML for the editor. One line per block: the page
 * turns every line break of the stored text into <br>, so breaks between
 * blocks would add empty lines.
 */
export function defaultPrivacyHtml(today: Date = new Date(), db: Db = getDb()): string {
  // the club as saved is the responsible body (decision 055)
  const sections = privacySectionsFor(...clubFactsOr(db));
  const blocks = [
    `<h2>${escapeHtml(PRIVACY_DEFAULT.heading)}</h2>`,
    ...sections.flatMap((s) => [`<h3>${escapeHtml(s.title)}</h3>`, `<p>${escapeHtml(s.body)}</p>`]),
    `<p>${escapeHtml(PRIVACY_DEFAULT.standPrefix)}${escapeHtml(formatDate(today))}</p>`,
  ];
  return blocks.join('');
}

/** The club and its address; when they cannot be read (the failed load offers the default), neither. */
function clubFactsOr(db: Db): Parameters<typeof privacySectionsFor> {
  try {
    return [renamedClubIn(db), storedClubAddress(db)];
  } catch (error) {
    console.error('[privacy] the club could not be read; the default names no address:', error);
    return [UNKNOWN_CLUB, null];
  }
}

export type PrivacyDocument = {
  id: string | null;
  content: string;
  /** true when nothing is stored and the text is the built-in default */
  isDefault: boolean;
  /** true when the stored text could not be read; the default is given instead */
  loadFailed: boolean;
  updated_at: string | null;
  /** the stored text's version (0: none, or one older than the versions): a save from it is refused once another was saved (decision 032) */
  revision: number;
};

export function loadPrivacy(db: Db = getDb()): PrivacyDocument {
  let row: PageContentRow | null;
  try {
    row = findSection(PRIVACY_PAGE, PRIVACY_SECTION, db);
  } catch (error) {
    console.error('[privacy] the stored privacy policy could not be read; the default is offered:', error);
    return { id: null, content: defaultPrivacyHtml(new Date(), db), isDefault: true, loadFailed: true, updated_at: null, revision: 0 };
  }
  if (!row) return { id: null, content: defaultPrivacyHtml(new Date(), db), isDefault: true, loadFailed: false, updated_at: null, revision: 0 };
  return { id: row.id, content: row.content ?? '', isDefault: false, loadFailed: false, updated_at: row.updated_at, revision: currentRevision('page_content', row.id, db) ?? 0 };
}

/** Inserts the privacy row the first time, afterwards updates only its content. */
export function savePrivacy(content: string, db: Db = getDb()): PageContentRow {
  const existing = findSection(PRIVACY_PAGE, PRIVACY_SECTION, db);
  if (existing) return updatePageContent(existing.id, { content }, db)!.after;
  return createPageContent(
    {
      page_key: PRIVACY_PAGE,
      section_key: PRIVACY_SECTION,
      title: PRIVACY_DEFAULT.heading,
      content,
      is_active: true,
      display_order: 0,
      subtitle: null,
      image_url: null,
      button_text: null,
      button_link: null,
      meta_title: null,
      meta_description: null,
    },
    db,
  );
}

/** Exactly what /datenschutz would show for this text; '' when there is nothing to show. */
export function previewPrivacy(content: string): string {
  return content.trim() ? sanitizePrivacyHtml(content) : '';
}
