import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRefusedAddress } from '../../http/public-address';
import { fetchCalendarText } from './match-import-fetch';

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
const LATIN1_ICS = 'BEGIN:VCALENDAR\r\nSUMMARY:SV Möllersdorf - FC Größing\r\nEND:VCALENDAR\r\n';
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/cal.ics') return res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(ICS);
    if (req.url === '/html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
    if (req.url === '/big') return res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(5_000));
    if (req.url === '/slow') return void setTimeout(() => res.writeHead(200, { 'content-type': 'text/calendar' }).end(ICS), 2_000);
    // a league portal that still serves its calendars as Latin-1, one saying so and one not ('ö' is 0xF6)
    if (req.url === '/latin1.ics') return res.writeHead(200, { 'content-type': 'text/calendar; charset="ISO-8859-1"' }).end(Buffer.from(LATIN1_ICS, 'latin1'));
    if (req.url === '/unlabelled.ics') return res.writeHead(200, { 'content-type': 'text/calendar' }).end(Buffer.from(LATIN1_ICS, 'latin1'));
    if (req.url === '/hop') return res.writeHead(302, { location: '/cal.ics' }).end();
    if (req.url === '/to-private') return res.writeHead(302, { location: 'http://10.1.2.3/cal.ics' }).end();
    // a redirect to no address at all (found by a review: it ended the server's process)
    if (req.url === '/to-nowhere') return res.writeHead(302, { location: 'http://[::1' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('fetching a calendar address', () => {
  it('refuses private, loopback, link-local and mapped addresses', () => {
    for (const address of ['10.0.0.1', '172.16.5.4', '192.168.1.1', '127.0.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:a00:1', '224.0.0.1',
      // IPv4 inside IPv6 in the other ways, and the old site-local range (found by a review)
      '::7f00:1', '::127.0.0.1', '::ffff:0:7f00:1', '2002:7f00:1::', '64:ff9b:1::7f00:1', 'fec0::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2']) {
      expect(isRefusedAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']) expect(isRefusedAddress(address), address).toBe(false);
    // the test setting opens loopback only, never the private ranges
    expect(isRefusedAddress('127.0.0.1', true)).toBe(false);
    expect(isRefusedAddress('::1', true)).toBe(false);
    expect(isRefusedAddress('10.0.0.1', true)).toBe(true);
  });

  it('refuses other schemes, credentials, and loopback hosts unless allowed', async () => {
    await expect(fetchCalendarText('ftp://example.org/cal.ics')).rejects.toThrow('Nur Adressen mit http:// oder https:// können abgerufen werden.');
    await expect(fetchCalendarText('file:///etc/passwd')).rejects.toThrow('Nur Adressen mit http:// oder https://');
    await expect(fetchCalendarText('keine adresse')).rejects.toThrow('Bitte eine gültige Adresse angeben');
    await expect(fetchCalendarText('http://user:pw@example.org/')).rejects.toThrow('Benutzername oder Passwort');
    await expect(fetchCalendarText(`${base}/cal.ics`, { allowLoopback: false })).rejects.toThrow('Diese Adresse zeigt ins interne Netz und wird nicht abgerufen.');
    const port = new URL(base).port;
    // a host name that resolves to loopback is refused where the socket connects
    await expect(fetchCalendarText(`http://localhost:${port}/cal.ics`, { allowLoopback: false })).rejects.toThrow('Diese Adresse zeigt ins interne Netz');
    await expect(fetchCalendarText('http://[::ffff:7f00:1]/', { allowLoopback: false })).rejects.toThrow('ins interne Netz');
  });

  it('fetches a calendar, follows a redirect, and refuses wrong types, large answers, slow servers and redirects inward', async () => {
    const allowed = { allowLoopback: true };
    expect(await fetchCalendarText(`${base}/cal.ics`, allowed)).toBe(ICS);
    expect(await fetchCalendarText(`${base}/hop`, allowed)).toBe(ICS);
    await expect(fetchCalendarText(`${base}/html`, allowed)).rejects.toThrow('Die Adresse lieferte keinen Kalender (Inhaltstyp „text/html“');
    await expect(fetchCalendarText(`${base}/big`, { ...allowed, maxBytes: 1_000 })).rejects.toThrow('Die Antwort ist zu groß');
    await expect(fetchCalendarText(`${base}/slow`, { ...allowed, timeoutMs: 300 })).rejects.toThrow('Die Adresse antwortete nicht rechtzeitig');
    await expect(fetchCalendarText(`${base}/missing`, allowed)).rejects.toThrow('Die Adresse antwortete mit Status 404.');
    await expect(fetchCalendarText(`${base}/to-private`, allowed)).rejects.toThrow('ins interne Netz');
    await expect(fetchCalendarText(`${base}/to-nowhere`, allowed)).rejects.toThrow('Die Adresse leitet auf eine ungültige Adresse weiter.');
  });

  it("reads a calendar in the charset its server names, and Latin-1 without a name, umlauts and 'ß' kept", async () => {
    const allowed = { allowLoopback: true };
    expect(await fetchCalendarText(`${base}/latin1.ics`, allowed)).toBe(LATIN1_ICS);
    expect(await fetchCalendarText(`${base}/unlabelled.ics`, allowed)).toBe(LATIN1_ICS);
  });
});
