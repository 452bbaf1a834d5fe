// Run-time settings, read from the environment once. Everything the server
// writes lives under DATA_DIR so that a backup is one folder.
import path from 'node:path';
import { EARLIER_BUILDS_FOLDER } from './deploy/earlier-builds';
import { numberSetting } from './number-settings';

const projectRoot = process.env.ANSTOSS_ROOT ?? process.cwd();
const dataDir = path.resolve(projectRoot, process.env.DATA_DIR ?? 'data');
// where `astro build` writes; a second checkout's tests can build beside the first
const distDir = path.resolve(projectRoot, process.env.ANSTOSS_DIST ?? 'dist');

export const config = {
  projectRoot,
  port: Number(process.env.PORT ?? 4321),
  // loopback unless told otherwise: behind nginx the Node port must not be reachable past it
  host: process.env.HOST ?? '127.0.0.1',
  /** the proxies whose X-Forwarded-* headers count: '127.0.0.1,::1' behind nginx (src/server/http/proxy.ts) */
  trustProxy: process.env.TRUST_PROXY ?? '',
  /** published files answered without node:http (src/server/http/fast-lane.ts, decision 049); FAST_LANE=0 switches it off */
  fastLane: process.env.FAST_LANE !== '0',
  dataDir,
  dbPath: path.join(dataDir, 'club.db'),
  uploadsDir: path.join(dataDir, 'uploads'),
  siteDir: path.join(dataDir, 'site'),
  /** the hashed files of earlier builds, answered for some days after a deploy (src/server/deploy/earlier-builds.ts) */
  earlierBuildsDir: path.join(dataDir, EARLIER_BUILDS_FOLDER),
  outboxDir: path.join(dataDir, 'outbox'),
  // migrations are part of the code, not of the data: always the repo's own
  migrationsDir: path.join(projectRoot, 'data', 'migrations'),
  distDir,
  clientDir: path.join(distDir, 'client'),
  serverEntry: path.join(distDir, 'server', 'entry.mjs'),
  siteUrl: (process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? 4321}`).replace(/\/+$/, ''),
  smtpUrl: process.env.SMTP_URL ?? '',
  mailFrom: process.env.MAIL_FROM ?? 'Anstoss <no-reply@localhost>',
  /**
   * how long an invitation waits for the mail server before the admin is answered (the mail goes on): below
   * the proxy's read timeout (nginx's 60 s), which would otherwise answer 504 for a mail that may still go out
   */
  mailAnswerWithinMs: numberSetting('MAIL_ANSWER_WITHIN_S', 40) * 1000,
  /** the daily backup's folder; empty: no daily backup (docs/operations.md, "Backups") */
  backupDir: process.env.BACKUP_DIR ? path.resolve(projectRoot, process.env.BACKUP_DIR) : '',
  /** how many daily backups stay */
  backupKeep: numberSetting('BACKUP_KEEP', 7),
  /**
   * ANSTOSS_CLOCK_START (an ISO time): the publish clock starts at that moment and
   * runs on from there (src/server/clock.ts). For the visual references and for
   * previewing the site as of a given day; never set in production.
   */
  clockStart: process.env.ANSTOSS_CLOCK_START ?? '',
  // tests only, with clockStart: the clock runs this many times as fast (decision 030)
  clockRate: process.env.ANSTOSS_CLOCK_RATE ?? '',
};

/**
 * The public origin for canonical, Open Graph, sitemap, feed and e-mail links.
 * Read at run time (Astro's own `site` is fixed at build time) and never taken
 * from a request's Host header.
 */
export function siteUrl(): URL {
  return new URL(`${config.siteUrl}/`);
}
