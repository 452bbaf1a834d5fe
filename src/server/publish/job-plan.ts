// What a job of changes publishes (Publisher.publishChanges), worked out before
// anything is rendered: the pages the changes reach, the saved things' own pages
// to start with, the pages that only need the new footer, and a question for the
// pages that may already show what they would be rendered with (decision 045).
// Planning reads the database and the published files and writes nothing.
import type { Db } from '../db/client';
import { matchShareBoundaryUrls, newsShareBoundaryUrls } from '../content/share';
import { footerOnlyUrls } from './footer-splice';
import { formerPages, shownAlready, type KnownMoves } from './page-inputs';
import { fixtureSeasonChanges, listPublishedUrls, newsListChanges, newsShareMoved, publishedFileExists, readPublished } from './published-state';
import type { Change, RouteDef } from './routes';
import { FIXTURE_LISTS, NEWS_LISTS } from './pseudo-tables';
import { affectedUrls, changedListRoutes, listFolderOf, listedUrls } from './affected-urls';

export type JobPlan = {
  urls: string[];
  /** the pages of the things saved (a goal's match page), started before the rest */
  first: Set<string>;
  /** pages that only need the new footer (footer-splice.ts) */
  splice: string[];
  /** pages that already show what they would be rendered with: not rendered (decision 045) */
  leaveAsIs?: (url: string) => boolean;
};

/**
 * The pages `changes` touch at time `now`, plus any URLs named directly (pending retries, which are never left as
 * they are). `known`: what moved of the changed matches, and the pages still pending (page-inputs.ts).
 */
export function planJob(db: Db, siteDir: string, now: number, changes: Change[], urls: string[] = [], known?: KnownMoves): JobPlan {
  // a list page is published when it shows a changed row now or did before (RouteDef.showsRow)
  // each list page's file read once per job, however many changes ask about it
  const files = new Map<string, Buffer | null>();
  const read = (url: string) => {
    if (!files.has(url)) files.set(url, readPublished(siteDir, url));
    return files.get(url) ?? null;
  };
  const state = { read, exists: (url: string) => publishedFileExists(siteDir, url), now };
  // an article published, taken off or deleted moves the news lists (and their archive pages);
  // a season over moves the fixtures' lists (docs/decisions/041)
  const listed = [...changes, ...newsListChanges(db, siteDir, changes), ...fixtureSeasonChanges(db, changes, state)];
  // pages of a list whose members come from the changed table (the fixtures' filters) may be gone
  // now: their files are rendered again too, which removes them
  const mayBeGone = changedListRoutes(listed).flatMap((route) => publishedButGone(db, siteDir, route, now));
  const newsMoved = listed.some((c) => c.table === NEWS_LISTS) || newsShareMoved(db, siteDir, changes);
  const shareLine = [
    // a new, deleted, re-dated or re-photographed article moves the newest articles' line (a title does not)
    ...(newsMoved ? newsShareBoundaryUrls(db, changes.filter((c) => c.table === 'news').length) : []),
    // a new, deleted or re-dated match moves the latest matches' line (a score does not)
    ...(listed.some((c) => c.table === FIXTURE_LISTS) ? matchShareBoundaryUrls(db, changes.filter((c) => c.table === 'matches').length) : []),
  ];
  // and where the job's matches named another team or player before: their pages, which may show them still
  const former = formerPages(known, state.exists);
  const affected = [...new Set([...affectedUrls(db, listed, state), ...former])];
  const shown = shownAlready(db, listed, read, known, now);
  const retried = new Set(urls);
  // A page waiting for a retry, or in the job for another reason than the changes' own deps (a former
  // player's, a list's that may be gone, a retry), is rendered: a new footer put into its old file, or
  // its file left as it is, would drop what it still has to show, and the job would count it as done.
  const pending = (url: string) => retried.has(url) || (known?.pending(url) ?? false);
  const renderedWhatever = new Set([...former, ...mayBeGone, ...shareLine]);
  return {
    urls: [...affected, ...mayBeGone, ...shareLine, ...urls],
    first: ownPages(affected, changes),
    splice: footerOnlyUrls(db, listed, state, affected).filter((url) => !pending(url) && !renderedWhatever.has(url)),
    leaveAsIs: shown ? (url) => !pending(url) && shown(url) : undefined,
  };
}

/** The pages of the changed rows themselves: `/spiel/{id}` for a change of match {id}. */
export function ownPages(urls: string[], changes: Change[]): Set<string> {
  const keys = new Set(changes.flatMap((c) => (c.key ? [encodeURIComponent(c.key)] : [])));
  return new Set(urls.filter((url) => !url.endsWith('.png') && keys.has(url.slice(url.lastIndexOf('/') + 1))));
}

/**
 * A list's published pages whose row has no page now (a deleted player's, a league's gone), to be rendered
 * and so removed. Not every page of the list: a pupil's save, or a line-up's on match day, rendered each
 * of a big club's 2,000 player pages, most of which the change does not touch (the changes' own deps name
 * those it does). A list that cannot be read: every published page, as before.
 */
function publishedButGone(db: Db, siteDir: string, route: RouteDef, now: number): string[] {
  const published = listPublishedUrls(siteDir, listFolderOf(route));
  let present: Set<string>;
  try {
    present = listedUrls(db, route, now);
  } catch {
    return published;
  }
  return published.filter((url) => !present.has(url));
}
