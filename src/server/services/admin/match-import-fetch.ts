// Fetching a league portal's calendar address for the import, on the server,
// without letting an admin's URL reach into our own network (SSRF): only
// http and https, every address the host name resolves to checked at connect
// time (so a DNS answer that changes between check and connect cannot slip
// past), redirects re-checked, a time limit, a size limit, and only
// text/calendar or text/plain. Loopback is allowed only with
// IMPORT_ALLOW_LOOPBACK=1, for tests (docs/decisions/029-match-import.md).
import http from 'node:http';
import https from 'node:https';
import { guardedLookup, importAllowsLoopback, writtenOutRefused } from '../../http/public-address';
import { FETCH_TEXTS as T } from '../../../lib/match-import/texts';
import { decodeText } from '../../../lib/text-decoding';

export const IMPORT_FETCH_LIMITS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 };

/** A refusal with a German message for the admin. */
export class ImportFetchRefused extends Error {
  override name = 'ImportFetchRefused';
}

function checkedUrl(raw: string, allowLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ImportFetchRefused(T.invalidUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImportFetchRefused(T.protocol);
  if (url.username || url.password) throw new ImportFetchRefused(T.credentials);
  // an address written out is connected to without a lookup, so it is checked here
  if (writtenOutRefused(url, allowLoopback)) throw new ImportFetchRefused(T.privateAddress);
  return url;
}

/** The guarded lookup's refusals in the admin's words. */
const refusedAs = (kind: 'unresolvable' | 'private') => new ImportFetchRefused(kind === 'private' ? T.privateAddress : T.unresolvable);

type Limits = typeof IMPORT_FETCH_LIMITS & { allowLoopback: boolean };

function getOnce(url: URL, limits: Limits, signal: AbortSignal): Promise<{ redirect: string } | { text: string }> {
  return new Promise((resolve, reject) => {
    const get = url.protocol === 'https:' ? https.get : http.get;
    const request = get(url, { lookup: guardedLookup(limits.allowLoopback, refusedAs) as never, signal, headers: { accept: 'text/calendar, text/plain;q=0.9', 'user-agent': 'Anstoss-Spielplanimport' } }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        // a Location that is no address: thrown here, in the socket's callback, it ended the server's process
        const target = URL.canParse(response.headers.location, url) ? new URL(response.headers.location, url).href : null;
        return target ? resolve({ redirect: target }) : reject(new ImportFetchRefused(T.badRedirect));
      }
      if (status !== 200) {
        response.resume();
        return reject(new ImportFetchRefused(T.status(status)));
      }
      const [typeText, ...parameters] = (response.headers['content-type'] ?? '').split(';');
      const type = typeText.trim().toLowerCase();
      const charset = parameters.map((p) => p.trim().match(/^charset="?([^";]+)"?$/i)?.[1]).find(Boolean);
      if (type !== 'text/calendar' && type !== 'text/plain') {
        response.resume();
        return reject(new ImportFetchRefused(T.contentType(type || 'unbekannt')));
      }
      const tooLarge = () => new ImportFetchRefused(T.tooLarge(Math.round(limits.maxBytes / 1024 / 1024)));
      if (Number(response.headers['content-length'] ?? 0) > limits.maxBytes) {
        response.destroy();
        return reject(tooLarge());
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) {
          response.destroy();
          reject(tooLarge());
        } else chunks.push(chunk);
      });
      response.on('end', () => resolve({ text: decodeText(Buffer.concat(chunks), charset) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The calendar's text, or an ImportFetchRefused with the German reason. */
export async function fetchCalendarText(raw: string, options: Partial<Limits> = {}): Promise<string> {
  const limits: Limits = { ...IMPORT_FETCH_LIMITS, allowLoopback: importAllowsLoopback(), ...options };
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = checkedUrl(raw, limits.allowLoopback);
  try {
    for (let hop = 0; hop <= limits.maxRedirects; hop++) {
      const result = await getOnce(url, limits, signal);
      if ('text' in result) return result.text;
      url = checkedUrl(result.redirect, limits.allowLoopback);
    }
  } catch (error) {
    if (error instanceof ImportFetchRefused) throw error;
    if (signal.aborted) throw new ImportFetchRefused(T.timeout(Math.ceil(limits.timeoutMs / 1000)));
    throw new ImportFetchRefused(T.network);
  }
  throw new ImportFetchRefused(T.redirects);
}
