// A folder, or a remote over SSH, with rsync: the common shared web host.
// DEPLOY_RSYNC_TARGET is what rsync takes as destination ('/srv/www/verein',
// 'web@host.example:/var/www/verein'); DEPLOY_RSYNC_RSH the remote shell
// ('ssh -i /etc/anstoss/deploy_key -p 2222'). rsync compares the files itself;
// three passes keep the order of a DeployPlan: assets and uploads, then pages
// and deletions, then cache-version.json. The first is left out while the
// assets and uploads are those it sent last (a save changes pages only): each
// pass is an rsync of its own, over ssh a connection of its own.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEPLOY_TEXTS as T } from '../../lib/deploy-texts';
import { writeWholeSync } from '../whole-file';
import { HASHED_FOLDER } from './earlier-builds';
import { DeployError, type DeployOptions, type DeployResult, type DeployTarget } from './target';
import { AssetReader, VERSION_KEY, type LocalFile, type SiteDirs } from './tree';

const withSlash = (dir: string) => (dir.endsWith('/') ? dir : `${dir}/`);

/**
 * ssh never asks (a host key, a password) and gives up on a host that does not answer: a prompt on the
 * server's terminal, or a connect that hangs, held every deploy after it. Put in front of the host's own
 * options; a later -o of the same name in DEPLOY_RSYNC_RSH does not override ssh's first value, so these win.
 */
const SSH_OPTIONS = '-o BatchMode=yes -o ConnectTimeout=10';
/** rsync ends a transfer that moved nothing for this long (seconds) instead of waiting for ever. */
const IO_TIMEOUT_S = 120;

/** The remote shell for a remote destination: ssh (or the host's ssh command) without prompts. */
export function remoteShell(destination: string, rsh: string | null): string | null {
  const remote = /^[^/]*:/.test(destination);
  if (!remote) return rsh;
  const command = rsh ?? 'ssh';
  return /^\s*ssh(\s|$)/.test(command) ? command.replace(/^\s*ssh/, `ssh ${SSH_OPTIONS}`) : command;
}

/**
 * The process groups of the rsyncs under way. In a group of their own they do not get the signals
 * the server's group gets (Ctrl-C in a terminal, a kill of the group, a stop cut short at its time
 * limit): the server's exit ends them, whatever way it exits.
 */
const runningGroups = new Set<number>();
let endOnExit = false;

