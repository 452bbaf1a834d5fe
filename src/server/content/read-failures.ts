// A read that fails on a page a visitor asks for falls back to the spec's default (public-content.ts, readOr).
// On a page being published that fallback would replace the last good file: an article whose read failed was
// published as "not found" and its file removed (hosts and CDNs followed), a calendar whose matches could not be
// read was published empty and every subscribed calendar dropped the season. So while a page is published, the
// reads that fell back are collected and named in a header of the render; the publisher keeps the last good file
// when there is one (the spec's fallback is published only where there is none) and publishes the page again
// later (pending pages, decision 011).
import { AsyncLocalStorage } from 'node:async_hooks';

const failedReads = new AsyncLocalStorage<string[]>();

/** The header of a published render whose reads fell back: their names (publisher.ts reads it). */
export const FAILED_READS_HEADER = 'x-anstoss-failed-reads';

/** The names as a header value (plain ASCII). */
export function failedReadsHeader(failed: string[]): string {
  return [...new Set(failed)].join(', ').replace(/[^\w ,.:/-]/g, '_').slice(0, 500);
}

/** Runs a render and returns what it rendered with the reads that fell back meanwhile (their names). */
export async function collectFailedReads<T>(render: () => Promise<T>): Promise<{ value: T; failed: string[] }> {
  const failed: string[] = [];
  const value = await failedReads.run(failed, render);
  return { value, failed };
}

/** A read fell back to its default (readOr): remembered when a publish render is running. */
export function noteFailedRead(what: string): void {
  failedReads.getStore()?.push(what);
}
