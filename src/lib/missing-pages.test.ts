import { describe, expect, it } from 'vitest';
import { MISSING_FILE_RULES } from '../server/http/site-paths';
import { missingPageTarget } from './missing-pages';

describe('missingPageTarget (the 404 page on a static host)', () => {
  it('leads where the server would: a gone team or player to the teams, a match to the fixtures, an article to its own page', () => {
    expect(missingPageTarget('/team/7c9e6679-7425-40de-944b-e07fc1f90ae7', MISSING_FILE_RULES)).toBe('/mannschaften');
    expect(missingPageTarget('/spieler/abc', MISSING_FILE_RULES)).toBe('/mannschaften');
    expect(missingPageTarget('/spiel/abc/', MISSING_FILE_RULES)).toBe('/spielplan');
    expect(missingPageTarget('/tabelle/unterliga-ost', MISSING_FILE_RULES)).toBe('/tabelle');
    expect(missingPageTarget('/news/seite/99', MISSING_FILE_RULES)).toBe('/news/alle');
    expect(missingPageTarget('/news/abc', MISSING_FILE_RULES)).toBe('/news/nicht-gefunden');
  });

  it('leaves any other address on the 404 page, and never leads to itself', () => {
    expect(missingPageTarget('/gibt-es-nicht', MISSING_FILE_RULES)).toBeNull();
    expect(missingPageTarget('/mannschaften', MISSING_FILE_RULES)).toBeNull();
    expect(missingPageTarget('/news/nicht-gefunden', MISSING_FILE_RULES)).toBeNull();
    expect(missingPageTarget('/news/nicht-gefunden/', MISSING_FILE_RULES)).toBeNull();
    expect(missingPageTarget('/team/.tmp-1234', MISSING_FILE_RULES)).toBeNull();
    // a file named with its extension: a deleted team's calendar is not found, not the teams' page (calendar apps)
    expect(missingPageTarget('/mannschaften/7c9e6679/spielplan.ics', MISSING_FILE_RULES)).toBeNull();
    expect(missingPageTarget('/mannschaften/7c9e6679/spielplan', MISSING_FILE_RULES)).toBe('/mannschaften');
    // a rule may only lead to an address of this site
    expect(missingPageTarget('/a/b', [{ prefix: '/a/', redirect: '//evil.example/' }, { prefix: '/', redirect: 'https://evil.example/' }])).toBeNull();
    expect(missingPageTarget('/a/b', [{ prefix: '/a/', redirect: '/\\evil.example/' }])).toBeNull();
  });
});
