// E-mail through nodemailer: SMTP when SMTP_URL is set, otherwise each message
// is written to DATA_DIR/outbox/ as an .eml file, so that a fresh install works
// with nothing else (the first superadmin can still be invited: the host opens
// the .txt the log names). The files are the server user's alone and the log names
// no link: an invitation or reset link signs in whoever has it, and logs travel
// further than the data folder (journald's readers, a log service; decision 031).
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { config } from '../config';
import { isUsableSmtpUrl } from '../settings-check';
import { writeWhole } from '../whole-file';
import { addressPattern } from '../../lib/address-pattern';

/** What a mail is for: the header's note of a failed one tells them apart (mail-status.ts). */
export type MailPurpose = 'invitation' | 'reset' | 'inquiry';
export type Mail = { to: string; subject: string; text: string; replyTo?: string; purpose: MailPurpose };
export type SentMail = { transport: 'smtp' | 'outbox'; file?: string };

let smtp: { url: string; transport: nodemailer.Transporter } | null = null;

/**
 * nodemailer waits 2 minutes for a connection and 10 for a silent server by
 * default; a mail server that accepts and never answers held each send that long.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * The SMTP URL with our timeouts where it names none. Given beside a URL, nodemailer takes the URL's options
 * alone and drops the others (7.0: `createTransport({ url, ...options })`), so the timeouts go into its query,
 * where a host's own options (`?requireTLS=true`) are too.
 */
export function smtpUrlWithTimeouts(smtpUrl: string): string {
  // URL's own error names the input, the password with it, and callers log what a send threw
  if (!isUsableSmtpUrl(smtpUrl)) throw new Error('SMTP_URL ist keine Adresse mit smtp:// oder smtps:// (der Server prüft sie beim Start)');
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(SMTP_TIMEOUTS)) if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  return url.href;
}

/** Told each mail's outcome (null: it went), the failure as thrown: the server keeps the last failure (mail-status.ts). */
export type MailOutcomeListener = (error: unknown, mail: Mail) => void;
// on globalThis: the Astro build's copy of this module sends, the server's own copy registers (app.ts)
const LISTENER_KEY = Symbol.for('anstoss.mailOutcomes');
export function watchMailOutcomes(listener: MailOutcomeListener | undefined): void {
  (globalThis as Record<symbol, unknown>)[LISTENER_KEY] = listener;
}
function tellOutcome(error: unknown, mail: Mail): void {
  const listener = (globalThis as Record<symbol, unknown>)[LISTENER_KEY] as MailOutcomeListener | undefined;
  try {
    listener?.(error, mail);
  } catch (failure) {
    // the mail's own outcome stands: its caller settles it
    console.error('[mail] the outcome could not be kept:', failure);
  }
}

export async function sendMail(mail: Mail): Promise<SentMail> {
  let sent: SentMail;
  try {
    sent = await deliver(mail);
  } catch (error) {
    tellOutcome(error, mail);
    throw error;
  }
  tellOutcome(null, mail);
  return sent;
}

