// Starting the whole thing: migrate, load the built handler, publish, serve.
// Used by `npm start` and by the tests that run the production server.
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { config } from './config';
import { closeDatabase, getDb } from './db/client';
import { whenDiskFull } from './db/write';
import { createServer, type NodeHandler } from './http/server';
import { STOP_LIMIT_MS, announceStopping, drainServer, trackRequests } from './http/shutdown';
import { listenOn } from './http/listen';
import { parseTrustProxy } from './http/proxy';
import { OWNER_KEEP_ALIVE_MS } from './http/owner-proxy';
import { Publisher } from './publish/publisher';
import type { PublishReport } from './publish/publish-report';
import { PublishQueue } from './publish/queue';
import { PendingPages } from './publish/pending';
import { onFileChanged, removeTempFiles } from './publish/files';
import { BLANKS_KEPT } from './publish/blank-files';
import { replacedFolderFor, waitingBytes } from './publish/replaced-files';
import { checkHealth, minFreeBytes } from './health';
import { createHandlerRenderer, loadBuiltRenderer } from './publish/render';
import { registerPublishQueue } from './publish/notify';
import { Deployer, registerDeployer } from './deploy/deployer';
import { ensureSetupLink } from './auth/setup';
import { recordTurnedPhotosUpright } from './media/turned-photos';
import { rememberSiteUrl } from './site-address';
import { acquireDataLock } from './data-lock';
import { BACKUP_TEXTS, BEFORE_RESTORE_KEEP_DAYS } from './backup/texts';
import { removeOldBeforeRestore, removeStaleStaging } from './backup/archive';
import { beforeRestorePruneJob, dailyBackupJob } from './backup/daily';
import { EARLIER_BUILDS_KEEP_DAYS, keepBuildFiles } from './deploy/earlier-builds';
import { earlierBuildsPruneJob } from './deploy/earlier-builds-job';
import { undoInterruptedRestore } from './backup/journal';
import { installUploadCheck } from './media/upload-check';
import { registerUploadCheck } from '../lib/schemas/upload';
import { Scheduler, type Job } from './scheduler';
import { nightlyRepublishJob } from './publish/nightly';
import { matchEndsJob } from './publish/match-ends';
import { registerNewsSchedulePoke, scheduledNewsJob } from './publish/scheduled-news';
import { requestPublish } from './publish/notify';
import { invitationsAtStop, recordInvitationsInterrupted } from './services/invitations';
import { recordInvitationsCutOff, registerInvitationSender } from './services/invitation-mails';
import { watchMailOutcomes } from './mail/mailer';
import { keepMailOutcomes } from './mail/mail-status';
import { retentionJobs } from './audit/retention';
import { signInHousekeepingJob } from './auth/housekeeping';
import { registerRunningJobs } from './scheduler-status';
import { revisionRetentionJob } from './revisions/retention-job';
import { unusedImagesSweepJob } from './media/sweep';
import { shareCachePruneJob } from './content/share-cache';
import { registerPreviewRenderer } from './preview/previews';
import { clockFromSettings, registerAppClock, REAL_CLOCK, type Clock } from './clock';

export type RunningApp = {
  server: http.Server;
  queue: PublishQueue;
  publisher: Publisher;
  url: string;
  /** the whole-site publish of the start: the server answers (old files) while it runs */
  published: Promise<PublishReport | null>;
  /** the graceful stop (docs/decisions/012): requests answered, publishes finished, database closed */
  close: () => Promise<void>;
};

/** What configures a deploy target (src/server/deploy/targets.ts reads the same names). */
const DEPLOY_ENV = ['DEPLOY_S3_URL', 'DEPLOY_RSYNC_TARGET', 'DEPLOY_PURGE_URL'];

/** How long a stop lets running publish jobs go on before it stops them between pages. */
const PUBLISH_GRACE_MS = 3_000;
/**
 * A stop's steps after the requests share what is left of STOP_LIMIT_MS: the grace above, then the wait for a
 * scheduled job (5 s at most) and for the deploys under way (5 s, then 2 s for the transfers ended), each cut
 * to what is left, so that the stop ends with exit 0 within the limit. After a drain that cut a stuck request
 * at 8 s, a full 3 s of grace ended the stop with exit 1 at 10 s, before an invitation still going out was said
 * in the Protokoll; a running backup and a deploy could take 12 s after the grace.
 */
