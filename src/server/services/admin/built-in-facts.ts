// After a rename in 'Verein', the texts an admin saved while the club was the built-in one may still
// hold the built-in club's facts (the forms showed them as defaults): its address and e-mail in the
// footer (where the site's inquiries are then sent), the privacy policy and the imprint, its register
// number, its bank account, its ground and short name. The site keeps what an admin saved, so 'Verein'
// names where they still stand (docs/decisions/055).
import { and, eq, inArray } from 'drizzle-orm';
import { getDb, type Db } from '../../db/client';
import { homepageContent, pageContent } from '../../db/schema';
import { CLUB, MEMBERSHIP_DEFAULTS } from '../../content/defaults';
import { renamedClubOf } from '../../content/club-facts';
import type { ClubSettingsRow } from '../../content/club';

/** What of the built-in club a saved text can hold: its contact, register and account are its alone. */
const CONTACT_FACTS = [CLUB.street, CLUB.postcodeTown, CLUB.email, CLUB.zvr, MEMBERSHIP_DEFAULTS.iban, MEMBERSHIP_DEFAULTS.bank];
/** ...and, in the texts that speak for the club (not a match against it), its name and ground. */
const ALL_FACTS = [...CONTACT_FACTS, CLUB.fullName, CLUB.ground];

/** The places of the admin, as 'Verein' names them. */
export const BUILT_IN_FACT_PLACES = {
  club: 'Verein (Kurzname oder Heimstätte)',
  home: 'Startseite (Hero, nächstes Spiel, Fußzeile)',
  imprint: 'Impressum',
  privacy: 'Datenschutz',
  membership: 'Mitglied werden',
} as const;

const holdsFact = (texts: (string | null | undefined)[], facts: readonly string[] = ALL_FACTS) =>
  texts.some((text) => !!text && facts.some((fact) => text.includes(fact)));

export type BuiltInFactsLeft = { builtInClub: string; places: string[] };

/** The places where a renamed club's saved texts still state the built-in club's facts (none for the built-in club). */
export function builtInFactsLeft(club: ClubSettingsRow, db: Db = getDb()): BuiltInFactsLeft {
  return { builtInClub: CLUB.fullName, places: renamedClubOf(club) ? placesWithFacts(club, db) : [] };
}

function placesWithFacts(club: ClubSettingsRow, db: Db): string[] {
  const places: string[] = [];
  if (club.short_name === CLUB.nameLine1 || club.home_ground?.trim() === CLUB.ground) places.push(BUILT_IN_FACT_PLACES.club);
  const home = db.select().from(homepageContent).where(inArray(homepageContent.section_key, ['hero_text', 'hero_welcome', 'next_match', 'footer_texts'])).all();
  const texts = (s: (typeof home)[number]) => [s.title, s.content, s.button_text, s.match_location];
  // the next match may well be against the built-in club, at its ground
  const [card, others] = [home.filter((s) => s.section_key === 'next_match'), home.filter((s) => s.section_key !== 'next_match')];
  if (holdsFact(others.flatMap(texts)) || holdsFact(card.flatMap(texts), CONTACT_FACTS)) places.push(BUILT_IN_FACT_PLACES.home);
  const page = (key: string) =>
    db.select().from(pageContent).where(and(eq(pageContent.page_key, key), eq(pageContent.is_active, true))).all().flatMap((s) => [s.title, s.content]);
  if (holdsFact(page('imprint'))) places.push(BUILT_IN_FACT_PLACES.imprint);
  if (holdsFact(page('datenschutz'))) places.push(BUILT_IN_FACT_PLACES.privacy);
  if (holdsFact(page('mitglied'))) places.push(BUILT_IN_FACT_PLACES.membership);
  return places;
}
