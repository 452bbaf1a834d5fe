// What a target holds, as far as we know: each key with the signature of the
// file delivered under it. Kept per target in DATA_DIR/deploy/<id>.json, so
// that a failed or interrupted deploy resumes where it stopped and the next one
// delivers everything still pending. Written once at the end of a deploy
// (`flush`), and every SAVE_EVERY_MS during a long one: a big club's record is
// 45,000 keys (4 MB of JSON), and writing it after each step cost a save with
// a bucket and a CDN four writes on the server's thread. A record older than
// the target only sends files again, never leaves one out: keys new to the
// target are written down before their files go (`announce`).
import fs from 'node:fs';
import path from 'node:path';
import { removeTempFilesOf, writeWholeSync } from '../whole-file';
import { holdTarget, releaseTarget } from './target-lock';
import { VERSION_KEY, type LocalFile } from './tree';

/** A deploy's steps in the order that never shows a half-updated site. */
export type DeployPlan = {
  /** build assets and uploads: nothing links to them until the pages arrive */
  assets: LocalFile[];
  /** pages and other published files, which link to the assets above */
  pages: LocalFile[];
  /** keys the target holds that the site no longer has */
  removed: string[];
  /** cache-version.json, last: open tabs reload only when all of the above is in place */
  version: LocalFile | null;
};

export const isEmptyPlan = (plan: DeployPlan) =>
  plan.assets.length === 0 && plan.pages.length === 0 && plan.removed.length === 0 && plan.version === null;

/** The signature of a key the target may hold in any version: its file goes again. */
const NOT_KNOWN = 'unknown';

/** Where the record names its destination: no file of the site has a key with a leading slash. */
const DESTINATION_KEY = '/destination';

/** How often a long deploy (a first one, a full sync) writes its record meanwhile. */
export const SAVE_EVERY_MS = 10_000;

export class DeliveredManifest {
  private readonly delivered: Map<string, string>;
  private dirty = false;
  private savedAt = Date.now();

  /** The record's file as this instance last read or wrote it: another process's write changes it. */
  private known: string | null = null;

  /**
   * `destination`: the target exactly (endpoint, bucket, prefix). The record's name leaves out punctuation
   * (`verein/www` and `verein-www` share one): a record written for another destination is not taken, or the
   * first deploy to a new bucket found every file delivered and sent none. A record from before it says none
   * is taken, and says it from its next write.
   */
  constructor(
    private readonly file: string,
    private readonly destination?: string,
  ) {
    this.delivered = new Map();
    // a deploy killed while it wrote the record left the part it had written (the record is the file before it)
    removeTempFilesOf(file);
    this.load();
  }

  private load(): void {
    this.delivered.clear();
    this.known = stamp(this.file);
    try {
      const saved = JSON.parse(fs.readFileSync(this.file, 'utf8')) as Record<string, string>;
      const writtenFor = saved[DESTINATION_KEY];
      delete saved[DESTINATION_KEY];
      if (writtenFor !== undefined && writtenFor !== this.destination) return;
      for (const [key, signature] of Object.entries(saved)) this.delivered.set(key, signature);
    } catch {
      // no deploy yet (or an unreadable file): everything goes
    }
  }

  /**
   * Takes the target for one deploy, across processes: `npm run deploy` beside the server's deploy to the same
   * target wrote the record over the other's, so that keys one of them had put were forgotten (a page removed
   * later stayed on the host) or sent twice. A record another process wrote meanwhile is read again first.
   * Throws a DeployError naming the process that deploys; gives the target back when `deploy` has ended.
   */
  async whileHeld<T>(deploy: () => Promise<T>): Promise<T> {
    const lock = `${this.file}.lock`;
    holdTarget(lock);
    try {
      if (stamp(this.file) !== this.known) this.load();
      return await deploy();
    } finally {
      releaseTarget(lock);
    }
  }

  /** What must go to bring the target to the tree. */
  plan(tree: Map<string, LocalFile>): DeployPlan {
    const plan: DeployPlan = { assets: [], pages: [], removed: [], version: null };
    for (const file of tree.values()) {
      if (this.delivered.get(file.key) === file.signature) continue;
      if (file.key === VERSION_KEY) plan.version = file;
      else if (file.area === 'page') plan.pages.push(file);
      else plan.assets.push(file);
    }
    for (const key of this.delivered.keys()) if (!tree.has(key)) plan.removed.push(key);
    return plan;
  }

  /** Whether the target holds a file under this key (of any version). */
  has(key: string): boolean {
    return this.delivered.has(key);
  }

  /**
   * Files about to be put. A key the target did not hold is known from now on (under no signature, so
   * its file still goes) and written down at once: killed after the PUT and before the record's next
   * write, the record would not know the object, and once the site dropped the page (an article taken
   * off) no deploy would delete it there.
   */
  announce(files: LocalFile[]): void {
    let added = 0;
    for (const file of files) {
      if (this.delivered.has(file.key)) continue;
      this.delivered.set(file.key, NOT_KNOWN);
      added++;
    }
    if (added === 0) return;
    this.dirty = true;
    this.flush();
  }

  /** Files now on the target. */
  record(files: LocalFile[]): void {
    for (const file of files) this.delivered.set(file.key, file.signature);
    this.changed(files.length);
  }

  /** Keys now gone from the target. */
  forget(keys: string[]): void {
    for (const key of keys) this.delivered.delete(key);
    this.changed(keys.length);
  }

  /** Writes the record if it changed since it was last written: at the end of each deploy. */
  flush(): void {
    if (!this.dirty) return;
    this.save();
    this.dirty = false;
    this.savedAt = Date.now();
  }

  private changed(count: number): void {
    if (count === 0) return;
    this.dirty = true;
    if (Date.now() - this.savedAt >= SAVE_EVERY_MS) this.flush();
  }

  /** Starts over from what the target lists: each key counts as not delivered, so every file goes again. */
  reset(keysOnTarget: string[]): void {
    this.delivered.clear();
    for (const key of keysOnTarget) this.delivered.set(key, NOT_KNOWN);
  }

  get size(): number {
    return this.delivered.size;
  }

  private save(): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const record = Object.fromEntries(this.delivered);
    if (this.destination !== undefined) record[DESTINATION_KEY] = this.destination;
    writeWholeSync(this.file, JSON.stringify(record));
    this.known = stamp(this.file);
  }
}

/** What tells one version of the record from another: its size and time (null: none). */
function stamp(file: string): string | null {
  try {
    const stat = fs.statSync(file);
    return `${stat.size}/${stat.mtimeMs}/${stat.ino}`;
  } catch {
    return null;
  }
}
