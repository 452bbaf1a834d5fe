// E-mail through nodemailer: SMTP when SMTP_URL is set, otherwise each message
// is written to DATA_DIR/outbox/ as an .eml file and logged, so that a fresh
// install works with nothing else (the first superadmin can still be invited).
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { config } from '../config';

export type Mail = { to: string; subject: string; text: string; replyTo?: string };
export type SentMail = { transport: 'smtp' | 'outbox'; file?: string };

let smtp: nodemailer.Transporter | null = null;

/**
 * nodemailer waits 2 minutes for a connection and 10 for a silent server by
 * default; a mail server that accepts and never answers held each send that long.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export async function sendMail(mail: Mail): Promise<SentMail> {
  const message = { from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, replyTo: mail.replyTo };
  if (config.smtpUrl) {
    smtp ??= nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
    await smtp.sendMail(message);
    console.info(`[mail] sent "${mail.subject}" to ${mail.to} via SMTP`);
    return { transport: 'smtp' };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await stream.sendMail(message);
  await fs.promises.mkdir(config.outboxDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(config.outboxDir, `${stamp}-${Math.random().toString(36).slice(2, 8)}.eml`);
  await fs.promises.writeFile(file, info.message as Buffer);
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  console.info(`[mail] no SMTP_URL: "${mail.subject}" to ${mail.to} written to ${file}${links.length ? `\n[mail] link: ${links.join(' ')}` : ''}`);
  return { transport: 'outbox', file };
}

/**
 * Removes outbox files older than `before` (ms since the epoch): each holds what
 * a visitor wrote or an invitee was sent, personal data kept no longer than the
 * inquiries themselves (the inquiry purge calls this). Returns how many went.
 */
export function pruneOutbox(before: number, dir = config.outboxDir): number {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
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
