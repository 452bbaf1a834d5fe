// The deploy targets a host configured (README, "Deploy"): none by default.
//   DEPLOY_S3_URL        s3://KEY:SECRET@BUCKET/PREFIX?region=…&endpoint=…
//   DEPLOY_RSYNC_TARGET  /srv/www/verein  or  web@host:/var/www/verein
//   DEPLOY_RSYNC_RSH     the remote shell for rsync ('ssh -i KEY -p 2222'), optional
//   DEPLOY_PURGE_URL     a CDN's purge webhook; DEPLOY_PURGE_TOKEN its bearer token, optional
import path from 'node:path';
import { config } from '../config';
import { PurgeTarget } from './purge';
import { RsyncTarget } from './rsync';
import { S3Target, parseS3Url } from './s3';
import type { DeployTarget } from './target';
import type { SiteDirs } from './tree';

export const siteDirs = (): SiteDirs => ({ clientDir: config.clientDir, earlierBuildsDir: config.earlierBuildsDir, siteDir: config.siteDir, uploadsDir: config.uploadsDir });

/** Where each target's record of delivered files is kept. */
export const deployStateDir = () => path.join(config.dataDir, 'deploy');

export function deployTargetsFromEnv(env: NodeJS.ProcessEnv = process.env): DeployTarget[] {
  const targets: DeployTarget[] = [];
  const dir = deployStateDir();
  if (env.DEPLOY_S3_URL) targets.push(new S3Target(parseS3Url(env.DEPLOY_S3_URL), dir));
  if (env.DEPLOY_RSYNC_TARGET) targets.push(new RsyncTarget(env.DEPLOY_RSYNC_TARGET, siteDirs(), env.DEPLOY_RSYNC_RSH || null, dir));
  if (env.DEPLOY_PURGE_URL) targets.push(new PurgeTarget(env.DEPLOY_PURGE_URL, dir, env.DEPLOY_PURGE_TOKEN || null));
  return targets;
}
