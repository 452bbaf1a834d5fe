// The password rules: the common passwords and the club's own obvious ones, as saved in 'Verein'.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../db/test-db';
import { withDatabase, type Db } from '../db/client';
import { saveClubSettings } from '../services/admin/club';
import { PASSWORD_MESSAGES, passwordProblem } from './password';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});
afterEach(() => db.$client.close());

const problems = (passwords: string[]) => withDatabase(db, () => passwords.map((p) => [p, passwordProblem(p)]));

describe('passwordProblem', () => {
  it("refuses the built-in club's names until the club is renamed, then the saved club's", () => {
    const built = ['Kirchberg2024!', 'svkirchberg', 'SV-Kirchberg', 'raab1234'];
    const renamed = ['Gnas1946!', 'uniongnas', 'SV Union Gnas 1946', 'Union-2024'];
    expect(problems(built).filter(([, problem]) => problem === PASSWORD_MESSAGES.common)).toHaveLength(built.length);
    expect(problems(renamed).filter(([, problem]) => problem !== null)).toEqual([]);

    saveClubSettings({ short_name: 'Union Gnas', long_name: 'SV Union Gnas 1946', crest_url: null, primary_color: '#0f766e', secondary_color: '#fde047', home_ground: null }, db);
    expect(problems(renamed).filter(([, problem]) => problem === PASSWORD_MESSAGES.common)).toHaveLength(renamed.length);
    // a long password that contains a name among other words is fine; 'kirchberg' stays one of the common ones
    expect(problems(['Gnas gewinnt das Derby', 'Kirchberg2024!', 'kirchberg'])).toEqual([
      ['Gnas gewinnt das Derby', null],
      ['Kirchberg2024!', null],
      ['kirchberg', PASSWORD_MESSAGES.common],
    ]);
  });

  it('keeps the length limits and the common list', () => {
    expect(withDatabase(db, () => [passwordProblem('kurz'), passwordProblem('x'.repeat(257)), passwordProblem('Passwort1'), passwordProblem('Sehr-sicheres-Passwort-1')])).toEqual([
      PASSWORD_MESSAGES.tooShort,
      PASSWORD_MESSAGES.tooLong,
      PASSWORD_MESSAGES.common,
      null,
    ]);
  });
});
