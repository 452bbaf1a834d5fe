/// <reference lib="webworker" />
// A navigation asks the page and the cache version together (docs/decisions/006). When the check finds
// that a publish changed this page and the answer may be from before it, the page is asked once more,
// past the browser's HTTP cache and for a short while: NetworkFirst would fall back to the copy it stored
// a moment ago and call it a saved copy, or wait as long as the network does. An answer that comes later
// is still stored, and when it is another page than the one shown, the new tab is told as a publish tells it.
import { Strategy, type StrategyHandler } from 'workbox-strategies';

type HandleOptions = Parameters<Strategy['handle']>[0];

/**
 * The network only (past the HTTP cache: a host such as GitHub Pages lets browsers keep a page for minutes),
 * stored with the plugins it is given, after `params.after` (the first answer's own storing: the newer
 * page is written last).
 */
export class NetworkAndStore extends Strategy {
  protected async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const fresh = new Request(request.url, { cache: 'no-cache', credentials: 'same-origin', redirect: 'manual', headers: request.headers });
    const response = await handler.fetch(fresh);
    const copy = response.clone();
    const after = (handler.params as { after?: Promise<unknown> } | undefined)?.after;
    void handler.waitUntil(
      (async () => {
        await after?.catch(() => undefined);
        await handler.cachePut(request, copy);
      })(),
    );
    return response;
  }
}

/**
 * The answer was made at least 2 s after the publish: then it shows it. Its Date has whole seconds, and a
 * static host's clock may differ a little from the server's that wrote `publishedAt`; an answer without a
 * Date, or from the cache, counts as older.
 */
export function servedAfter(response: Response, publishedAt: number | null): boolean {
  const date = Date.parse(response.headers.get('date') ?? '');
  return publishedAt !== null && Number.isFinite(date) && date - publishedAt >= 2000;
}

/** The work's result, or undefined when it takes longer than `ms` (it goes on). */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([work, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);
}

/** Another page than `shown`, as far as the ETags tell (without them: not known, so not told). */
function differs(shown: Response, late: Response): boolean {
  const [before, after] = [shown.headers.get('etag'), late.headers.get('etag')];
  return late.ok && before !== null && after !== null && before !== after;
}

/** Why the page asked again did not come: no network, or the server's error (a 5xx during a restart). */
export type AskFailure = 'network' | 'server';
/** What `askAgain` gives: the page to show, and why it is the first answer when the second failed (else null). */
export type AskedAgain = { response: Response; failed: AskFailure | null };

/**
 * The page asked again; within `waitMs` its answer (unless the server failed: a 5xx during a restart does
 * not replace a good page), else the first one. `failed`: the first one is shown because the second found
 * no network or a failing server, so the page shown is known to be older than a publish (the tab says so,
 * as of a saved copy). A later answer that differs calls `tellTab`, one that fails `tellFailed`, kept alive
 * by the fetch event.
 * `firstStored`: the first answer's storing, which the second waits for.
 */
export async function askAgain(
  strategy: NetworkAndStore,
  options: HandleOptions,
  first: Response,
  firstStored: Promise<void>,
  waitMs: number,
  tellTab: () => Promise<void>,
  tellFailed: (why: AskFailure) => Promise<void>,
): Promise<AskedAgain> {
  const again = strategy.handle({ ...options, params: { after: firstStored } } as HandleOptions).catch(() => null);
  const answer = await withTimeout(again, waitMs);
  const good = (late: Response | null): late is Response => late !== null && late.status < 500;
  const why = (late: Response | null): AskFailure => (late === null ? 'network' : 'server');
  if (answer === undefined) {
    // the first answer is shown; what comes later tells the tab: a newer page (the banner a publish brings), or
    // that none came (the page shown is older than the publish: said as of a saved copy, `tellFailed`)
    const event = 'event' in options ? options.event : options;
    event?.waitUntil(again.then((late) => (!good(late) ? tellFailed(why(late)) : differs(first, late) ? tellTab() : undefined)).catch(() => undefined));
    return { response: first, failed: null };
  }
  return good(answer) ? { response: answer, failed: null } : { response: first, failed: why(answer) };
}
