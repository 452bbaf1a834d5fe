// `npm run import` as a function (scripts/import.ts parses the command line):
// read the old data, bring the images over, import in one transaction, invite
// the new users when asked, publish the whole site once.
import fs from 'node:fs';
import type { Db } from '../db/client';
import { sendMail } from '../mail/mailer';
import { UserRuleError } from '../services/users';
import { inviteUser } from '../services/invitations';
import { recordInvitationsCutOff } from '../services/invitation-mails';
import { loadClubSettings, saveClubSettings } from '../services/admin/club';
import { clubIdentityIn } from '../content/club';
import { renamedClubOf } from '../content/club-facts';
import { clubSettingsSchema } from '../../lib/schemas/club';
import { bringImages, ImagesNotStored } from './images';
import type { ImageSource } from './image-read';
import { BrokenReference, importClub, type ImportReport, type SourceData } from './run';
import { readSource, SourceUnreadable } from './sources';
import { IMPORT_TEXTS as T } from './texts';

/** The club's names from `--club` and `--club-short`: what 'Verein' would save (the old app has no such table). */
export type ImportClubName = { longName: string; shortName?: string };
export type ImportOptions = ImageSource & {
  from: string;
  dryRun?: boolean;
  invite?: boolean;
  club?: ImportClubName;
  uploadsDir: string;
  send?: typeof sendMail;
  /** how long the source may stay silent (IMPORT_TIMEOUT_SECONDS) */
  timeoutMs?: number;
};
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

/** The names checked as 'Verein' checks them, or the German reason they cannot be saved. */
function checkedClubName(club: ImportClubName): { ok: true; names: { long_name: string; short_name: string } } | { ok: false; message: string } {
  const shortName = club.shortName ?? club.longName;
  if (!club.shortName && club.longName.trim().length > 30) return { ok: false, message: T.clubNameRefused(T.clubShortNeeded) };
  const parsed = clubSettingsSchema.pick({ long_name: true, short_name: true }).safeParse({ long_name: club.longName, short_name: shortName });
  return parsed.success ? { ok: true, names: parsed.data } : { ok: false, message: T.clubNameRefused(parsed.error.issues[0].message) };
}

/**
 * Names the club as 'Verein' would (its colours and crest kept when saved before); a club named for the
 * first time gets no ground, not the built-in club's (decision 055).
 */
function nameClub(db: Db, names: { long_name: string; short_name: string }): void {
  const { isDefault: _default, ...current } = loadClubSettings(db);
  // a ground saved while the club was the built-in one is the built-in club's
  saveClubSettings({ ...current, ...names, home_ground: renamedClubOf(current) ? current.home_ground : null }, db);
}

/**
 * The accounts the import made that nobody can sign in to yet: no password, no invitation that still works. One
 * that was here before is its admins' to invite (profiles mapped before `made_by_import` was kept: invited as
 * before, at their own address).
 */
function importedWithoutPassword(db: Db, now = Date.now()): { id: string; email: string }[] {
  return db.$client
    .prepare(
      `SELECT DISTINCT u.id, u.email FROM import_map m JOIN users u ON u.id = m.target_id
       WHERE m.source_table = 'profiles' AND (m.made_by_import IS NULL OR m.made_by_import = 1) AND u.password_hash IS NULL
         AND NOT EXISTS (SELECT 1 FROM one_time_tokens t WHERE t.user_id = u.id AND t.purpose = 'invite' AND t.used_at IS NULL AND t.expires_at > ?)
       ORDER BY u.email`,
    )
    .all(now) as { id: string; email: string }[];
}

export async function runImport(db: Db, options: ImportOptions, log: (line: string) => void = console.info): Promise<ImportOutcome> {
  // a name 'Verein' would refuse stops the run before anything is read or stored
  const club = options.club ? checkedClubName(options.club) : null;
  if (club && !club.ok) {
    log(`[import] ${club.message}`);
    return { ok: false, message: club.message };
  }
  log(T.reading(withoutPassword(options.from)));
  let data: SourceData;
  try {
    data = await readSource(options.from, options.timeoutMs);
  } catch (error) {
    if (!(error instanceof SourceUnreadable)) throw error;
    log(T.failed(error.message));
    return { ok: false, message: error.message };
  }
  let images: Awaited<ReturnType<typeof bringImages>>;
  try {
    images = await bringImages(db, data, options, options.uploadsDir, options.dryRun ?? false);
  } catch (error) {
    if (!(error instanceof ImagesNotStored)) throw error;
    log(T.failed(error.message));
    return { ok: false, message: error.message };
  }
  log(T.images(images.stats.found, images.stats.stored + images.stats.reused, images.stats.missing));
  let report: ImportReport;
  try {
    report = importClub(db, data, { images: images.map, imagesRefused: images.refused, imageRecords: images.records, dryRun: options.dryRun });
  } catch (error) {
    // nothing of the run stays: not its rows, not its image files
    for (const file of images.written) fs.rmSync(file, { force: true });
    if (error instanceof BrokenReference) {
      // the rows skipped for our rules before the stop: fixed in the old app, the next run may get through
      for (const skipped of error.skipped) log(T.skipped(skipped.table, skipped.id, skipped.reason));
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
  if (club?.ok && !options.dryRun) {
    // the import is stored: a name that cannot be saved now (a full disk) is said so, not an English crash
    try {
      nameClub(db, club.names);
      log(T.clubNamed(club.names.long_name, club.names.short_name));
    } catch (error) {
      log(T.storedButNotNamed(error instanceof Error ? error.message : String(error)));
    }
  }
  // every account the import brought that has no password and no open invitation: a first run without
  // --invite, a mail that did not go out, an invitation that ran out are invited by the next run with it
  const waiting = options.dryRun ? report.users.filter((u) => u.isNew) : importedWithoutPassword(db);
  if (!options.dryRun && options.invite) {
    if (waiting.length > 0) log(T.invitingAs(clubIdentityIn(db).longName));
    // an invitation a killed import (or server) left going out is said in the Protokoll now: this run holds the
    // data lock, so the process that sent it has ended
    try {
      const cutOff = recordInvitationsCutOff(db);
      if (cutOff.length > 0) log(T.invitationsCutOff(cutOff));
    } catch (error) {
      console.warn('[import] the invitations left going out could not be recorded:', error instanceof Error ? error.message : error);
    }
    for (const user of waiting) {
      // one mail that does not go out stops neither the others nor the publish after the import; its user is
      // named (the next run with --invite tries again)
      try {
        // each mail waited for: the command may end after the last (decision 073)
        await inviteUser(db, user.email, options.send, undefined, null);
        log(T.invited(user.email));
      } catch (error) {
        const reason = error instanceof UserRuleError ? (error.reason ?? error.message) : error instanceof Error ? error.message : String(error);
        log(T.inviteFailed(user.email, reason));
      }
    }
  } else if (waiting.length > 0) {
    log(T.notInvited(waiting.length));
  }
  return { ok: true, report };
}
