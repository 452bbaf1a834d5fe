// S3-compatible object storage (AWS, Hetzner, Wasabi, MinIO, Cloudflare R2…)
// with @aws-sdk/client-s3. DEPLOY_S3_URL names it all:
//   s3://KEY:SECRET@BUCKET/PREFIX?region=eu-central-1&endpoint=https://fsn1.your-objectstorage.com
// Each object gets the Content-Type and Cache-Control our server sends; text
// files go gzipped with Content-Encoding: gzip (every browser takes it; a bucket
// cannot negotiate): the build's assets as their precompressed copy, the
// published pages compressed here, since they have none (decision 042).
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { DeleteObjectsCommand, ListObjectsV2Command, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { DeliveredManifest } from './manifest';
import { DEPLOY_TEXTS as T } from '../../lib/deploy-texts';
import { DeployError, inParallel, type DeployOptions, type DeployResult, type DeployTarget } from './target';
import type { LocalFile } from './tree';

const gzip = promisify(zlib.gzip);

export type S3Settings = { bucket: string; prefix: string; client: S3ClientConfig; endpoint: string | null };

/** Reads DEPLOY_S3_URL; credentials may instead come from the usual AWS_* variables. */
export function parseS3Url(value: string): S3Settings {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // never the value itself in the message: it holds the secret key. A key with '/' must be written %2F
    throw new Error('DEPLOY_S3_URL ist keine gültige Adresse (Zeichen wie / oder @ im Schlüssel als %2F bzw. %40 schreiben)');
  }
  if (url.protocol !== 's3:') throw new Error('DEPLOY_S3_URL muss mit s3:// beginnen');
  const bucket = url.hostname;
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  const endpoint = url.searchParams.get('endpoint');
  const region = url.searchParams.get('region') ?? 'us-east-1';
  const credentials = url.username
    ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
    : undefined;
  return {
    bucket,
    prefix,
    endpoint,
    client: {
      region,
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      ...(credentials ? { credentials } : {}),
      // many S3-compatible servers do not know the SDK's newer default checksums
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      // a host that does not answer must not hold a deploy (or a stop) for long
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    },
  };
}

/** The German reason for what the SDK threw. */
function reasonOf(error: unknown): string {
  const e = error as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  if (e.name === 'NoSuchBucket' || status === 404) return T.noBucket;
  if (status === 403 || e.name === 'AccessDenied' || e.name === 'InvalidAccessKeyId' || e.name === 'SignatureDoesNotMatch') return T.denied;
  if (['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH'].includes(e.code ?? '') || e.name === 'TimeoutError') return T.unreachable;
  return (error as Error)?.message || T.unknown;
}

export class S3Target implements DeployTarget {
  readonly id: string;
  readonly label: string;
  private readonly client: S3Client;
  private readonly manifest: DeliveredManifest;

  constructor(
    private readonly settings: S3Settings,
    manifestDir: string,
  ) {
    const where = `${settings.bucket}${settings.prefix ? `/${settings.prefix}` : ''}`;
    this.label = `S3 ${where}`;
    this.id = `s3-${(settings.endpoint ?? 'aws').replace(/[^a-z0-9]+/gi, '_')}-${where.replace(/[^a-z0-9]+/gi, '_')}`;
    this.client = new S3Client(settings.client);
    this.manifest = new DeliveredManifest(path.join(manifestDir, `${this.id}.json`), `${settings.endpoint ?? 'aws'} ${where}`);
  }

  private objectKey(key: string): string {
    return this.settings.prefix ? `${this.settings.prefix}/${key}` : key;
  }

  private async put(file: LocalFile, signal?: AbortSignal): Promise<void> {
    const read = await fs.promises.readFile(file.gzip ?? file.abs);
    const compressHere = file.gzip === null && file.compressible;
    const body = compressHere ? await gzip(read, { level: 9 }) : read;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(file.key),
        Body: body,
        ContentType: file.contentType,
        CacheControl: file.cacheControl,
        ...(file.gzip || compressHere ? { ContentEncoding: 'gzip' } : {}),
      }),
      { abortSignal: signal },
    );
  }

  /** Puts files eight at a time; what arrived is recorded even when one fails. */
  private async putAll(files: LocalFile[], signal?: AbortSignal): Promise<void> {
    const done: LocalFile[] = [];
    try {
      await inParallel(files, 8, async (file) => {
        await this.put(file, signal);
        done.push(file);
      });
    } finally {
      if (done.length > 0) this.manifest.record(done);
    }
  }

  /** Every key under the prefix, as the bucket lists it (for a full sync). */
  private async listKeys(signal?: AbortSignal): Promise<string[]> {
    const keys: string[] = [];
    const prefix = this.settings.prefix ? `${this.settings.prefix}/` : '';
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: prefix, ContinuationToken: token }), {
        abortSignal: signal,
      });
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key.slice(prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async deploy(tree: Map<string, LocalFile>, options: DeployOptions = {}): Promise<DeployResult> {
    // one deploy to the bucket at a time, also with `npm run deploy` beside the server (target-lock.ts)
    return this.manifest.whileHeld(() => this.deployHeld(tree, options));
  }

  private async deployHeld(tree: Map<string, LocalFile>, { full, signal }: DeployOptions): Promise<DeployResult> {
    // a stop ends the requests under way (what arrived is recorded, the rest goes next time)
    const refusal = (error: unknown) => new DeployError(signal?.aborted ? T.stopped : reasonOf(error), { cause: error });
    try {
      // a full sync trusts nothing it wrote down: every file goes, every stray object is removed
      if (full) this.manifest.reset(await this.listKeys(signal));
    } catch (error) {
      throw refusal(error);
    }
    const plan = this.manifest.plan(tree);
    try {
      this.manifest.announce([...plan.assets, ...plan.pages, ...(plan.version ? [plan.version] : [])]);
      await this.putAll(plan.assets, signal);
      await this.putAll(plan.pages, signal);
      for (let i = 0; i < plan.removed.length; i += 1000) {
        const batch = plan.removed.slice(i, i + 1000);
        const answer = await this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.settings.bucket,
            Delete: { Objects: batch.map((key) => ({ Key: this.objectKey(key) })), Quiet: true },
          }),
          { abortSignal: signal },
        );
        // the bucket answers 200 and names the keys it did not delete (AccessDenied, say): those stay
        // recorded, so that the next run deletes them again, and this run fails
        const refused = new Set((answer.Errors ?? []).map((e) => e.Key));
        this.manifest.forget(batch.filter((key) => !refused.has(this.objectKey(key))));
        if (refused.size > 0) {
          const first = answer.Errors![0];
          throw new Error(`${refused.size} Dateien nicht gelöscht (${first.Code ?? '?'}: ${first.Key ?? '?'})`);
        }
      }
      if (plan.version) await this.putAll([plan.version], signal);
      this.manifest.flush();
    } catch (error) {
      // what arrived before the failure is written down (best effort: an old record only sends files again)
      try {
        this.manifest.flush();
      } catch {
        // the failure above is the one to report
      }
      throw refusal(error);
    }
    return { delivered: plan.assets.length + plan.pages.length + (plan.version ? 1 : 0), removed: plan.removed.length };
  }
}
