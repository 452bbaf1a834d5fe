// Save → page in the bucket (issue 12): a real S3 API server (s3rver) and the
// server's own S3 target and Deployer, fed by the same publish queue. The clock
// starts before the row is written and stops when the bucket's object shows the
// change (read back over S3 and checked).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { Db } from '../../src/server/db/client';
import { write } from '../../src/server/db/write';
import { Deployer } from '../../src/server/deploy/deployer';
import { S3Target, parseS3Url } from '../../src/server/deploy/s3';
import type { SiteDirs } from '../../src/server/deploy/tree';
import type { PublishQueue } from '../../src/server/publish/queue';
import { onFileChanged } from '../../src/server/publish/files';
import { fileForUrl } from '../../src/server/publish/routes';
import { summarize, type Summary } from './stats';

export type DeployResult = Summary & { firstFullMs: number; samplesMs: number[] };

export async function measureDeploy(o: { db: Db; queue: PublishQueue; dirs: SiteDirs; newsIds: string[]; edits: number; runId: string; port: number }): Promise<DeployResult> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-bench-s3-'));
  const s3 = new S3rver({ port: o.port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'bench', configs: [] }] });
  await s3.run();
  const endpoint = `http://127.0.0.1:${o.port}`;
  const settings = parseS3Url(`s3://S3RVER:S3RVER@bench/www?region=us-east-1&endpoint=${encodeURIComponent(endpoint)}`);
  const deployer = new Deployer([new S3Target(settings, path.join(directory, 'record'))], o.dirs, undefined, { info: () => undefined, error: console.error }, onFileChanged);
  const client = new S3Client(settings.client);
  const listener = () => deployer.request();
  o.queue.listeners.add(listener);
  try {
    // the first deploy sends the whole site
    const fullStarted = performance.now();
    deployer.request();
    await deployer.idle();
    if (deployer.state.status !== 'live') throw new Error('the first deploy failed');
    const firstFullMs = performance.now() - fullStarted;
    const samples: number[] = [];
    for (let i = 0; i < o.edits; i++) {
      const id = o.newsIds[(i * 41) % o.newsIds.length];
      const marker = `deploy-${o.runId}-${i}`;
      const started = performance.now();
      write('bench.deploy', () => o.db.$client.prepare('UPDATE news SET title = ?, updated_at = ? WHERE id = ?').run(`Vorbericht ${marker}`, new Date().toISOString(), id), o.db);
      await o.queue.enqueue([{ table: 'news', key: id }]);
      await deployer.idle();
      const object = await client.send(new GetObjectCommand({ Bucket: 'bench', Key: `www/${fileForUrl(`/news/${id}`)}` }));
      const raw = Buffer.from(await object.Body!.transformToByteArray());
      const html = (object.ContentEncoding === 'gzip' ? zlib.gunzipSync(raw) : raw).toString('utf8');
      if (!html.includes(marker)) throw new Error(`deploy edit ${i}: the bucket does not show the change`);
      samples.push(performance.now() - started);
    }
    return { ...summarize(samples), firstFullMs: Math.round(firstFullMs), samplesMs: samples.map((s) => Math.round(s * 10) / 10) };
  } finally {
    o.queue.listeners.delete(listener);
    await deployer.stop();
    client.destroy();
    await s3.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}
