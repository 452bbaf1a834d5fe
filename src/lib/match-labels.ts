// Status and type labels of public-site.md §4.
const STATUS_LABELS: Record<string, string> = {
  upcoming: 'Geplant',
  scheduled: 'Geplant',
  live: 'Live',
  finished: 'Beendet',
  cancelled: 'Abgesagt',
  postponed: 'Verschoben',
};

/** Known statuses get their German label; other values are shown as they are. */
export function matchStatusLabel(status: string | null | undefined): string {
  const value = status ?? '';
  return STATUS_LABELS[value] ?? value;
}

export function matchTypeLabel(type: string | null | undefined): string {
  if (type === 'league') return 'Liga';
  if (type === 'cup') return 'Pokal';
  return 'Freundschaft';
}

/** 'home:away', or '-:-' when either is missing (admin-area.md §2). */
export function scoreText(home: number | null | undefined, away: number | null | undefined): string {
  return home == null || away == null ? '-:-' : `${home}:${away}`;
}

type PlacedMatch = { location: string | null; team_side: string | null; home_team: string; away_team: string };
type HomeClub = { homeGround: string | null; longName: string; shortName: string };

/** The club's long name, or a name that starts with its short one as a whole word ('Union' is not 'USV Union …'s start; 'SV Kirchberg 1b' is ours). */
function isClub(name: string, club: HomeClub): boolean {
  const [n, long, short] = [name, club.longName, club.shortName].map((v) => v.trim().toLowerCase());
  return n === long || (short !== '' && (n === short || n.startsWith(`${short} `)));
}

/**
 * Where a match is played, as its pages name it: its location; without one our
 * ground, but only when we are the home side (named by `team_side`, else by the
 * club's name among the two). An away match without a location is at the home
 * side's ground, which we do not know: named so, with no address (a fan must
 * not drive to our ground).
 */
export function matchPlace(m: PlacedMatch, club: HomeClub): { name: string; address: string | null } {
  const location = m.location?.trim();
  if (location) return { name: location, address: location };
  const away = m.team_side ? m.team_side === 'away' : isClub(m.away_team, club) && !isClub(m.home_team, club);
  if (away) return { name: `Heimplatz von ${m.home_team}`, address: null };
  const ours = club.homeGround || club.longName;
  return { name: ours, address: ours };
}