async function deliver(mail: Mail): Promise<SentMail> {
  const message = { from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, replyTo: mail.replyTo };
  if (config.smtpUrl) {
    if (smtp?.url !== config.smtpUrl) smtp = { url: config.smtpUrl, transport: nodemailer.createTransport(smtpUrlWithTimeouts(config.smtpUrl)) };
    await smtp.transport.sendMail(message);
    console.info(`[mail] sent ${loggedSubject(mail)} to ${mail.to} via SMTP`);
    return { transport: 'smtp' };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await stream.sendMail(message);
  const dir = config.outboxDir;
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  // an outbox made by an older version is 0755; mkdir leaves an existing folder as it is
  await fs.promises.chmod(dir, 0o700);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${stamp}-${Math.random().toString(36).slice(2, 8)}.eml`);
  // the message as a person reads it: in the .eml an 'ü' makes the body quoted-printable, and a link's '='
  // reads '=3D' there, its long lines broken with '=' (cat would show a link that does not work)
  const readable = file.replace(/\.eml$/, '.txt');
  await writeMailWhole([
    [readable, `An: ${mail.to}\nBetreff: ${mail.subject}\n\n${mail.text}\n`],
    [file, info.message as Buffer],
  ]);
  const hasLink = /https?:\/\/\S+/.test(mail.text);
  console.info(`[mail] no SMTP_URL: ${loggedSubject(mail)} to ${mail.to} written to ${readable}${hasLink ? ' (its link is in the file)' : ''}`);
  return { transport: 'outbox', file };
}

/**
 * The subject as the log shows it. An inquiry's carries what the visitor typed ('Anmeldung meines Sohnes,
 * Asthma'), which the inquiries' retention and an erasure on request (decision 031) reach in the table and
 * the outbox but never in a system log: its kind only.
 */
function loggedSubject(mail: Mail): string {
  return `"${mail.purpose === 'inquiry' ? mail.subject.replace(/:.*$/s, '') : mail.subject}"`;
}

/** Why a mail did not go, from what nodemailer threw (its `code`, the server's `responseCode`), or the outbox's disk. */
export type MailFailureCause =
  | 'login'
  | 'sender'
  | 'recipient'
  | 'refused'
  | 'busy'
  | 'timeout'
  | 'tls'
  | 'unreachable'
  | 'smtp'
  | 'outbox-full'
  | 'outbox';

/** The causes only the settings or the address fix, not a later try: their message does not ask for one. */
export const MAIL_CAUSES_NOT_TEMPORARY: ReadonlySet<MailFailureCause> = new Set(['login', 'sender', 'recipient', 'tls']);

/**
 * The cause an admin can act on: 'der Mailserver ist nicht erreichbar oder hat die E-Mail abgelehnt' for every
 * SMTP failure left them to guess between a typo in the address, a wrong password in SMTP_URL and a server
 * that asked to try later. The codes are nodemailer's (read off a real smtp-server in `failure-cause.test.ts`).
 */
export function mailFailureCause(error: unknown, smtpUrl = config.smtpUrl): MailFailureCause {
  const { code, responseCode, command, response, message } = (error ?? {}) as Record<string, unknown>;
  if (!smtpUrl) return code === 'ENOSPC' || code === 'EDQUOT' ? 'outbox-full' : 'outbox';
  // a temporary refusal first: '454 4.7.0 too many login attempts' is no wrong password
  if (typeof responseCode === 'number' && responseCode >= 400 && responseCode < 500) return 'busy';
  if (code === 'EAUTH') return 'login';
  // the envelope's refusals: of the sender (MAIL_FROM, e.g. the default no-reply@localhost), of the recipient's
  // mailbox; a policy refusal of the recipient (5.7.x: 'Relay access denied', a login missing) is the settings'
  if (code === 'EENVELOPE' && command === 'MAIL FROM') return 'sender';
  if (code === 'EENVELOPE' && command === 'RCPT TO' && !/\b5\.7\.\d/.test(String(response ?? ''))) return 'recipient';
  if (code === 'EENVELOPE' || code === 'EMESSAGE') return 'refused';
  if (code === 'ETIMEDOUT') return 'timeout';
  // smtps:// on a plain port (or smtp:// with STARTTLS refused), a certificate the server's name does not match
  if (code === 'ETLS' || (code === 'ESOCKET' && /certificate|ssl|tls|wrong version number|self[- ]signed/i.test(String(message ?? '')))) return 'tls';
  if (code === 'ESOCKET' || code === 'EDNS' || code === 'ECONNECTION') return 'unreachable';
  return 'smtp';
}

/**
 * Writes the mail's files whole or not at all (whole-file.ts), the .eml last as the file a reader looks for: a
 * reader of the outbox (the host, a pickup script) never opens a half-written mail. Written in place, a visible
 * .eml was empty for a moment, and a full disk left half a message there. Their mode is set at creation, never
 * readable by others for a moment; a failed send leaves neither.
 */
async function writeMailWhole(files: Array<[file: string, content: string | Buffer]>): Promise<void> {
  const mail: MailBeingWritten = { files: files.map(([file]) => file), text: files.map(([, content]) => content.toString()).join('\n'), erased: false };
  writing.add(mail);
  try {
    for (const [file, content] of files) await writeWhole(file, content, { mode: 0o600 });
  } catch (error) {
    for (const [file] of files) await fs.promises.rm(file, { force: true });
    throw error;
  } finally {
    writing.delete(mail);
  }
  // erased while it was written: its files go now that they are all there
  if (mail.erased) for (const file of mail.files) await fs.promises.rm(file, { force: true });
}

/**
 * The mails being written now: an erasure meanwhile finds the .txt on disk but not yet the .eml (or neither),
 * so it marks the mail, and the mail removes its files once written.
 */
type MailBeingWritten = { files: string[]; text: string; erased: boolean };
const writing = new Set<MailBeingWritten>();

/** sendMail's files, and their temporary files while written (a killed process leaves one; prune and erasure reach it too). */
const OUTBOX_FILE = /\.eml(\.\d+-\d+\.tmp)?$|^\d{4}-\d{2}-\d{2}T[\d-]+Z-[a-z0-9]+\.txt(\.\d+-\d+\.tmp)?$/;
/** The mail a file of the outbox belongs to: its name without the ending. */
const mailOf = (name: string) => name.replace(/\.(eml|txt)(\.\d+-\d+\.tmp)?$/, '');

/** The outbox's files that sendMail wrote (the .eml and its readable copy; a host's own notes stay); none without an outbox. */
function outboxFiles(dir: string): string[] {
  try {
    return fs.readdirSync(dir).filter((name) => OUTBOX_FILE.test(name));
  } catch {
    return [];
  }
}

/**
 * Removes the outbox's mails that name `email` (as recipient, reply-to or in the text), both files of each: an
 * erasure on request (data-subject.ts) reaches the copies of what the visitor wrote, not only the table's rows.
 * Returns how many mails went.
 */
export function removeOutboxMailsNaming(email: string, dir = config.outboxDir): number {
  const address = email.trim();
  if (!address.includes('@')) return 0;
  // the address whole, not inside another ('a@b.at' is not in 'anna@b.at' or 'a@b.at.de'; a full stop after it ends it)
  const named = addressPattern(address);
  const mails = new Set<string>();
  for (const name of outboxFiles(dir)) {
    try {
      if (named.test(fs.readFileSync(path.join(dir, name), 'utf8'))) mails.add(mailOf(name));
    } catch (error) {
      console.error(`[mail] could not read ${path.join(dir, name)} in the outbox:`, error);
    }
  }
  for (const mail of writing) {
    if (path.resolve(path.dirname(mail.files[0])) !== path.resolve(dir) || !named.test(mail.text)) continue;
    mail.erased = true;
    mails.add(mailOf(path.basename(mail.files[0])));
  }
  let removed = 0;
  const files = outboxFiles(dir);
  for (const mail of mails) {
    try {
      for (const name of files) if (mailOf(name) === mail) fs.rmSync(path.join(dir, name), { force: true });
      removed++;
    } catch (error) {
      console.error(`[mail] could not remove ${path.join(dir, mail)}.eml/.txt from the outbox:`, error);
    }
  }
  return removed;
}

/**
 * Removes outbox files (.eml, .txt) older than `before` (ms since the epoch): each holds what
 * a visitor wrote or an invitee was sent, personal data kept no longer than the
 * inquiries themselves (the inquiry purge calls this). Returns how many went.
 */
export function pruneOutbox(before: number, dir = config.outboxDir): number {
  let removed = 0;
  for (const name of outboxFiles(dir)) {
    const file = path.join(dir, name);
    try {
      if (fs.statSync(file).mtimeMs >= before) continue;
      fs.rmSync(file, { force: true });
      removed++;
    } catch (error) {
      console.error(`[mail] could not remove ${file} from the outbox:`, error);
    }
  }
  return removed;
}
