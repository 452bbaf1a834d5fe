// A team's own calendar (issue 14, item 6): the matches linked to the team
// (matches.team_id), in the same iCalendar form as the club-wide feed, with
// the same UIDs. A team that does not exist has no calendar (404: the
// publisher removes its file); a database that cannot be read is an error
// (the publisher keeps the previous file), never an empty calendar.
import { asc, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { matches, teams } from '../db/schema';
import { siteUrl } from '../config';
import { clubIdentity } from './club';
import { matchesToICal } from './ical';

/** The calendar's text, or null when there is no such team. */
export function teamCalendarText(teamId: string): string | null {
  const db = getDb();
  const team = db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.id, teamId)).get();
  if (!team) return null;
  const rows = db.select().from(matches).where(eq(matches.team_id, teamId)).orderBy(asc(matches.match_date), asc(matches.match_time)).all();
  const site = siteUrl();
  return matchesToICal(rows, {
    calendarName: `Spielplan ${team.name} – ${clubIdentity().longName}`,
    host: site.hostname,
    url: new URL(`/mannschaften/${encodeURIComponent(team.id)}`, site).href,
    // the same as new URL(path, site).href for an absolute path, without a URL object per match
    eventUrl: (m) => `${site.origin}/spiel/${encodeURIComponent(m.id)}`,
  });
}
