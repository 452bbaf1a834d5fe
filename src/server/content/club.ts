// The club's identity as the public pages, the share images and the e-mails use
// it: what a superadmin set in 'Verein' (club_settings), else the built-in club
// of defaults.ts. Colours come with their readable variants (WCAG AA), so no
// page has to check contrast itself.
import { eq } from 'drizzle-orm';
import { parseHex, readableOn, SURFACE_MUTED, textOn, toHex, type Rgb } from '../../lib/contrast';
import type { Db } from '../db/client';
import { clubSettings } from '../db/schema';
import { CLUB } from './defaults';
import { readOr } from './public-content';
import { memoRead } from './read-memo';

export const CLUB_ROW_ID = 'club';

export type ClubSettingsRow = {
  short_name: string;
  long_name: string;
  crest_url: string | null;
  primary_color: string;
  secondary_color: string;
  home_ground: string | null;
};

/** The club as the site was built for it: what stands in until a superadmin saves 'Verein'. */
export const DEFAULT_CLUB_SETTINGS: ClubSettingsRow = {
  short_name: CLUB.nameLine1,
  long_name: CLUB.fullName,
  crest_url: null,
  primary_color: '#1e40af',
  // the tokens' defaults (src/styles/tokens.css)
  secondary_color: '#3b82f6',
  home_ground: CLUB.ground,
};

export type ClubIdentity = {
  shortName: string;
  longName: string;
  crestUrl: string | null;
  primary: string;
  secondary: string;
  /** the primary colour, darkened where needed to read as text on white */
  primaryText: string;
  /** white or near-black: text on the primary and on the secondary colour */
  onPrimary: string;
  onSecondary: string;
  homeGround: string | null;
  /** 'SVK' for 'SV Kirchberg': the shield of a club without a crest */
  initials: string;
};

/** 'SV Kirchberg' → 'SVK', 'Union Gnas' → 'UG': short words in capitals stay whole. */
export function clubInitials(name: string): string {
  const words = name.split(/[\s.-]+/).filter((w) => /\p{L}/u.test(w));
  const initials = words.map((w) => (w.length <= 3 && w === w.toUpperCase() ? w : w[0].toUpperCase())).join('');
  return initials.slice(0, 4) || 'FC';
}

export function identityOf(row: ClubSettingsRow): ClubIdentity {
  return {
    shortName: row.short_name,
    longName: row.long_name,
    crestUrl: row.crest_url,
    primary: row.primary_color,
    secondary: row.secondary_color,
    // readable on the greyest ground the pages use (--color-surface-muted), and so on white too
    primaryText: readableOn(row.primary_color, SURFACE_MUTED),
    onPrimary: textOn(row.primary_color),
    onSecondary: textOn(row.secondary_color),
    homeGround: row.home_ground,
    initials: clubInitials(row.short_name),
  };
}

export function storedClubSettings(db: Db): ClubSettingsRow | null {
  // every page shows the club: read once per database state (read-memo.ts), not once a page
  return memoRead(db, 'clubSettings', () => {
    const row = db.select().from(clubSettings).where(eq(clubSettings.id, CLUB_ROW_ID)).get();
    return row
      ? Object.freeze({ short_name: row.short_name, long_name: row.long_name, crest_url: row.crest_url, primary_color: row.primary_color, secondary_color: row.secondary_color, home_ground: row.home_ground })
      : null;
  });
}

/** The identity of a stored row, worked out once per row (its contrasts cost more than the read). */
const identities = new WeakMap<ClubSettingsRow, ClubIdentity>();
function identityOfStored(row: ClubSettingsRow): ClubIdentity {
  let identity = identities.get(row);
  if (!identity) {
    identity = Object.freeze(identityOf(row));
    identities.set(row, identity);
  }
  return identity;
}

/** The club as saved in `db` (the built-in club when nothing is stored there): for work outside a page's render. */
export function clubIdentityIn(db: Db): ClubIdentity {
  return identityOfStored(storedClubSettings(db) ?? DEFAULT_CLUB_SETTINGS);
}

/** The club as every page shows it (the built-in club when nothing is stored or the row cannot be read). */
export function clubIdentity(): ClubIdentity {
  const stored = readOr('club settings', null as ClubSettingsRow | null, storedClubSettings);
  return identityOfStored(stored ?? DEFAULT_CLUB_SETTINGS);
}

/**
 * A built-in text that names the built-in club, for the club as saved: the
 * spec's 'Vereinsshop – SV Kirchberg an der Raab' reads 'Vereinsshop – FC
 * Musterdorf 1920' once the club is renamed in 'Verein' (and is the spec's
 * own text until then). For the texts no admin edits: titles, intros, descriptions.
 */
export function forClub(text: string): string {
  const name = clubIdentity().longName;
  return name === CLUB.fullName ? text : text.replaceAll(CLUB.fullName, name);
}

/**
 * The built-in two name lines (the footer's title, the hero's), for the club as saved: the spec's
 * 'SV Kirchberg' / 'an der Raab' until it is renamed, then the saved long name on one line. Lines an
 * admin wrote stay as they are.
 */
export function forClubLines(line1: string, line2: string): [string, string] {
  const name = clubIdentity().longName;
  if (name === CLUB.fullName || line1 !== CLUB.nameLine1 || line2 !== CLUB.nameLine2) return [line1, line2];
  return [name, ''];
}

/**
 * The club's logo for structured data: its crest, else the icon drawn for the saved club; the build's own
 * icon (the built-in club's initials) only while nothing is saved.
 */
export function clubLogoPath(): string {
  const saved = storedClubIdentity();
  return saved ? (saved.crestUrl ?? '/verein/icon-512.png') : '/icons/icon-512.png';
}

/** The club as a superadmin saved it, or null before anyone has (the build's own icons stand then). */
export function storedClubIdentity(): ClubIdentity | null {
  const stored = readOr('club settings', null as ClubSettingsRow | null, storedClubSettings);
  return stored ? identityOfStored(stored) : null;
}

const darken = (hex: string, by: number) => toHex((parseHex(hex) ?? [30, 64, 175]).map((v) => v * (1 - by)) as Rgb);
const tint = (hex: string, by: number) => toHex((parseHex(hex) ?? [30, 64, 175]).map((v) => v + (255 - v) * by) as Rgb);

/**
 * The club's colours as the design tokens of src/styles/tokens.css, or null
 * before 'Verein' is saved (the tokens' defaults stand). A primary colour that
 * does not read on white is replaced by its readable variant (the admin was
 * warned), so links, headings and buttons keep AA; --color-secondary-deep, which
 * carries the page heads' white text, is the secondary darkened until it does.
 */
export function clubThemeCss(club: ClubIdentity | null): string | null {
  if (!club) return null;
  const primary = club.primaryText;
  const onPrimary = textOn(primary);
  // the current page's mark in the header shades the ground away from its text, never towards it
  const faint = onPrimary === '#ffffff' ? 'rgb(0 0 0 / 0.2)' : 'rgb(255 255 255 / 0.35)';
  return `:root{--color-primary-contrast-faint:${faint};--color-primary:${primary};--color-primary-strong:${darken(primary, 0.15)};--color-primary-soft:${tint(primary, 0.85)};--color-primary-contrast:${onPrimary};--color-secondary:${club.secondary};--color-secondary-contrast:${club.onSecondary};--color-secondary-deep:${readableOn(club.secondary)}}`;
}
