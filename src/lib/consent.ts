// What may be published of a player (issue 14, docs/decisions/028-player-consent.md).
// The one rule every public page, feed and JSON-LD goes through: with the club
// setting 'Minderjährige schützen' on, a player under 14 without recorded
// consent shows only by name, because Austrian practice asks a guardian's
// consent before photos (and details) of a child are published. Recorded consent
// unlocks what was consented. Everybody else shows what the spec shows.
// Pure: shared by the publisher's pages and (read-only) by the admin.

/** Under this age a player counts as a protected minor. */
export const MINOR_AGE = 14;

/** The columns of a player row the rule reads (a full `players` row fits). */
export type ConsentInput = {
  id: string;
  name: string;
  position: string | null;
  age: number | null;
  jersey_number: number | null;
  image_url: string | null;
  consent_name: boolean;
  consent_photo: boolean;
  consent_stats: boolean;
  consent_given_at: string | null;
};

export type ConsentOptions = {
  /** the club setting 'protect_minors' (on unless set to 'off') */
  protectMinors: boolean;
};

/** A player as the public may see them: hidden fields are null. */
export type PublicPlayerView = {
  id: string;
  name: string;
  position: string | null;
  jersey_number: number | null;
  age: number | null;
  image_url: string | null;
  /** season statistics, top-scorer lists */
  showStats: boolean;
  /** true when only the name may be shown (a protected minor without consent) */
  nameOnly: boolean;
  /** whether the player has a public page /spieler/{id} (and names link to it) */
  hasPage: boolean;
};

const hasConsent = (p: Pick<ConsentInput, 'consent_given_at'>) => (p.consent_given_at ?? '').trim() !== '';

/**
 * Whether the rule restricts this player: the setting is on and the player is
 * known to be under 14. An unknown age is not restricted: the rule is about
 * children the club knows to be children, and the spec's pages show such
 * players today (decision 028).
 */
export function isMinorUnderRule(player: Pick<ConsentInput, 'age'>, options: ConsentOptions): boolean {
  return options.protectMinors && player.age != null && player.age < MINOR_AGE;
}

/** The public view of one player. */
export function publicPlayerView(player: ConsentInput, options: ConsentOptions): PublicPlayerView {
  if (!isMinorUnderRule(player, options)) {
    return {
      id: player.id,
      name: player.name,
      position: player.position,
      jersey_number: player.jersey_number,
      age: player.age,
      image_url: player.image_url,
      showStats: true,
      nameOnly: false,
      hasPage: true,
    };
  }
  const recorded = hasConsent(player);
  // 'Name' consent covers the name with the details that identify the child on the pitch
  const details = recorded && player.consent_name;
  const photo = recorded && player.consent_photo;
  const stats = recorded && player.consent_stats;
  const nameOnly = !details && !photo && !stats;
  return {
    id: player.id,
    name: player.name,
    position: details ? player.position : null,
    jersey_number: details ? player.jersey_number : null,
    age: details ? player.age : null,
    image_url: photo ? player.image_url : null,
    showStats: stats,
    nameOnly,
    hasPage: !nameOnly,
  };
}
