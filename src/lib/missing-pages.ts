// Where an address without a published file leads (the server's MISSING_FILE_RULES), as a pure
// function the 404 page can run in the browser: on a static host (a bucket, a web space) every missing
// address shows /404.html, and the page applies the rules the Node server and nginx apply before it.

export type MissingPageRule = { prefix: string; redirect?: string; page?: string };

/**
 * An address that names a file by its extension ('/mannschaften/7/spielplan.ics'): when it is missing, no rule
 * leads it to its section. A calendar app that followed a deleted team's calendar to the teams' page got an HTML
 * page and reported it unreadable, rather than a plain 'not found'. (Also nginx's, as a regex: no slashes.)
 */
export const MISSING_FILE_NAMED = /\.[A-Za-z0-9]+$/;

/** The address a missing `pathname` leads to by the first rule that fits, or null (none fits, or it is that address). */
export function missingPageTarget(pathname: string, rules: readonly MissingPageRule[]): string | null {
  // a hidden or temporary file's name is refused outright by our server, not led to its section
  if (pathname.includes('/.') || MISSING_FILE_NAMED.test(pathname)) return null;
  const rule = rules.find((candidate) => pathname.startsWith(candidate.prefix));
  const target = rule?.redirect ?? rule?.page ?? null;
  // only an address of this site; the target itself missing too (a page rule's page not published): no loop
  if (!target || !/^\/(?![/\\])/.test(target)) return null;
  return target !== pathname && `${target}/` !== pathname ? target : null;
}