const STOP_LAST_MS = 500; // the render processes and the database closed
const STOP_AFTER_GRACE_MS = 1_000; // the scheduler's and the deploys' share when the time is short

/**
 * Starts the server and returns once it listens: a restart answers again within
 * a second or two, serving the files of the last publish, while the whole site
 * is republished in the background (`published`).
 */
export async function startApp(
  opts: {
    port?: number;
    host?: string;
    publish?: boolean;
    clock?: Clock;
    /** the owner of a cluster (src/server/cluster.ts): listens here, for its static workers only */
    socketPath?: string;
    /** the owner's first step of a stop: its workers answer what they have in flight and exit */
    drainWorkers?: () => Promise<void>;
  } = {},
): Promise<RunningApp> {
  // one clock for the publish time, the retries and the scheduled jobs (a test moves it)
  const clock = opts.clock ?? clockFromSettings(config.clockStart, config.clockRate);
  if (clock !== REAL_CLOCK) {
    // a test reads this line to know the server's time (decision 030)
    console.info(`[clock] ${new Date(clock.now()).toISOString()} at real ${new Date().toISOString()}, rate ${config.clockRate || 1}`);
  }
  // saves ask the same clock whether a scheduled time is past (decision 030)
  registerAppClock(clock);
  // saves may not name an upload deleted while their form held it
  installUploadCheck(config.uploadsDir);
  // one server per DATA_DIR (a restore checks it too)
  const releaseLock = acquireDataLock(config.dataDir);
  // a restore killed mid-swap is undone before the database is opened (an empty one would be made)
  const undone = undoInterruptedRestore(config.dataDir);
  if (undone) console.warn(`[restore] ${undone}`);
  const db = getDb();
  removeStaleStaging(config.dataDir);
  const replacedGone = removeOldBeforeRestore(config.dataDir);
  if (replacedGone > 0) console.info(`[backup] ${BACKUP_TEXTS.beforeRestoreRemoved(replacedGone, BEFORE_RESTORE_KEEP_DAYS)}`);
  // a killed process may have left half-written temp files: never served, gone now
  const leftovers = await removeTempFiles(config.siteDir);
  if (leftovers > 0) console.info(`[publish] ${leftovers} temporary files of an interrupted publish removed`);
  // this build's hashed files stay answerable after the next deploy, for pages that name them (decision 070)
  const buildDirs = { clientDir: config.clientDir, earlierBuildsDir: config.earlierBuildsDir };
  // on the real clock: how long a browser or a host holds a page is no matter of the day the pages show
  const kept = keepBuildFiles(buildDirs, Date.now());
  if (kept.removed > 0) console.info(`[earlier-builds] removed ${kept.removed} files no build has had for ${EARLIER_BUILDS_KEEP_DAYS} days`);
  // An admin's save renders in this process when static workers serve the visitors (decision 043).
  // Alone (SERVE_WORKERS=0) this thread serves them too: a save's renders would hold up every
  // visitor for their length, and the connections queued meanwhile, so they go to render processes.
  const { renderer, handler, pool } = await loadBuiltRenderer(config.serverEntry, opts.socketPath ? {} : { inProcessMax: 0 });
  // previews render here, from a copy of the database, never in the publish processes
  registerPreviewRenderer(createHandlerRenderer(handler));
  // on the app's clock, as the queue's retry timers are: a preview of a given day (ANSTOSS_CLOCK_START) waited
  // for the days between that day and the real one
  const pending = new PendingPages(getDb, () => clock.now());
  pending.load();
  const publisher = new Publisher({ db: getDb, siteDir: config.siteDir, render: renderer, pending, clock, blanksKept: BLANKS_KEPT });
  // an admin's save that meets a full disk frees the old versions of pages the last job replaced (decision 046)
  whenDiskFull(() => publisher.makeRoom());
  const queue = new PublishQueue(publisher, clock);
  registerPublishQueue(queue);
  // every publish goes on to the configured static hosts (none by default)
  // the targets' module pulls in the S3 client library (~24 MB RSS): only when a target is configured
  const { deployTargetsFromEnv, siteDirs } = DEPLOY_ENV.some((name) => process.env[name])
    ? await import('./deploy/targets')
    : { deployTargetsFromEnv: () => [], siteDirs: () => ({ clientDir: config.clientDir, earlierBuildsDir: config.earlierBuildsDir, siteDir: config.siteDir, uploadsDir: config.uploadsDir }) };
  const deployer = new Deployer(deployTargetsFromEnv(), siteDirs(), clock, console, onFileChanged);
  registerDeployer(deployer);
  queue.listeners.add((report) => {
    if (report.written.length + report.removed.length > 0) deployer.request();
  });
  await ensureSetupLink(db);
  // a mail server's failure, and each kind of mail's refusal, is kept for the superadmin's header until a mail
  // (of that kind) goes again (decision 075)
  keepMailOutcomes(getDb);
  // invitations a killed server (or import) left going out are said in the Protokoll (decision 073)
  registerInvitationSender();
  try {
    const cutOff = recordInvitationsCutOff(db);
    if (cutOff.length > 0) console.warn(`[mail] the invitations to ${cutOff.join(', ')} were left going out by a process that ended (or could not store how they ended): whether they arrived is unknown, their links stay (Protokoll: 'Einladung unterbrochen')`);
  } catch (error) {
    console.warn('[mail] the invitations left going out could not be recorded (tried again at the next start):', error instanceof Error ? error.message : error);
  }
  // the address commands typed by hand must publish for too (site-address.ts)
  try {
    rememberSiteUrl(db);
  } catch (error) {
    console.warn('[server] SITE_URL not stored:', error instanceof Error ? error.message : error);
  }
  // once: hand-added photos recorded on their side get their upright size before the pages are written
  await recordTurnedPhotosUpright(db, config.uploadsDir).catch((error: unknown) => console.warn('[media] turned photos not checked:', error));

  const server = createServer({
    handler: handler as NodeHandler,
    siteDir: config.siteDir,
    clientDir: config.clientDir,
    earlierBuildsDir: config.earlierBuildsDir,
    uploadsDir: config.uploadsDir,
    trustedProxies: parseTrustProxy(config.trustProxy),
    // the owner's socket: only its workers reach it, and they pass on the address they resolved
    forwardedByWorkers: opts.socketPath !== undefined,
    // the owner's socket carries dynamic paths only
    fastLane: config.fastLane && opts.socketPath === undefined,
    health: () =>
      checkHealth({
        db: getDb,
        dataDir: config.dataDir,
        minFreeBytes: minFreeBytes(),
        reclaimableBytes: (enough) => waitingBytes(replacedFolderFor(config.siteDir), config.dataDir, enough),
      }),
  });
  const requests = trackRequests(server);
  const port = opts.port ?? config.port;
  if (opts.socketPath) {
    const socketPath = opts.socketPath;
    // the data lock makes this the only owner: a socket file left by a killed one goes
    fs.mkdirSync(path.dirname(socketPath), { recursive: true });
    fs.rmSync(socketPath, { force: true });
    // longer than a worker keeps an idle connection to it (owner-proxy.ts)
    server.keepAliveTimeout = OWNER_KEEP_ALIVE_MS;
    await listenOn(server, { path: socketPath }, console);
    fs.chmodSync(socketPath, 0o600);
  } else await listenOn(server, { port, host: opts.host ?? config.host }, console);
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const url = `http://localhost:${actualPort}`;

  const jobs: Job[] = [
    nightlyRepublishJob((changes) => queue.enqueue(changes)),
    // two hours after a kick-off the next match takes the badge (decision 067)
    matchEndsJob({ db: getDb, now: () => clock.now(), publish: (changes) => queue.enqueue(changes) }),
    // through requestPublish, so open admin lists see a scheduled news go live
    scheduledNewsJob({ db: getDb, now: () => clock.now(), publish: (changes) => requestPublish(changes) }),
    // issue 15: the audit log, the inquiries and the revisions are kept only as long as configured
    ...retentionJobs(getDb, { now: () => clock.now() }),
    signInHousekeepingJob(getDb, { now: () => clock.now() }),
    revisionRetentionJob(getDb, () => clock.now()),
    // after the revisions' retention, whose deletes can free images
    unusedImagesSweepJob(getDb, () => clock.now()),
    // share images no publish has read for 90 days (a changed title or score is a new picture)
    shareCachePruneJob(() => clock.now()),
    beforeRestorePruneJob(config.dataDir, () => clock.now()),
    earlierBuildsPruneJob(buildDirs, Date.now),
  ];
  if (config.backupDir) {
    const source = { db: getDb, dataDir: config.dataDir, dbFile: config.dbPath, uploadsDir: config.uploadsDir };
    jobs.push(dailyBackupJob({ dir: config.backupDir, keep: config.backupKeep }, source));
  }
  const scheduler = new Scheduler(getDb, jobs, clock);
  registerRunningJobs(jobs.map((job) => job.name));
  registerNewsSchedulePoke(() => scheduler.poke());
  let stopping = false;

  // every start publishes the whole site: what a crash or a stop left unpublished converges here (decision 013)
  const published = (async () => {
    // a start's publish that fails as a whole is tried again by the queue; meanwhile the site as
    // published before is served, and the rest of the server (its scheduler) runs as usual
    const report = opts.publish === false ? null : await queue.enqueue('all').catch(() => null);
    if (stopping) return report;
    if (report) {
      console.info(
        `[publish] ${report.written.length} pages written, ${report.removed.length} removed, ${report.failed.length} failed in ${report.ms} ms (version ${report.version})`,
      );
      if (report.pending > 0) console.warn(`[publish] ${report.pending} pages pending, retried automatically`);
    }
    console.info(`[server] Anstoss läuft auf ${url}`);
    scheduler.start();
    return report;
  })();

  return {
    server,
    queue,
    publisher,
    url,
    published,
    close: async () => {
      const stopBegan = Date.now();
      stopping = true;
      if (opts.drainWorkers) {
        // admin event streams end first, so that the workers' proxies of them finish; the owner
        // keeps answering the workers' saves in flight until they are drained (decision 037)
        announceStopping();
        await opts.drainWorkers();
      }
      const drained = await drainServer(server, requests);
      console.info(`[server] requests answered in ${drained.ms} ms${drained.cut ? `, ${drained.cut} cut at the deadline` : ''}`);
      // saves answered above may have left publish jobs (and retries) behind, and invitations whose mail is
      // still going out (decision 073): they may finish, then the rest stops between pages (the next start
      // publishes the whole site); an invitation still going out at the end (below) is said in the Protokoll
      queue.close();
      let grace: NodeJS.Timeout | undefined;
      const leftMs = () => Math.max(0, STOP_LIMIT_MS - STOP_LAST_MS - (Date.now() - stopBegan));
      const graceMs = Math.min(PUBLISH_GRACE_MS, Math.max(0, leftMs() - STOP_AFTER_GRACE_MS));
      const graceOver = new Promise((resolve) => (grace = setTimeout(resolve, graceMs)));
      await Promise.race([Promise.all([queue.idle(), invitationsAtStop(getDb())]), graceOver]);
      clearTimeout(grace);
      publisher.stop();
      try {
        await Promise.all([queue.idle(), scheduler.stop(Math.min(5_000, Math.max(0, leftMs() - STOP_AFTER_GRACE_MS)))]);
        const forDeploys = leftMs();
        await deployer.stop(Math.min(5_000, forDeploys / 2), Math.min(2_000, forDeploys / 2));
      } finally {
        // an invitation whose mail ended meanwhile was settled as ever; one still going out now is said as such
        const interrupted = recordInvitationsInterrupted(getDb());
        if (interrupted.length > 0) {
          console.warn(`[mail] stopped while the invitations to ${interrupted.join(', ')} were still being sent: whether they arrived is unknown, their links stay (Protokoll: 'Einladung unterbrochen')`);
        }
      }
      registerPublishQueue(undefined);
      registerDeployer(undefined);
      registerNewsSchedulePoke(undefined);
      registerPreviewRenderer(null);
      registerAppClock(undefined);
      registerUploadCheck(undefined);
      watchMailOutcomes(undefined);
      await pool?.close();
      closeDatabase();
      releaseLock();
    },
  };
}
