// The first superadmin: while none exists, every start prints a one-time link
// (24 hours) that lets the first person choose e-mail and password.
import { config } from '../config';
import type { Db } from '../db/client';
import { createOneTimeToken, deleteUnusedTokens } from './tokens';
import { superadminCount } from './users';

export async function ensureSetupLink(db: Db): Promise<string | null> {
  if (superadminCount(db) > 0) return null;
  deleteUnusedTokens(db, 'setup', null);
  const token = createOneTimeToken(db, 'setup', null);
  const link = `${config.siteUrl}/auth/setup?token=${token}`;
  console.info(
    `\n[setup] Noch kein Superadmin vorhanden. Einmaliger Einrichtungs-Link (24 Stunden gültig):\n[setup] ${link}\n[setup] Oder: npm run user -- create --email E --password P --role superadmin\n`,
  );
  return link;
}
