// The spec's built-in texts state the built-in club's facts: its address and e-mail (footer, imprint,
// privacy policy, where the site's inquiries are sent), its register number and authority (imprint), its
// bank account (membership) and its ground (the next-match card, the sample fixtures). They are true of
// that club only. Once a superadmin renames the club in 'Verein', they would give this club another
// club's address on its legal pages, another club's mailbox for its fans' messages and another club's
// account for the membership fee: each fact then comes from what the club saved (its 'Vereinsadresse'
// in 'Kontakt', its ground in 'Verein'), or is left out. The spec's texts stand, word for word, until
// the rename (docs/decisions/055).
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contactInfo, homepageContent } from '../db/schema';
import { CONTACT_ROLES } from '../../lib/schemas/contact';
import { CLUB, FOOTER_DEFAULTS, HERO_DEFAULTS, IMPRINT_DEFAULTS, IMPRINT_SECTIONS, MEMBERSHIP_DEFAULTS, NEXT_MATCH_DEFAULTS, PRIVACY_DEFAULT, SAMPLE_MATCHES, type FooterTexts } from './defaults';
import { storedClubSettings, type ClubSettingsRow } from './club';
import type { FixtureCard } from './fixture-cards';
import { homepageSection, readOr } from './public-content';

/** A club renamed in 'Verein': the facts of it the built-in texts need. */
export type RenamedClub = { longName: string; shortName: string; ground: string | null };

/** The club's own address as 'Kontakt' keeps it (the 'Vereinsadresse' record). */
export type ClubAddress = { lines: string[]; email: string | null };

/** The club as saved, or null while it is the built-in club (its stored row may differ in colours only). */
export function renamedClubOf(row: Pick<ClubSettingsRow, 'long_name' | 'short_name' | 'home_ground'> | null): RenamedClub | null {
  if (!row || row.long_name === CLUB.fullName) return null;
  return { longName: row.long_name, shortName: row.short_name, ground: row.home_ground?.trim() || null };
}

/** The first 'Vereinsadresse' record by creation: the one /kontakt shows. */
export function storedClubAddress(db: Db): ClubAddress | null {
  const row = db
    .select({ address: contactInfo.address, email: contactInfo.email })
    .from(contactInfo)
    .where(sql`trim(${contactInfo.role}) = ${CONTACT_ROLES.clubAddress}`)
    // the same record 'Kontakt' saves (contacts.ts: by creation, then by insertion)
    .orderBy(asc(contactInfo.created_at), asc(sql`rowid`))
    .get();
  if (!row) return null;
  const lines = (row.address ?? '').split('\n').map((line) => line.trim()).filter(Boolean);
  return { lines, email: row.email?.trim() || null };
}

/** The club as saved in `db`, for the admin's forms (null: the built-in club). */
export function renamedClubIn(db: Db): RenamedClub | null {
  return renamedClubOf(storedClubSettings(db));
}

/** Stands for the club when its row cannot be read: its name is the built-in one, its facts are left out. */
export const UNKNOWN_CLUB: RenamedClub = { longName: CLUB.fullName, shortName: CLUB.nameLine1, ground: null };

/**
 * The club as the public pages show it now (null: the built-in club). When its row cannot be read, the
 * pages show the built-in name (clubIdentity's fallback) but none of the built-in facts: the club may have
 * been renamed, and another club's address or account would be worse than none until the next publish.
 */
export function renamedClub(): RenamedClub | null {
  const row = readOr('club settings', undefined as ClubSettingsRow | null | undefined, storedClubSettings);
  return row === undefined ? UNKNOWN_CLUB : renamedClubOf(row);
}

/** The club's own address for the public pages (null when none is saved or it cannot be read). */
export function clubAddress(): ClubAddress | null {
  return readOr('club address', null as ClubAddress | null, storedClubAddress);
}

/** A built-in text with the built-in club's name, for a renamed club (the texts no admin wrote only). */
const renamedIn = (text: string, club: RenamedClub) => text.replaceAll(CLUB.fullName, club.longName);

/**
 * The footer's built-in texts: a renamed club's name as its title (on one line) and in the copyright, and
 * no contact lines or e-mail (its own to write).
 */
export function footerDefaultsFor(club: RenamedClub | null): FooterTexts {
  if (!club) return { ...FOOTER_DEFAULTS };
  return {
    ...FOOTER_DEFAULTS,
    club_title_line1: club.longName,
    club_title_line2: '',
    copyright_text: renamedIn(FOOTER_DEFAULTS.copyright_text, club),
    contact_location1: '',
    contact_location2: '',
    contact_location3: '',
    contact_email: '',
  };
}

/** The hero's built-in lines and welcome: a renamed club's name on one line, and in the welcome. */
export function heroDefaultsFor(club: RenamedClub | null): { line1: string; line2: string; welcome: string } {
  if (!club) return { line1: HERO_DEFAULTS.line1, line2: HERO_DEFAULTS.line2, welcome: HERO_DEFAULTS.welcome };
  return { line1: club.longName, line2: '', welcome: renamedIn(HERO_DEFAULTS.welcome, club) };
}

