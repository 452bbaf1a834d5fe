// The static workers (docs/decisions/037): a publish read through two workers
// never shows a new cache version next to an old page, a worker that crashes
// is replaced while the others go on serving, and no worker outlives the
// owner. Real servers, `SERVE_WORKERS=2`.
import fs from 'node:fs';
import { afterEach, expect, it } from 'vitest';
import { news } from '../../src/server/db/schema';
import { adminClient, newsInput } from '../fixtures/admin-http';
import { get, isOk } from '../fixtures/raw-http';
import { startSite, type Site } from '../fixtures/site';
import { printFigures } from './figures';

let site: Site | undefined;
afterEach(async () => {
  await site?.stop();
  site = undefined;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const WORKERS = { SERVE_WORKERS: '2' };

/** The static workers under a server process (their command line names the bundle). */
function workerPids(ownerPid: number): number[] {
  const children = fs.readFileSync(`/proc/${ownerPid}/task/${ownerPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return children.filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server-static/worker.mjs');
    } catch {
      return false;
    }
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** One read on a connection of its own (so that reads spread over both workers). */
async function read(url: string, path: string): Promise<string> {
  const answer = await get(url, path).answer;
  if (!isOk(answer) || !('body' in answer)) throw new Error(`${path}: ${JSON.stringify(answer).slice(0, 120)}`);
  return answer.body;
}

it('a publish read through 2 workers: once a reader sees the new cache version, it never gets the old page', async () => {
  site = await startSite({ env: WORKERS });
  expect(site.logs()).toContain('2 static workers');
  const admin = await adminClient(site);
  expect((await admin.call('admin.news.create', newsInput('Vorher'))).status).toBe(200);
  const id = site.db().select({ id: news.id }).from(news).all()[0].id;
  const page = `/news/${id}`;
  let version = JSON.parse(await read(site.url, '/cache-version.json')).version;
  let saves = 0;
  let reads = 0;
  let newVersionOldPage = 0;
  let newVersionsSeen = 0;
  for (let round = 1; round <= 4; round++) {
    const title = `Nachher-${round}`;
    let stop = false;
    // eight readers, each: the version, then the page, every time on a new connection
    const readers = Array.from({ length: 8 }, async () => {
      while (!stop) {
        const seen = JSON.parse(await read(site!.url, '/cache-version.json')).version;
        const body = await read(site!.url, page);
        reads++;
        if (seen !== version) {
          newVersionsSeen++;
          if (!body.includes(title)) newVersionOldPage++;
        }
      }
    });
    await sleep(100);
    const saved = await admin.call('admin.news.update', { id, ...newsInput(title) });
    expect(saved.status).toBe(200);
    saves++;
    // the readers go on past the new version
    for (let i = 0; i < 100 && JSON.parse(await read(site.url, '/cache-version.json')).version === version; i++) await sleep(20);
    await sleep(300);
    stop = true;
    await Promise.all(readers);
    version = JSON.parse(await read(site.url, '/cache-version.json')).version;
  }
  printFigures('workers (publish while reading)', { saves, reads, newVersionsSeen, newVersionOldPage });
  expect(newVersionsSeen).toBeGreaterThan(0);
  expect(newVersionOldPage).toBe(0);
});

it('a worker that crashes is replaced while the other serves on; the workers end with the owner', async () => {
  site = await startSite({ env: WORKERS });
  const owner = site.process.pid!;
  const [first, second] = workerPids(owner);
  expect(second).toBeDefined();
  process.kill(first, 'SIGKILL');
  // the owner notices at once (its IPC channel closes) and hands new connections to the other
  // (each wait below against a deadline, not a count of tries: a busy machine's sleeps run long)
  const noticed = Date.now() + 15_000;
  while (Date.now() < noticed && !site.logs().includes(`static worker ${first} ended`)) await sleep(20);
  // every read in the meantime is answered (by the other worker)
  const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => read(site!.url, i % 2 ? '/' : '/news').then(() => true, () => false)));
  let replaced: number[] = [];
  const replacedBy = Date.now() + 15_000;
  while (Date.now() < replacedBy) {
    replaced = workerPids(owner);
    if (replaced.length === 2 && !replaced.includes(first)) break;
    await sleep(50);
  }
  const afterReplace = await read(site.url, '/').then(() => true, () => false);

  // the owner killed outright (no stop): its workers do not stay behind on the port
  process.kill(owner, 'SIGKILL');
  let orphans = replaced;
  const goneBy = Date.now() + 15_000;
  while (Date.now() < goneBy && orphans.length > 0) {
    await sleep(50);
    orphans = replaced.filter(alive);
  }
  printFigures('workers (crash)', {
    readsAnswered: answers.filter(Boolean).length,
    readsTried: answers.length,
    replaced: replaced.length === 2 && !replaced.includes(first),
    orphansAfterOwnerKilled: orphans.length,
  });
  expect(answers.every(Boolean)).toBe(true);
  expect(replaced).toHaveLength(2);
  expect(replaced).not.toContain(first);
  expect(afterReplace).toBe(true);
  expect(orphans).toEqual([]);
});
