// One-time tokens for set-up, password reset and invitation links: 160 random
// bits, only the SHA-256 stored, single use, with an expiry.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { write } from '../db/write';
import { oneTimeTokens } from '../db/schema';
import { generateToken, hashToken } from './session';

/** 'second-step': between the right password and the second factor of a sign-in (5 minutes) */
export type TokenPurpose = 'setup' | 'reset' | 'invite' | 'second-step';

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  setup: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
  invite: 7 * 24 * 60 * 60 * 1000,
  'second-step': 5 * 60 * 1000,
};

export function createOneTimeToken(db: Db, purpose: TokenPurpose, userId: string | null, now = Date.now()): string {
  const token = generateToken();
  write(
    'token.create',
    () =>
      db
        .insert(oneTimeTokens)
        .values({ id: hashToken(token), purpose, userId, expiresAt: now + TOKEN_TTL_MS[purpose], createdAt: now })
        .run(),
    db,
  );
  return token;
}

export type TokenRow = typeof oneTimeTokens.$inferSelect;

/** The token's row while it is unused and unexpired; does not use it up. */
export function peekToken(db: Db, token: string, purpose: TokenPurpose, now = Date.now()): TokenRow | null {
  if (!token) return null;
  const row = db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.id, hashToken(token)), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)))
    .get();
  return row && row.expiresAt > now ? row : null;
}

/** Uses the token up; null when it was unknown, used or expired. Safe against a double submit. */
export function consumeToken(db: Db, token: string, purpose: TokenPurpose, now = Date.now()): TokenRow | null {
  const row = peekToken(db, token, purpose, now);
  if (!row) return null;
  const result = write(
    'token.consume',
    () =>
      db
        .update(oneTimeTokens)
        .set({ usedAt: now })
        .where(and(eq(oneTimeTokens.id, row.id), isNull(oneTimeTokens.usedAt)))
        .run(),
    db,
  );
  return result.changes === 1 ? row : null;
}

export function deleteUnusedTokens(db: Db, purpose: TokenPurpose, userId: string | null): void {
  write(
    'token.deleteUnused',
    () =>
      db
        .delete(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.purpose, purpose),
            isNull(oneTimeTokens.usedAt),
            userId === null ? isNull(oneTimeTokens.userId) : eq(oneTimeTokens.userId, userId),
          ),
        )
        .run(),
    db,
  );
}

/**
 * Voids the user's unused links of this purpose made before `token` (one made after it, meanwhile, stays). A new
 * link is made beside the old ones (`createOneTimeToken`) and this runs once it is sent, so that a mail that could
 * not be sent does not cost the link the user already has.
 */
export function voidOlderTokens(db: Db, purpose: TokenPurpose, userId: string, token: string): void {
  const hash = hashToken(token);
  write(
    'token.voidOlder',
    (tx) =>
      tx
        .delete(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.purpose, purpose),
            eq(oneTimeTokens.userId, userId),
            isNull(oneTimeTokens.usedAt),
            // rowids grow with each insert: made before, even within the same millisecond
            sql`rowid < (SELECT rowid FROM one_time_tokens WHERE id = ${hash})`,
          ),
        )
        .run(),
    db,
  );
}

/** A new link for the user that voids their earlier unused ones of the same purpose: only the newest works. */
export function replaceToken(db: Db, purpose: TokenPurpose, userId: string): string {
  return write(
    'token.replace',
    () => {
      deleteUnusedTokens(db, purpose, userId);
      return createOneTimeToken(db, purpose, userId);
    },
    db,
  );
}

/**
 * A new password makes void every unused link that could set one (reset, invitation) and every sign-in
 * waiting for its second step with the old one. Inside the transaction that sets the password.
 */
export function voidPasswordTokens(tx: Db, userId: string): void {
  tx.delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), inArray(oneTimeTokens.purpose, ['reset', 'invite', 'second-step']), isNull(oneTimeTokens.usedAt)))
    .run();
}
