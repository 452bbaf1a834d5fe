// What an admin is told when a mail did not go (`mailFailureCause`), read off a real SMTP server (smtp-server)
// that refuses the login, the recipient or the message, asks to try later, or never answers, and off a port
// nobody listens on: nodemailer's codes, not ones we guessed.
import net from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, expect, test } from 'vitest';
import { config } from '../config';
import { mailFailureCause, sendMail } from './mailer';

const closers: Array<() => Promise<void>> = [];
const smtpBefore = config.smtpUrl;
afterEach(async () => {
  config.smtpUrl = smtpBefore;
  for (const close of closers.splice(0)) await close();
});

async function mailServer(options: SMTPServerOptions): Promise<number> {
  const server = new SMTPServer({ disabledCommands: ['STARTTLS'], logger: false, authOptional: true, ...options });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.server.address() as net.AddressInfo).port;
}

const refusal = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/** The cause of a send to this SMTP URL. */
async function causeOf(smtpUrl: string) {
  config.smtpUrl = smtpUrl;
  const error = await sendMail({ to: 'trainer@verein.at', purpose: 'invitation', subject: 'Einladung', text: 'Hallo' }).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error, smtpUrl).not.toBeNull();
  return mailFailureCause(error);
}

test('a refused login, sender, recipient or message, a server that asks to try later, one that is silent, one without TLS and one nobody runs each have their own cause', async () => {
  const login = await mailServer({ authOptional: false, allowInsecureAuth: true, onAuth: (_auth, _session, done) => done(new Error('Invalid username or password')) });
  const busyLogin = await mailServer({ authOptional: false, allowInsecureAuth: true, onAuth: (_auth, _session, done) => done(refusal(454, '4.7.0 Too many login attempts')) });
  const sender = await mailServer({ onMailFrom: (_address, _session, done) => done(refusal(553, '5.7.1 Sender address rejected: not owned by user')) });
  const recipient = await mailServer({ onRcptTo: (_address, _session, done) => done(refusal(550, '5.1.1 Mailbox unavailable')) });
  const relay = await mailServer({ onRcptTo: (_address, _session, done) => done(refusal(554, '5.7.1 Relay access denied')) });
  const later = await mailServer({ onRcptTo: (_address, _session, done) => done(refusal(451, 'Greylisted, try again later')) });
  const message = await mailServer({
    onData: (stream, _session, done) => {
      stream.resume();
      stream.on('end', () => done(refusal(554, 'Message rejected as spam')));
    },
  });
  const silent = net.createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => silent.close(() => resolve())));
  const nobody = net.createServer();
  await new Promise<void>((resolve) => nobody.listen(0, '127.0.0.1', resolve));
  const nobodysPort = (nobody.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => nobody.close(() => resolve()));

  expect(await causeOf(`smtp://verein:falsch@127.0.0.1:${login}`)).toBe('login');
  expect(await causeOf(`smtp://verein:richtig@127.0.0.1:${busyLogin}`)).toBe('busy');
  expect(await causeOf(`smtp://127.0.0.1:${sender}`)).toBe('sender');
  expect(await causeOf(`smtp://127.0.0.1:${recipient}`)).toBe('recipient');
  expect(await causeOf(`smtp://127.0.0.1:${relay}`)).toBe('refused');
  // smtps:// on a port that speaks plain SMTP
  expect(await causeOf(`smtps://127.0.0.1:${recipient}`)).toBe('tls');
  expect(await causeOf(`smtp://127.0.0.1:${later}`)).toBe('busy');
  expect(await causeOf(`smtp://127.0.0.1:${message}`)).toBe('refused');
  expect(await causeOf(`smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}?greetingTimeout=300`)).toBe('timeout');
  expect(await causeOf(`smtp://127.0.0.1:${nobodysPort}`)).toBe('unreachable');
});

test('without SMTP the outbox: a full disk said as such; anything else from a mail server is the general cause', () => {
  expect(mailFailureCause(Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }), '')).toBe('outbox-full');
  expect(mailFailureCause(new Error('EACCES'), '')).toBe('outbox');
  expect(mailFailureCause(new Error('something new'), 'smtp://mail.verein.at')).toBe('smtp');
});