type StoredFooter = Pick<typeof homepageContent.$inferSelect, 'content'> | null;

/** Stored footer texts over the defaults (a key the stored JSON lacks keeps its default). */
export function footerTextsOf(row: StoredFooter, club: RenamedClub | null): FooterTexts {
  const texts = footerDefaultsFor(club);
  if (!row?.content) return texts;
  try {
    const parsed = JSON.parse(row.content) as Record<string, unknown>;
    for (const key of Object.keys(texts) as (keyof FooterTexts)[]) {
      const value = parsed[key];
      if (typeof value === 'string') texts[key] = value;
    }
  } catch (error) {
    console.error('[content] footer_texts is not valid JSON, defaults are shown:', error);
  }
  return texts;
}

/** The footer as every page shows it. The footer reads no contact record: a contact's save republishes no footer. */
export function footerTexts(): FooterTexts {
  return footerTextsOf(homepageSection('footer_texts'), renamedClub());
}

/**
 * Where the site's inquiries are announced: the footer's e-mail, else the 'Vereinsadresse' e-mail; null when
 * there is neither (a renamed club has no built-in one): they then wait in the admin inbox unannounced.
 */
export function inquiryRecipient(): string | null {
  return readOr('inquiry recipient', null as string | null, inquiryRecipientIn);
}

/** inquiryRecipient() on a given connection: the mail of a new inquiry goes there. */
export function inquiryRecipientIn(db: Db): string | null {
  const footer = db.select({ content: homepageContent.content }).from(homepageContent).where(eq(homepageContent.section_key, 'footer_texts')).get() ?? null;
  return footerTextsOf(footer, renamedClubIn(db)).contact_email.trim() || storedClubAddress(db)?.email || null;
}

type ImprintKey = (typeof IMPRINT_SECTIONS)[number];
const PURPOSE = IMPRINT_DEFAULTS.medieninhaber.content.slice(IMPRINT_DEFAULTS.medieninhaber.content.indexOf('\n\nVereinszweck'));

/**
 * The imprint's built-in sections. A renamed club's publisher is its name with the address and e-mail of
 * its 'Vereinsadresse'; its register entry is empty (the page leaves a fixed section without text out)
 * until an admin writes it: the built-in club's ZVR number would be false.
 */
export function imprintDefaultsFor(club: RenamedClub | null, address: ClubAddress | null): Record<ImprintKey, { title: string; content: string }> {
  if (!club) return IMPRINT_DEFAULTS;
  const publisher = [club.longName, ...(address?.lines ?? []), ...(address?.email ? [`E-Mail: ${address.email}`] : [])];
  return {
    ...IMPRINT_DEFAULTS,
    medieninhaber: { ...IMPRINT_DEFAULTS.medieninhaber, content: publisher.join('\n') + PURPOSE },
    vereinsregister: { ...IMPRINT_DEFAULTS.vereinsregister, content: '' },
  };
}

/** The built-in privacy policy: a renamed club is the responsible body, with its own address and e-mail. */
export function privacySectionsFor(club: RenamedClub | null, address: ClubAddress | null): readonly { title: string; body: string }[] {
  if (!club) return PRIVACY_DEFAULT.sections;
  const where = address?.lines.length ? `, ${address.lines.join(', ')}` : '';
  const mail = address?.email ? ` E-Mail: ${address.email}` : '';
  const [first, ...rest] = PRIVACY_DEFAULT.sections;
  // 'ist:' rather than the spec's 'ist der': a renamed club may be 'die Sportunion …'
  return [{ title: first.title, body: `Verantwortlich für die Datenverarbeitung auf dieser Website ist: ${club.longName}${where}.${mail}` }, ...rest];
}

/** The built-in account for the membership fee: the built-in club's only (null: left out until one is saved). */
export function membershipAccountFor(club: RenamedClub | null): { iban: string; bank: string } | null {
  return club ? null : { iban: MEMBERSHIP_DEFAULTS.iban, bank: MEMBERSHIP_DEFAULTS.bank };
}

/** The next-match card's built-in teams and place: a renamed club against 'Gegner' at its own ground. */
export function nextMatchDefaultsFor(club: RenamedClub | null): { content: string; location: string } {
  if (!club) return { content: NEXT_MATCH_DEFAULTS.content, location: NEXT_MATCH_DEFAULTS.location };
  return { content: `${club.shortName} vs. Gegner`, location: club.ground ?? '' };
}

/** The fixtures shown while no match is stored, with a renamed club in the built-in club's place. */
export function sampleMatchesFor(club: RenamedClub | null): readonly FixtureCard[] {
  if (!club) return SAMPLE_MATCHES;
  const ours = (team: string) => (team === CLUB.fullName ? club.longName : team);
  return SAMPLE_MATCHES.map((m) => ({
    ...m,
    home_team: ours(m.home_team),
    away_team: ours(m.away_team),
    // the built-in club's ground becomes ours; the other grounds are the opponents'
    location: m.location === CLUB.ground ? club.ground : m.location,
  }));
}
