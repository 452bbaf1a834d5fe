// Republish latency: from a saved change to the new HTML on disk. Measured in
// the benchmark's process with the same Publisher and PublishQueue the server
// uses: the clock starts before the row is written to SQLite and stops when the
// queue has published the affected pages; then the page file on disk is read
// back and checked to show the change (not timed: the benchmark's own work).
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../src/server/db/client';
import { write } from '../../src/server/db/write';
import type { PublishQueue } from '../../src/server/publish/queue';
import { fileForUrl, type Change } from '../../src/server/publish/routes';
import { addEvent } from '../../src/server/services/admin/match-events';
import { fixturesPageOfMatch } from '../../src/server/publish/routes-fixtures';
import { summarize, type Summary } from './stats';

export type EditKind = 'news' | 'match' | 'event' | 'footer';

export type RepublishResult = Summary & {
  kind: EditKind;
  /** the first edit of the series */
  firstMs: number;
  /** pages one edit republished (the last one) */
  pages: number;
  failedPages: number;
  samplesMs: number[];
};

type Edit = { write: (marker: string) => Change[]; check: () => string[] };

function editsFor(kind: EditKind, db: Db, ids: { news: string[]; matches: string[] }, i: number): Edit {
  const sqlite = db.$client;
  const now = () => new Date().toISOString();
  if (kind === 'news') {
    const id = ids.news[(i * 37) % ids.news.length];
    return {
      write: (marker) => {
        write('bench.news', () =>
          sqlite
            .prepare('UPDATE news SET title = ?, updated_at = ? WHERE id = ?')
            .run(`Nachbericht: Heimsieg nach starker zweiter Halbzeit ${marker}`, now(), id),
        db);
        return [{ table: 'news', key: id }];
      },
      check: () => [`/news/${id}`],
    };
  }
  if (kind === 'match') {
    const id = ids.matches[(i * 13) % ids.matches.length];
    return {
      write: (marker) => {
        write('bench.match', () =>
          sqlite
            .prepare(
              "UPDATE matches SET home_score = ?, away_score = ?, status = 'finished', notes = ?, sequence = sequence + 1, updated_at = ? WHERE id = ?",
            )
            .run(i % 5, (i * 3) % 4, `Spielbericht folgt ${marker}`, now(), id),
        db);
        return [{ table: 'matches', key: id }];
      },
      // the fixtures page that lists it: the list for the current season, else its season's page (decision 041)
      check: () => [fixturesPageOfMatch(db, id, Date.now()) ?? '/spielplan'],
    };
  }
  if (kind === 'event') {
    // a goal of the opponent's, entered at the pitch (issue 14): the match centre's own service
    const id = ids.matches[(i * 7) % ids.matches.length];
    return {
      write: (marker) => {
        const side = (sqlite.prepare('SELECT team_side FROM matches WHERE id = ?').get(id) as { team_side: string | null }).team_side === 'away' ? 'home' : 'away';
        const input = {
          match_id: id,
          type: 'goal' as const,
          side: side as 'home' | 'away',
          minute: 60,
          added_time: null,
          goal_kind: 'regular' as const,
          player_id: null,
          player_name: marker,
          related_player_id: null,
          related_player_name: null,
          entry_id: null,
        };
        return addEvent(input, null, db).changes;
      },
      check: () => [`/spiel/${id}`],
    };
  }
  return {
    write: (marker) => {
      const row = sqlite.prepare("SELECT content FROM homepage_content WHERE section_key = 'footer_texts'").get() as { content: string } | undefined;
      const texts = row ? (JSON.parse(row.content) as Record<string, string>) : {};
      texts.copyright_text = `© 2026 SV Kirchberg an der Raab. Alle Rechte vorbehalten. ${marker}`;
      write('bench.footer', () =>
        sqlite
          .prepare(
            "INSERT INTO homepage_content (id, section_key, content) VALUES (lower(hex(randomblob(16))), 'footer_texts', @content) ON CONFLICT(section_key) DO UPDATE SET content = @content, updated_at = @now",
          )
          .run({ content: JSON.stringify(texts), now: now() }),
      db);
      return [{ table: 'homepage_content', key: 'footer_texts' }];
    },
    check: () => ['/', '/impressum', `/news/${ids.news[0]}`],
  };
}

/**
 * When the file first shows the marker (polled every 2 ms; files are swapped in
 * whole, never half-written); null if the job ended without it.
 */
async function watchFor(file: string, marker: string, job: Promise<unknown>): Promise<number | null> {
  let ended = false;
  void job.finally(() => (ended = true)).catch(() => undefined);
  for (;;) {
    const over = ended;
    try {
      if (fs.readFileSync(file, 'utf8').includes(marker)) return performance.now();
    } catch {
      // not there yet
    }
    if (over) return null;
    await new Promise((r) => setTimeout(r, 2));
  }
}

export async function measureRepublish(o: {
  db: Db;
  queue: PublishQueue;
  siteDir: string;
  kind: EditKind;
  edits: number;
  ids: { news: string[]; matches: string[] };
  runId: string;
}): Promise<RepublishResult> {
  const samples: number[] = [];
  let pages = 0;
  let failedPages = 0;
  for (let i = 0; i < o.edits; i++) {
    const edit = editsFor(o.kind, o.db, o.ids, i);
    const marker = `bench-${o.runId}-${o.kind}-${i}`;
    const started = performance.now();
    const changes = edit.write(marker);
    const job = o.queue.enqueue(changes);
    // a match event: the clock stops when its match page on disk shows it (what a fan's open page then
    // loads); the rest of the job (fixtures, tables, calendars) goes on, and is awaited before the next one
    const shownAt = o.kind === 'event' ? watchFor(path.join(o.siteDir, fileForUrl(edit.check()[0])), marker, job) : null;
    const report = await job;
    // the job's pages are on disk when it resolves: the clock stops there. Which page lists the match, and
    // reading it back, are the benchmark's own bookkeeping (after a result that is a query of the whole
    // fixture list, since the job's last write made the read memo start over): checked, but not timed
    const publishedAt = performance.now();
    for (const url of edit.check()) {
      const html = fs.readFileSync(path.join(o.siteDir, fileForUrl(url)), 'utf8');
      if (!html.includes(marker)) throw new Error(`${o.kind} edit ${i}: ${url} on disk does not show the change`);
    }
    samples.push(((shownAt && (await shownAt)) ?? publishedAt) - started);
    pages = report.written.length;
    failedPages += report.failed.length;
  }
  return {
    kind: o.kind,
    ...summarize(samples),
    firstMs: Math.round(samples[0] * 10) / 10,
    pages,
    failedPages,
    samplesMs: samples.map((s) => Math.round(s * 10) / 10),
  };
}
