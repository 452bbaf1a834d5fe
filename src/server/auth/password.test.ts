// The password rules: the common passwords and the club's own obvious ones, as saved in 'Verein'.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../db/test-db';
import type { Db } from '../db/client';
import { saveClubSettings } from '../services/admin/club';
import { PASSWORD_MESSAGES, passwordProblem } from './password';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});
afterEach(() => db.$client.close());

const problems = (passwords: string[]) => passwords.map((p) => [p, passwordProblem(p, db)]);

describe('passwordProblem', () => {
  it("refuses the built-in club's names until the club is renamed, then the saved club's, in its own words", () => {
    const built = ['Kirchberg2024!', 'svkirchberg', 'SV-Kirchberg', 'raab1234'];
    const renamed = ['Gnas1946!', 'uniongnas', 'SV Union Gnas 1946', 'Union-2024'];
    expect(problems(built)).toEqual(built.map((p) => [p, PASSWORD_MESSAGES.clubName]));
    expect(problems(renamed)).toEqual(renamed.map((p) => [p, null]));

    saveClubSettings({ short_name: 'Union Gnas', long_name: 'SV Union Gnas 1946', crest_url: null, primary_color: '#0f766e', secondary_color: '#fde047', home_ground: null }, db);
    expect(problems(renamed)).toEqual(renamed.map((p) => [p, PASSWORD_MESSAGES.clubName]));
    // a name among other words, or with many digits and signs, is a password of its own; 'kirchberg' stays a common one
    expect(problems(['Gnas gewinnt das Derby', 'Gnas-8472-9931-6650', 'Kirchberg2024!', 'kirchberg', '12345678!'])).toEqual([
      ['Gnas gewinnt das Derby', null],
      ['Gnas-8472-9931-6650', null],
      ['Kirchberg2024!', null],
      ['kirchberg', PASSWORD_MESSAGES.common],
      ['12345678!', null],
    ]);
  });

  it('keeps the length limits and the common list', () => {
    expect([passwordProblem('kurz', db), passwordProblem('x'.repeat(257), db), passwordProblem('Passwort1', db), passwordProblem('Sehr-sicheres-Passwort-1', db)]).toEqual([
      PASSWORD_MESSAGES.tooShort,
      PASSWORD_MESSAGES.tooLong,
      PASSWORD_MESSAGES.common,
      null,
    ]);
  });
});
