// A team's own calendar (issue 14, item 6): the matches linked to the team
// (matches.team_id), in the same iCalendar form as the club-wide feed, with
// the same UIDs. A team that does not exist has no calendar (404: the
// publisher removes its file); a database that cannot be read is an error
// (the publisher keeps the previous file), never an empty calendar.
//
// The matches are the club's list (matchesByDate), shared per database state:
// a result renders the fixtures page, the club's calendar and the team's in one
// job, and the team's own query with every column through drizzle took half of
// this calendar's 10.8 ms (issue 16).
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { teams } from '../db/schema';
import { siteUrl } from '../config';
import { clubIdentity } from './club';
import { iCalendar } from './ical';
import { matchesByDate } from './public-matches';

/** The calendar's file (bytes), or null when there is no such team. */
export function teamCalendar(teamId: string): Buffer<ArrayBuffer> | null {
  const db = getDb();
  const team = db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.id, teamId)).get();
  if (!team) return null;
  const all = matchesByDate();
  if (all === null) throw new Error('the matches could not be read');
  // in the club list's order: by date, then time
  const rows = all.filter((m) => m.team_id === teamId);
  const site = siteUrl();
  return iCalendar(rows, {
    calendarName: `Spielplan ${team.name} – ${clubIdentity().longName}`,
    host: site.hostname,
    url: new URL(`/mannschaften/${encodeURIComponent(team.id)}`, site).href,
    // the same as new URL(path, site).href for an absolute path, without a URL object per match
    eventUrl: (m) => `${site.origin}/spiel/${encodeURIComponent(m.id)}`,
  });
}
