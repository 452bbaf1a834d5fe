// `npm run deploy`: a full sync of the published site to every configured
// static host (DEPLOY_S3_URL, DEPLOY_RSYNC_TARGET, DEPLOY_PURGE_URL; see the
// README's "Deploy"). The server does the same after every publish, with only
// what changed; this one checks every file, for a first deploy or after a host
// was changed by hand.
import fs from 'node:fs';
import path from 'node:path';
import './as-data-owner';
const { DEPLOY_TEXTS: T } = await import('../src/lib/deploy-texts');
const { deployTargetsFromEnv, siteDirs } = await import('../src/server/deploy/targets');
const { listSiteTree, VERSION_KEY } = await import('../src/server/deploy/tree');
const { DeployError } = await import('../src/server/deploy/target');

const targets = deployTargetsFromEnv();
if (targets.length === 0) {
  console.error(T.noTargets);
  process.exit(1);
}
console.info(T.cliStart(targets.map((t) => t.label).join(', ')));
const started = Date.now();
/** The site as it is now. A folder that cannot be read fails the listing (tree.ts): sent as it is, its files would be removed from the hosts. */
function siteNow(): ReturnType<typeof listSiteTree> {
  try {
    return listSiteTree(siteDirs());
  } catch (error) {
    console.error(T.cliUnreadable(error instanceof Error ? error.message : String(error)));
    process.exit(1);
  }
}
/** The version file as it is (a publish writes it last, after its pages): null before the first publish. */
function versionNow(): string | null {
  const stat = fs.statSync(path.join(siteDirs().siteDir, VERSION_KEY), { throwIfNoEntry: false });
  return stat ? `${stat.ino}:${stat.size}:${stat.mtimeMs}` : null;
}
// The tree is read again when a publish came since it was read: the server may deliver new pages and uploads
// while this command waits for it, and a tree from before the wait would remove them from the host as gone
// (its version read first: a publish during the listing is read again at the next try)
let treeOf = versionNow();
let tree = siteNow();
function siteAsPublished(): ReturnType<typeof listSiteTree> {
  const version = versionNow();
  if (version !== treeOf) {
    treeOf = version;
    tree = siteNow();
  }
  return tree;
}
/** The target's deploy; while the server deploys to it (a publish, on match day every few seconds), waited for. */
async function deployWhenFree(target: (typeof targets)[number]) {
  const until = Date.now() + 120_000;
  for (let told = false; ; told = true) {
    try {
      return await target.deploy(siteAsPublished(), { full: true });
    } catch (error) {
      if (!(error instanceof DeployError) || !error.busy || Date.now() > until) throw error;
      if (!told) console.info(T.cliWaiting(error.reason));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}
let delivered = 0;
let removed = 0;
try {
  // the hosts first, the CDN purge after them
  for (const target of [...targets.filter((t) => !t.afterOthers), ...targets.filter((t) => t.afterOthers)]) {
    const result = await deployWhenFree(target);
    console.info(`[deploy] ${target.label}: ${result.delivered} übertragen, ${result.removed} entfernt`);
    delivered += result.delivered;
    removed += result.removed;
  }
} catch (error) {
  console.error(T.cliFailed(error instanceof DeployError ? error.reason : String(error)));
  process.exit(1);
}
console.info(T.cliDone(delivered, removed, Date.now() - started));
export {};
