import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { config } from '../config';
import { pruneOutbox, removeOutboxMailsNaming, sendMail, smtpUrlWithTimeouts } from './mailer';

let dir: string;
let before: { outboxDir: string; smtpUrl: string };

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-outbox-'));
  before = { outboxDir: config.outboxDir, smtpUrl: config.smtpUrl };
  config.smtpUrl = '';
  config.outboxDir = path.join(dir, 'outbox');
});

afterEach(() => {
  Object.assign(config, before);
  vi.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('without SMTP the mail is written for the server user alone, and the log names the file but not its link', async () => {
  // an outbox an older version made, readable by everyone
  fs.mkdirSync(config.outboxDir, { mode: 0o755 });
  fs.chmodSync(config.outboxDir, 0o755);
  const logged: string[] = [];
  vi.spyOn(console, 'info').mockImplementation((...parts: unknown[]) => void logged.push(parts.join(' ')));
  const link = 'https://verein.example/reset-password?token=geheim-123456-abcdefghijklmnopqrstuvwxyz-0123456789-abcdefghijklmnop';
  const sent = await sendMail({ to: 'kassier@example.at', purpose: 'reset', subject: 'Passwort zurücksetzen', text: `Hallo Jürgen,\n\n${link}\n` });

  expect(sent.transport).toBe('outbox');
  const file = sent.file!;
  // the readable copy holds the link as sent (in the .eml an 'ü' made it quoted-printable: '=3D', broken lines)
  const readable = file.replace(/\.eml$/, '.txt');
  expect(fs.readFileSync(readable, 'utf8')).toBe(`An: kassier@example.at\nBetreff: Passwort zurücksetzen\n\nHallo Jürgen,\n\n${link}\n\n`);
  for (const each of [file, readable]) expect(fs.statSync(each).mode & 0o777).toBe(0o600);
  expect(fs.statSync(config.outboxDir).mode & 0o777).toBe(0o700);
  expect(logged.join('\n')).toContain(readable);
  expect(logged.join('\n')).not.toContain('geheim-123456');
  // the retention's prune (decision 031) takes both
  expect(pruneOutbox(Date.now() + 1000)).toBe(2);
  expect(fs.readdirSync(config.outboxDir)).toEqual([]);
});

test("an inquiry's notification is logged by its kind, without what the visitor typed as its subject", async () => {
  const logged: string[] = [];
  vi.spyOn(console, 'info').mockImplementation((...parts: unknown[]) => void logged.push(parts.join(' ')));
  const sent = await sendMail({ to: 'office@verein.at', purpose: 'inquiry', subject: 'Neue Anfrage (Mitglied werden): Max Muster (8), Asthma', text: 'Hallo' });
  expect(logged).toEqual([`[mail] no SMTP_URL: "Neue Anfrage (Mitglied werden)" to office@verein.at written to ${sent.file!.replace(/\.eml$/, '.txt')}`]);
  // the mail itself keeps it, for the club
  expect(fs.readFileSync(sent.file!.replace(/\.eml$/, '.txt'), 'utf8')).toContain('Betreff: Neue Anfrage (Mitglied werden): Max Muster (8), Asthma');
});

test('a disk that fills while the mail is written leaves no half mail in the outbox, and the send fails', async () => {
  const open = fs.promises.open.bind(fs.promises);
  // the message's file gets half its bytes, then the disk is full
  vi.spyOn(fs.promises, 'open').mockImplementation(async (file, flags, mode) => {
    const handle = await open(file, flags, mode);
    if (!String(file).includes('.eml')) return handle;
    const write = handle.writeFile.bind(handle);
    handle.writeFile = async (data: Parameters<typeof write>[0]) => {
      await write(Buffer.from(data as Buffer).subarray(0, (data as Buffer).length >> 1));
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    return handle;
  });
  await expect(sendMail({ to: 'obmann@example.at', purpose: 'inquiry', subject: 'Neue Anfrage (Kontakt): Platz', text: 'Hallo' })).rejects.toThrow('ENOSPC');
  expect(fs.readdirSync(config.outboxDir)).toEqual([]);

  // the next mail, with room again, is there whole
  vi.restoreAllMocks();
  const sent = await sendMail({ to: 'obmann@example.at', purpose: 'inquiry', subject: 'Neue Anfrage (Kontakt): Platz', text: 'Hallo' });
  expect(fs.readdirSync(config.outboxDir).sort()).toEqual([path.basename(sent.file!), path.basename(sent.file!).replace(/eml$/, 'txt')]);
  expect(fs.readFileSync(sent.file!, 'utf8')).toContain('Subject: Neue Anfrage (Kontakt): Platz');
});

test('the part a killed process left behind is pruned with the mails and erased with them', async () => {
  const sent = await sendMail({ to: 'kassier@example.at', purpose: 'inquiry', subject: 'Anfrage', text: 'von susi@example.at' });
  const stale = `${sent.file!.replace(/\.eml$/, 'x.eml')}.4242-1.tmp`;
  fs.copyFileSync(sent.file!, stale);
  const other = path.join(config.outboxDir, 'notiz.txt');
  fs.writeFileSync(other, 'susi@example.at: des Hosts eigene Notiz');
  expect(removeOutboxMailsNaming('susi@example.at')).toBe(2);
  expect(fs.readdirSync(config.outboxDir)).toEqual(['notiz.txt']);

  fs.writeFileSync(stale, 'halb');
  expect(pruneOutbox(Date.now() + 1000)).toBe(1);
  expect(fs.readdirSync(config.outboxDir)).toEqual(['notiz.txt']);
});

test('an erasure while a mail naming the address is being written reaches that mail too', async () => {
  const open = fs.promises.open.bind(fs.promises);
  let erased: number | null = null;
  // the erasure comes when the readable copy is written and the message is not yet
  vi.spyOn(fs.promises, 'open').mockImplementation(async (file, flags, mode) => {
    if (erased === null && String(file).includes('.eml.')) erased = removeOutboxMailsNaming('susi@example.at');
    return open(file, flags, mode);
  });
  const sent = await sendMail({ to: 'obmann@example.at', purpose: 'inquiry', subject: 'Neue Anfrage (Kontakt): Platz', text: 'Von susi@example.at: Hallo' });
  vi.restoreAllMocks();
  expect(sent.transport).toBe('outbox');
  expect(erased).toBe(1);
  expect(fs.readdirSync(config.outboxDir)).toEqual([]);
});

test('a mail server that takes the connection and never greets gives up the send after 10 s, not 30 s or 10 minutes', async () => {
  // the timeouts were passed beside the URL, and nodemailer dropped them (found in a review)
  const sockets: net.Socket[] = [];
  const silent = net.createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  config.smtpUrl = `smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
  const started = Date.now();
  try {
    await expect(sendMail({ to: 'a@example.at', purpose: 'invitation', subject: 'Einladung', text: 'Hallo' })).rejects.toThrow('Greeting never received');
    expect(Date.now() - started).toBeLessThan(15_000);
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  }
}, 20_000);

test("the timeouts go into the SMTP URL's query, beside the host's own options and never over them", () => {
  const url = new URL(smtpUrlWithTimeouts('smtps://verein%40example.at:p%40ss%3Aw@mail.example.at:465?requireTLS=true&socketTimeout=60000'));
  expect(url.username).toBe('verein%40example.at');
  expect(url.password).toBe('p%40ss%3Aw');
  expect(Object.fromEntries(url.searchParams)).toEqual({ requireTLS: 'true', socketTimeout: '60000', connectionTimeout: '10000', greetingTimeout: '10000' });
});

test('an SMTP URL that cannot be read fails the send with our words, not with the URL and its password', async () => {
  config.smtpUrl = 'smtp://verein:geheim#1@mail.verein.at';
  const failure = await sendMail({ to: 'a@example.at', purpose: 'invitation', subject: 'Einladung', text: 'Hallo' }).catch((error: unknown) => error);
  expect(String(failure)).toContain('SMTP_URL ist keine Adresse mit smtp://');
  expect(JSON.stringify(failure, Object.getOwnPropertyNames(failure))).not.toContain('geheim');
});
