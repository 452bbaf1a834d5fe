// `npm run import` as a function (scripts/import.ts parses the command line):
// read the old data, bring the images over, import in one transaction, invite
// the new users when asked, publish the whole site once.
import fs from 'node:fs';
import type { Db } from '../db/client';
import { sendMail } from '../mail/mailer';
import { inviteUser } from '../services/users';
import { bringImages, type ImageSource } from './images';
import { BrokenReference, importClub, type ImportReport } from './run';
import { readSource } from './sources';
import { IMPORT_TEXTS as T } from './texts';

export type ImportOptions = ImageSource & { from: string; dryRun?: boolean; invite?: boolean; uploadsDir: string; send?: typeof sendMail };
export type ImportOutcome = { ok: true; report: ImportReport } | { ok: false; message: string };

/** The source as the log may show it: a database address without its password (an '@' in it included). */
export function withoutPassword(from: string): string {
  try {
    const url = new URL(from);
    if (!url.password) return from;
    url.password = '***';
    return url.toString();
  } catch {
    // not an address: the export folder's path; an address that cannot be read shows up to its host only
    return from.replace(/\/\/.*@/, '//…@');
  }
}

export async function runImport(db: Db, options: ImportOptions, log: (line: string) => void = console.info): Promise<ImportOutcome> {
  log(T.reading(withoutPassword(options.from)));
  const data = await readSource(options.from);
  const images = await bringImages(db, data, options, options.uploadsDir, options.dryRun ?? false);
  log(T.images(images.stats.found, images.stats.stored + images.stats.reused, images.stats.missing));
  let report: ImportReport;
  try {
    report = importClub(db, data, { images: images.map, imageRecords: images.records, dryRun: options.dryRun });
  } catch (error) {
    // nothing of the run stays: not its rows, not its image files
    for (const file of images.written) fs.rmSync(file, { force: true });
    if (error instanceof BrokenReference) {
      log(T.rolledBack(error.message));
      return { ok: false, message: error.message };
    }
    throw error;
  }
  if (options.dryRun) log(T.dryRunTitle);
  for (const table of report.tables) {
    log(T.table(table));
    for (const skipped of table.skipped) log(T.skipped(table.table, skipped.id, skipped.reason));
    for (const warning of table.warnings) log(`[import]   ${warning}`);
  }
  const newUsers = report.users.filter((u) => u.isNew);
  if (!options.dryRun && options.invite) {
    for (const user of newUsers) {
      // one mail that does not go out stops neither the others nor the publish after the import; its
      // user is named (a re-run would not invite them: they exist by then)
      try {
        await inviteUser(db, user.email, options.send);
        log(T.invited(user.email));
      } catch (error) {
        log(T.inviteFailed(user.email, error instanceof Error ? error.message : String(error)));
      }
    }
  } else if (newUsers.length > 0) {
    log(T.notInvited(newUsers.length));
  }
  return { ok: true, report };
}
