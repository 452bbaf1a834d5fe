// Hostile uploads (issue 11, attack group 4): decompression bombs, polyglots,
// SVG and HTML in disguise, path traversal and NUL in names and folders,
// oversized bodies. Every one is refused or re-encoded; nothing is written
// outside uploads/; no stored file carries the attacker's markup; the
// server's peak memory over the whole attack is reported (VmHWM).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { adminClient } from '../fixtures/admin-http';
import { isServerBlank } from '../fixtures/data-folder';
import { animatedGif, bombGif, hugePng, jpegOfSize, plainJpeg } from '../fixtures/images';
import { startSite, type Site } from '../fixtures/site';
import { printFigures } from '../faults/figures';
import { sendInTwoParts } from './http';

let site: Site;
let base: string;
let cookie: string;
beforeAll(async () => {
  site = await startSite();
  base = site.url.replace('localhost', '127.0.0.1');
  cookie = (await adminClient(site)).cookie;
});
afterAll(async () => site?.stop());

/** A multipart body built by hand: the file name and folder exactly as the attacker writes them. */
function multipart(file: Buffer, name: string, folder: string | null, contentType = 'image/png') {
  const boundary = `----angriff${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${contentType}\r\n\r\n`, 'latin1'),
    file,
    Buffer.from('\r\n'),
  ];
  if (folder !== null) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\n${folder}\r\n`, 'latin1'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

function upload(file: Buffer, name: string, folder: string | null = '', contentType?: string) {
  const { body, type } = multipart(file, name, folder, contentType);
  return sendRaw(body, { 'content-type': type });
}

async function sendRaw(body: Buffer, headers: Record<string, string>) {
  const response = await fetch(`${base}/api/admin/upload`, { method: 'POST', body: new Uint8Array(body), headers: { cookie, origin: base, ...headers } });
  return { status: response.status, body: await response.text() };
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

const peakMemoryMb = () => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${site.process.pid}/status`, 'utf8'))![1]) / 1024;

