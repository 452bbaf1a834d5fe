import { describe, expect, it } from 'vitest';
import { mergeLineup } from './lineup-merge';
import type { LineupRead } from './schemas/match-details';

const lineup = (players: [string, 'start' | 'sub', number | null][], opponent: string | null = null): LineupRead => ({
  team_id: 'kampf',
  team_side: 'home',
  opponent_lineup: opponent,
  players: players.map(([player_id, role, jersey_number]) => ({ player_id, role, jersey_number })),
});

describe("the line-up's merge after a refused save", () => {
  it("takes the other admin's changes where this form changed nothing and keeps this form's own", () => {
    const base = lineup([['huber', 'start', 9], ['gruber', 'sub', 14]]);
    // here: Klein starts, Gruber's number changed
    const mine = lineup([['huber', 'start', 9], ['gruber', 'sub', 15], ['klein', 'start', 7]]);
    // there: Huber moved to the bench, Bauer is a substitute, the opponent's line-up typed in
    const theirs = lineup([['huber', 'sub', 9], ['gruber', 'sub', 14], ['bauer', 'sub', null]], 'Hofer; Pichler');
    expect(mergeLineup(base, mine, theirs)).toEqual({
      merged: lineup([['huber', 'sub', 9], ['gruber', 'sub', 15], ['bauer', 'sub', null], ['klein', 'start', 7]], 'Hofer; Pichler'),
      conflicts: 0,
    });
  });

  it('counts what both changed differently and keeps this form’s choice; a player both removed stays out', () => {
    const base = lineup([['huber', 'start', 9], ['gruber', 'sub', 14]], 'Alt');
    const mine = lineup([['huber', 'sub', 9]], 'Meins');
    const theirs = lineup([['huber', 'start', 10]], 'Deins');
    expect(mergeLineup(base, mine, theirs)).toEqual({ merged: lineup([['huber', 'sub', 9]], 'Meins'), conflicts: 2 });
  });
});
