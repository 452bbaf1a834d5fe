// A CDN that caches our pages is told which URLs changed: DEPLOY_PURGE_URL gets
// a POST with {"urls": ["https://verein.at/news/…", …]} (with DEPLOY_PURGE_TOKEN
// as a bearer token, when set) after the other targets have the files. Which
// pages changed since the last purge is kept like a target's delivered files.
import path from 'node:path';
import { siteUrl } from '../config';
import { DeliveredManifest } from './manifest';
import { DEPLOY_TEXTS as T } from '../../lib/deploy-texts';
import { DeployError, type DeployOptions, type DeployResult, type DeployTarget } from './target';
import { urlsOfKey, type LocalFile } from './tree';

/** Purges go in batches: CDNs limit the URLs of one call (Cloudflare: 30, Bunny: 100). */
const BATCH = 30;

export class PurgeTarget implements DeployTarget {
  readonly id: string;
  readonly label: string;
  readonly afterOthers = true;
  private readonly manifest: DeliveredManifest;

  constructor(
    private readonly endpoint: string,
    manifestDir: string,
    private readonly token: string | null = null,
  ) {
    const url = new URL(endpoint);
    this.label = `CDN ${url.host}`;
    this.id = `purge-${url.host.replace(/[^a-z0-9]+/gi, '_')}`;
    this.manifest = new DeliveredManifest(path.join(manifestDir, `${this.id}.json`));
  }

  async deploy(tree: Map<string, LocalFile>, options: DeployOptions = {}): Promise<DeployResult> {
    // one purge run at a time, also with `npm run deploy` beside the server (target-lock.ts)
    return this.manifest.whileHeld(() => this.purgeHeld(tree, options));
  }

  private async purgeHeld(tree: Map<string, LocalFile>, { signal }: DeployOptions): Promise<DeployResult> {
    // the published pages, and the uploads: a photo deleted (a player who withdrew consent) or replaced
    // under its name must leave the CDN too, which may keep it a year (immutable). A new upload is only
    // recorded: no CDN holds it yet. So are the build's files with fixed names (the service worker, the
    // web manifest, the offline page, icons): an app update replaces them under their name, and a CDN
    // would hand out the old worker for its hour. The build's `_astro/` files are named by their content.
    const purgeable = new Map([...tree].filter(([key, file]) => file.area !== 'asset' || !key.startsWith('_astro/')));
    const plan = this.manifest.plan(purgeable);
    const changed = [...plan.pages, ...(plan.version ? [plan.version] : [])];
    const replaced = plan.assets.filter((file) => this.manifest.has(file.key));
    const keys = [...changed, ...replaced].map((f) => f.key).concat(plan.removed);
    const urls = [...new Set(keys.flatMap(urlsOfKey))].map((u) => new URL(u, siteUrl()).href);
    for (let i = 0; i < urls.length; i += BATCH) {
      let response: Response;
      try {
        response = await fetch(this.endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
          body: JSON.stringify({ urls: urls.slice(i, i + BATCH) }),
          signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(15_000)]) : AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw new DeployError(signal?.aborted ? T.stopped : T.unreachable, { cause: error });
      }
      if (!response.ok) throw new DeployError(T.purgeFailed(response.status));
    }
    this.manifest.record([...changed, ...plan.assets]);
    this.manifest.forget(plan.removed);
    this.manifest.flush();
    return { delivered: urls.length, removed: 0 };
  }
}
