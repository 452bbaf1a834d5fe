// The upload endpoint (src/pages/api/admin/upload.ts) called directly: both body
// shapes, the role check and the cross-site check, with DATA_DIR in a temp folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-upload-endpoint-'));
let POST: (context: unknown) => Promise<Response>;
beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  // config reads DATA_DIR when it is first loaded
  const { config } = await import('../config');
  config.uploadsDir = path.join(dataDir, 'uploads');
  POST = (await import('../../pages/api/admin/upload')).POST as unknown as typeof POST;
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const admin = { user: { id: 'u1', email: 'a@test.at' }, isAdmin: true };
const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } }).png().toBuffer();
const call = (request: Request, locals: Record<string, unknown> = admin) => POST({ locals, request });
const raw = async (headers: Record<string, string> = {}, body?: Buffer) =>
  new Request('http://localhost:4321/api/admin/upload', {
    method: 'POST',
    headers: { host: 'localhost:4321', 'content-type': 'application/octet-stream', 'x-file-name': 'logo.png', ...headers },
    body: new Uint8Array(body ?? (await png())),
  });

describe('POST /api/admin/upload', () => {
  it('answers a body that breaks off with 400 in both shapes, not a 500', async () => {
    for (const type of ['application/octet-stream', 'multipart/form-data; boundary=x']) {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(1000));
          controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
        },
      });
      const request = new Request('http://localhost:4321/api/admin/upload', { method: 'POST', headers: { host: 'localhost:4321', 'content-type': type }, body, duplex: 'half' } as RequestInit);
      const response = await call(request);
      expect(response.status, type).toBe(400);
    }
  });

  it('stores a raw image body in the named folder', async () => {
    const response = await call(await raw({ 'x-upload-folder': 'shop/', origin: 'http://localhost:4321' }));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { url: string };
    expect(body.url).toMatch(/^\/uploads\/shop\/[0-9a-f]{32}\.png$/);
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'shop', path.basename(body.url)))).toBe(true);
  });

  it('stores a multipart upload (file and folder fields)', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'wappen.png');
    form.append('folder', 'logos/');
    const response = await call(new Request('http://localhost:4321/api/admin/upload', { method: 'POST', headers: { host: 'localhost:4321' }, body: form }));
    expect(response.status).toBe(201);
    expect(((await response.json()) as { url: string }).url).toMatch(/^\/uploads\/logos\/[0-9a-f]{32}\.png$/);
  });

  it('refuses anonymous callers, non-admins and other sites', async () => {
    expect((await call(await raw(), { user: null, isAdmin: false })).status).toBe(401);
    expect((await call(await raw(), { user: { id: 'u2', email: 'u@test.at' }, isAdmin: false })).status).toBe(403);
    expect((await call(await raw({ origin: 'https://evil.example' }))).status).toBe(403);
    expect((await call(await raw({ 'sec-fetch-site': 'cross-site' }))).status).toBe(403);
  });

  it('answers bad bodies with German messages, never a server error', async () => {
    const tooBig = await call(await raw({}, Buffer.alloc(5 * 1024 * 1024 + 1, 1)));
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({ error: 'Datei ist zu groß. Maximum 5MB erlaubt.' });
    const script = await call(await raw({ 'x-file-name': 'bild.jpg' }, Buffer.from('<?php system($_GET["c"]); ?>')));
    expect(script.status).toBe(415);
    const noFile = await call(new Request('http://localhost:4321/api/admin/upload', { method: 'POST', headers: { host: 'localhost:4321', 'content-type': 'text/plain' }, body: 'x' }));
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toEqual({ error: 'Bitte wählen Sie eine Datei aus.' });
    const badFolder = await call(await raw({ 'x-upload-folder': '../../etc' }));
    expect(await badFolder.json()).toEqual({ error: 'Ungültiger Ordner.' });
  });
});
