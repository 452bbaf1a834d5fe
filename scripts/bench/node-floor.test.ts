import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../tests/fixtures/port';
import { rawAnswer, startNodeFloor } from './node-floor';

describe("Node's floor for serving", () => {
  it("answers every path with the page's bytes and headers as our server sent them, from its workers", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-floor-'));
    const page = zlib.brotliCompressSync(Buffer.from('<!doctype html><title>Startseite</title><p>Servus</p>'));
    // stands for our server: a brotli page with the headers it sends
    const ours = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', etag: '"v1"', 'x-frame-options': 'DENY', 'content-length': page.length });
      res.end(page);
    });
    const oursPort = await freePort();
    await new Promise<void>((r) => ours.listen(oursPort, '127.0.0.1', r));
    const floor = await startNodeFloor({ dir, port: await freePort(), workers: 2, answer: await rawAnswer(`http://127.0.0.1:${oursPort}/`) });
    try {
      for (const route of ['/', '/news/irgendwas']) {
        const again = await rawAnswer(floor.url + route);
        // the bytes as sent, still brotli: not what fetch would have decompressed
        expect(again.body.equals(page)).toBe(true);
        expect(zlib.brotliDecompressSync(again.body).toString()).toContain('Servus');
        expect(again.headers).toMatchObject({ 'content-encoding': 'br', etag: '"v1"', 'x-frame-options': 'DENY', 'content-length': String(page.length) });
      }
      expect(floor.workers).toBe(2);
    } finally {
      await floor.stop();
      ours.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(floor.child.exitCode !== null || floor.child.signalCode !== null).toBe(true);
    await expect(fetch(floor.url)).rejects.toThrow();
  });

  it('refuses a page that is not there', async () => {
    const missing = http.createServer((_req, res) => res.writeHead(404).end());
    const port = await freePort();
    await new Promise<void>((r) => missing.listen(port, '127.0.0.1', r));
    try {
      await expect(rawAnswer(`http://127.0.0.1:${port}/`)).rejects.toThrow('answered 404');
    } finally {
      missing.close();
    }
  });
});