function endRunningGroups(): void {
  for (const pid of runningGroups) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

/** The build's files and uploads as one hash: equal hashes, the same files (names, sizes, times). */
const fingerprintOf = (assets: Map<string, LocalFile>): string =>
  crypto
    .createHash('sha256')
    .update([...assets.values()].map((file) => `${file.key}\t${file.signature}`).sort().join('\n'))
    .digest('hex');

export class RsyncTarget implements DeployTarget {
  readonly id: string;
  readonly label: string;
  /**
   * The assets and uploads (`fingerprintOf`) the first pass sent last to this destination. The same again: the
   * destination has them, so the pages need not wait for a pass that sends nothing (a file removed there by
   * hand is sent again by the second pass, which has every source; 'Erneut übertragen' forgets it). Kept in
   * `<stateDir>/<id>.assets-sent` beside the other targets' records, so that a restarted server's first save
   * goes with two rsyncs too; without a `stateDir`, or when that file cannot be written, known to this process only.
   */
  private assetsSent: string | null;
  /** lists them for that, reading only names not seen before */
  private readonly assetReader: AssetReader;

  constructor(
    private readonly destination: string,
    private readonly dirs: SiteDirs,
    private readonly rsh: string | null = null,
    private readonly stateDir: string | null = null,
  ) {
    this.label = `rsync ${destination}`;
    this.assetReader = new AssetReader(dirs);
    this.id = `rsync-${destination.replace(/[^a-z0-9]+/gi, '_')}`;
    this.assetsSent = this.sentFile ? readSent(this.sentFile) : null;
  }

  private get sentFile(): string | null {
    return this.stateDir ? path.join(this.stateDir, `${this.id}.assets-sent`) : null;
  }

  /** What the first pass sent last (null: unknown), in memory and in its file. */
  private rememberSent(assets: string | null): void {
    this.assetsSent = assets;
    const file = this.sentFile;
    if (!file) return;
    try {
      if (assets === null) fs.rmSync(file, { force: true });
      else {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        writeWholeSync(file, assets);
      }
    } catch (error) {
      // not kept (a full disk): a restart sends the assets again, as it did before they were kept
      console.warn(`[deploy] ${this.label}: ${String(error)}`);
    }
  }

  /** The build's files, earlier builds' hashed files and the uploads folder: what pages refer to, so they go first. */
  private assetSources(): string[] {
    // without a slash: the folder itself goes, as /uploads (before the first upload there is none) or /_astro
    const folder = (dir: string) => (fs.existsSync(dir) ? [dir.replace(/\/+$/, '')] : []);
    // after the build's own folder: of two sources with one name, rsync sends the first (a build's file wins)
    const earlier = this.dirs.earlierBuildsDir ? folder(path.join(this.dirs.earlierBuildsDir, HASHED_FOLDER)) : [];
    return [withSlash(this.dirs.clientDir), ...earlier, ...folder(this.dirs.uploadsDir)];
  }

  /** The sources merged into the destination: the build's files, the pages, earlier builds' hashed files, the uploads folder. */
  private sources(): string[] {
    const [client, ...rest] = this.assetSources();
    return [client, withSlash(this.dirs.siteDir), ...rest];
  }

  /**
   * Runs rsync; counts the files it sent and the ones it deleted (from --itemize-changes). A stop
   * (`signal`) ends it with its remote shell: in a process group of its own, all of it is signalled,
   * where rsync left alone would have held the destination past the server's end.
   */
  private run(args: string[], signal?: AbortSignal): Promise<{ sent: number; deleted: number }> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new DeployError(T.stopped));
      const rsh = remoteShell(this.destination, this.rsh);
      const child = spawn('rsync', [...(rsh ? ['-e', rsh] : []), `--timeout=${IO_TIMEOUT_S}`, ...args], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      const group = child.pid;
      if (group) runningGroups.add(group);
      if (!endOnExit) {
        endOnExit = true;
        process.once('exit', endRunningGroups);
      }
      const stop = () => {
        try {
          if (group) process.kill(-group, 'SIGTERM');
        } catch {
          // already gone
        }
      };
      signal?.addEventListener('abort', stop, { once: true });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      child.on('error', (error) => {
        if (group) runningGroups.delete(group);
        signal?.removeEventListener('abort', stop);
        reject(new DeployError(T.rsyncFailed(null), { cause: error }));
      });
      child.on('close', (code) => {
        if (group) runningGroups.delete(group);
        signal?.removeEventListener('abort', stop);
        if (signal?.aborted) return reject(new DeployError(T.stopped));
        const lines = out.split('\n');
        if (code === 0) return resolve({ sent: lines.filter((l) => /^[<>]f/.test(l)).length, deleted: lines.filter((l) => l.startsWith('*deleting')).length });
        // 10, 12, 30, 35, 255: the other side did not answer
        const reason = [10, 12, 30, 35, 255].includes(code ?? -1) ? T.unreachable : T.rsyncFailed(code);
        reject(new DeployError(reason, { cause: new Error(err.trim()) }));
      });
    });
  }

  forget(): void {
    this.rememberSent(null);
  }

  async deploy(_tree: Map<string, LocalFile>, { full = false, signal }: DeployOptions = {}): Promise<DeployResult> {
    // --modify-window=-1: times compared to the nanosecond, so a file of the same size rewritten
    // within the same second (a page saved twice) is not taken for unchanged
    const common = ['--timeout=30', '--recursive', '--links', '--times', '--omit-dir-times', '--modify-window=-1', '--itemize-changes', '--exclude=.*', '--exclude=*.tmp'];
    const destination = withSlash(this.destination);
    const noVersion = [`--exclude=/${VERSION_KEY}`, `--exclude=/${VERSION_KEY}.*`];
    // 1. build assets and uploads (every file of the published site, pages, feeds and the version file, stays as it
    // was), unless they are those sent last (`npm run deploy` always). Read from the folders now, not from the
    // deploy's tree (read for another host earlier, it may lack an upload written since); read before the pass:
    // an upload written meanwhile is sent by it, and the next deploy sends the assets again
    // with the destination: another destination whose record has the same name (its punctuation aside) is not this one
    const assets = `${this.destination}\n${fingerprintOf(this.assetReader.read(full))}`;
    const firstPass = full || assets !== this.assetsSent ? await this.run([...common, ...noVersion, ...this.assetSources(), destination], signal) : { sent: 0, deleted: 0 };
    if (assets !== this.assetsSent) this.rememberSent(assets);
    // 2. pages, then what the site no longer has (deleted after the transfer)
    const pages = await this.run([...common, ...noVersion, '--delete-after', ...this.sources(), destination], signal);
    // 3. the version file, last
    // (always sent: the same size in the same second must not look unchanged)
    const version = await this.run([...common, '--ignore-times', `--include=/${VERSION_KEY}`, `--include=/${VERSION_KEY}.*`, '--exclude=*', withSlash(this.dirs.siteDir), destination], signal);
    return { delivered: firstPass.sent + pages.sent + version.sent, removed: pages.deleted };
  }
}

function readSent(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim() || null;
  } catch {
    // none yet (or unreadable): the first deploy sends the assets
    return null;
  }
}