it('30+ hostile uploads: all refused or re-encoded, nothing outside uploads/, no markup kept, memory bounded', async () => {
  const script = Buffer.from('<script>alert(document.domain)</script>');
  const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10"/></svg>');
  const jpeg = await plainJpeg(64, 64);
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } }).png().toBuffer();
  const gif = await animatedGif(3, 32);
  const noise = Buffer.alloc(4500 * 4500 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const bigJpeg = await sharp(noise, { raw: { width: 4500, height: 4500, channels: 3 } }).jpeg({ quality: 35 }).toBuffer();

  const cases: { name: string; run: () => Promise<{ status: number; body: string }> }[] = [
    { name: '20000×20000 PNG', run: () => upload(hugePng(20_000, 20_000), 'riesig.png') },
    { name: '50 MP + 1 PNG', run: () => upload(hugePng(7072, 7072), 'grenze.png') },
    { name: 'GIF bomb 100×1000²', run: () => upload(bombGif(100, 1000), 'bombe.gif', '', 'image/gif') },
    { name: 'GIF 151 frames', run: () => upload(bombGif(151, 20), 'viele.gif', '', 'image/gif') },
    { name: 'GIF 100 s', run: () => upload(bombGif(100, 20, 100), 'lang.gif', '', 'image/gif') },
    { name: 'script as .jpg', run: () => upload(script, 'bild.jpg', '', 'image/jpeg') },
    { name: 'HTML as .png', run: () => upload(html, 'seite.png') },
    { name: 'HTML as .html', run: () => upload(html, 'seite.html', '', 'text/html') },
    { name: 'SVG with script', run: () => upload(svg, 'logo.svg', '', 'image/svg+xml') },
    { name: 'SVG as .png', run: () => upload(svg, 'logo.png') },
    { name: 'JPEG + appended HTML (polyglot)', run: () => upload(Buffer.concat([jpeg, html]), 'poly.jpg', '', 'image/jpeg') },
    { name: 'PNG + appended script', run: () => upload(Buffer.concat([png, script]), 'poly.png') },
    { name: 'GIF + appended script', run: () => upload(Buffer.concat([gif, script]), 'poly.gif', '', 'image/gif') },
    { name: 'HTML + JPEG header', run: () => upload(Buffer.concat([jpeg.subarray(0, 20), html]), 'kopf.jpg', '', 'image/jpeg') },
    { name: 'name ../../evil.png', run: () => upload(png, '../../evil.png') },
    { name: 'name /etc/passwd.png', run: () => upload(png, '/etc/passwd.png') },
    { name: 'name with NUL', run: () => upload(png, 'bild.php\u0000.png') },
    { name: 'name .htaccess', run: () => upload(png, '.htaccess') },
    { name: 'name 1000 chars', run: () => upload(png, `${'a'.repeat(1000)}.png`) },
    { name: 'folder ../..', run: () => upload(png, 'a.png', '../..') },
    { name: 'folder shop/../..', run: () => upload(png, 'a.png', 'shop/../..') },
    { name: 'folder /etc', run: () => upload(png, 'a.png', '/etc') },
    { name: 'folder ..%2f..', run: () => upload(png, 'a.png', '..%2f..') },
    { name: 'folder with NUL', run: () => upload(png, 'a.png', 'shop\u0000/') },
    { name: 'folder backslashes', run: () => upload(png, 'a.png', '..\\..\\') },
    { name: 'empty file', run: () => upload(Buffer.alloc(0), 'leer.png') },
    { name: '5 MB + 1', run: async () => upload(await jpegOfSize(5 * 1024 * 1024 + 1), 'gross.jpg', '', 'image/jpeg') },
    { name: '50 MB body', run: () => upload(Buffer.alloc(50 * 1024 * 1024, 0x41), 'riesig.jpg', '', 'image/jpeg') },
    { name: '50 MB raw stream', run: () => sendRaw(Buffer.alloc(50 * 1024 * 1024, 0x41), { 'content-type': 'application/octet-stream', 'x-file-name': 'roh.jpg' }) },
    { name: 'no file field', run: () => sendRaw(Buffer.from('--x--\r\n'), { 'content-type': 'multipart/form-data; boundary=x' }) },
    { name: 'text/plain body', run: () => sendRaw(Buffer.from('hallo'), { 'content-type': 'text/plain' }) },
    { name: 'broken multipart', run: () => sendRaw(Buffer.from('--abc\r\nkaputt'), { 'content-type': 'multipart/form-data; boundary=abc' }) },
    // ten at-limit images at once: the memory burst
    ...Array.from({ length: 10 }, (_, i) => ({
      name: `burst ${i + 1}`,
      run: () => (i % 2 ? upload(hugePng(7000, 7000), `burst-${i}.png`) : upload(bigJpeg, `burst-${i}.jpg`, '', 'image/jpeg')),
    })),
  ];

  const before = new Set(filesUnder(site.dataDir));
  const burst = cases.filter((c) => c.name.startsWith('burst'));
  const single = cases.filter((c) => !c.name.startsWith('burst'));
  const results: { name: string; status: number; body: string }[] = [];
  for (const c of single) results.push({ name: c.name, ...(await c.run()) });
  results.push(...(await Promise.all(burst.map(async (c) => ({ name: c.name, ...(await c.run()) })))));

  const written = filesUnder(site.dataDir).filter((f) => !before.has(f));
  // the empty blanks the server makes for its next jobs meanwhile are its own, not an upload's (decision 046)
  const outside = written.filter((f) => !f.startsWith(`uploads${path.sep}`) && !isServerBlank(site.dataDir, f));
  const stored = written.filter((f) => f.startsWith(`uploads${path.sep}`));
  const withMarkup = stored.filter((f) => /<script|<svg|<html|onload=/i.test(fs.readFileSync(path.join(site.dataDir, f), 'latin1')));
  const serverErrors = results.filter((r) => r.status >= 500 && r.status !== 503 && r.status !== 507);
  const accepted = results.filter((r) => r.status === 201);
  const peak = peakMemoryMb();
  printFigures('uploads', {
    tried: results.length,
    refused: results.length - accepted.length,
    reencoded: accepted.length,
    writtenOutsideUploads: outside.length,
    storedWithMarkup: withMarkup.length,
    serverErrors: serverErrors.length,
    peakMemoryMb: peak.toFixed(0),
  });
  expect(results.length).toBeGreaterThanOrEqual(30);
  expect(outside).toEqual([]);
  expect(withMarkup).toEqual([]);
  expect(serverErrors.map((r) => `${r.name}: ${r.status}`)).toEqual([]);
  // what was accepted is a re-encoded image under a random name
  for (const r of accepted) expect(JSON.parse(r.body).url, r.name).toMatch(/^\/uploads\/(shop\/)?[0-9a-f]{32}\.(jpg|jpeg|png|gif|webp|avif)$/);
  const byName = Object.fromEntries(results.map((r) => [r.name, r]));
  expect(JSON.parse(byName['20000×20000 PNG'].body).error).toBe('Bild ist zu groß: höchstens 50 Megapixel.');
  expect(JSON.parse(byName['GIF bomb 100×1000²'].body).error).toBe('Animation ist zu groß: höchstens 25 Megapixel über alle Bilder.');
  expect(JSON.parse(byName['SVG with script'].body).error).toMatch(/^Nur Bilddateien/);
  expect(peak).toBeLessThan(400);
});

it('a body refused unread is read to its end first: its sender sees the German answer, and the connection goes on', async () => {
  const total = 50 * 1024 * 1024;
  const cases = [
    { name: 'too large', headers: `Cookie: ${cookie}\r\nOrigin: ${base}\r\nContent-Type: application/octet-stream\r\n`, status: 413, message: 'Datei ist zu groß' },
    { name: 'signed out', headers: 'Content-Type: application/octet-stream\r\n', status: 401, message: 'Bitte melde dich an.' },
  ];
  const results = [];
  for (const c of cases) {
    const head = `POST /api/admin/upload HTTP/1.1\r\nHost: ${new URL(base).host}\r\n${c.headers}Content-Length: ${total}\r\n\r\n`;
    const sent = await sendInTwoParts(base, head, Buffer.alloc(1024 * 1024, 0x41), Buffer.alloc(total - 1024 * 1024, 0x41), 500);
    results.push({ name: c.name, ...sent });
    // nothing before the whole body was there: an answer then, and a close, is what breaks the sender's writes
    expect(sent.beforeTheEnd, c.name).toBe('');
    expect(sent.broken, c.name).toBe('');
    expect(sent.answer.split('\r\n')[0], c.name).toBe(`HTTP/1.1 ${c.status} ${c.status === 413 ? 'Payload Too Large' : 'Unauthorized'}`);
    expect(sent.answer, c.name).toContain(c.message);
    expect(sent.next.split('\r\n')[0], c.name).toBe('HTTP/1.1 200 OK');
  }
  printFigures('uploads refused unread', {
    tried: results.length,
    answeredBeforeTheEnd: results.filter((r) => r.beforeTheEnd !== '').length,
    brokenConnections: results.filter((r) => r.broken !== '').length,
    connectionsGoingOn: results.filter((r) => r.next.startsWith('HTTP/1.1 200')).length,
  });
});
