// Sign-in: accounts, roles, sessions, one-time links, second factors, and the limits that slow down guessing.
// Our own tables (the spec's hosted backend kept these out of sight).
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAtColumn, idColumn } from './columns';

export const users = sqliteTable('users', {
  id: idColumn(),
  email: text('email').notNull().unique(),
  // null until the invited person chooses a password
  passwordHash: text('password_hash'),
  createdAt: createdAtColumn(),
  // when this admin chose 'Ausblenden' on the 'Erste Schritte' (decision 071): hidden on each of their devices
  firstStepsHiddenAt: text('first_steps_hidden_at'),
});

export const profiles = sqliteTable('profiles', {
  user_id: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  created_at: createdAtColumn(),
});

export const userRoles = sqliteTable(
  'user_roles',
  {
    id: idColumn(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['superadmin', 'admin', 'moderator', 'user'] }).notNull(),
    created_at: createdAtColumn(),
  },
  (t) => [uniqueIndex('user_roles_user_role').on(t.user_id, t.role)],
);

export const sessions = sqliteTable(
  'sessions',
  {
    // SHA-256 of the session token (hex); the token itself is never stored
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    createdAt: integer('created_at').notNull(),
    /** the browser it was made in (shortened), so its owner can tell their sessions apart */
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

export const oneTimeTokens = sqliteTable('one_time_tokens', {
  // SHA-256 of the token (hex)
  id: text('id').primaryKey(),
  purpose: text('purpose', { enum: ['setup', 'reset', 'invite', 'second-step'] }).notNull(),
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: integer('expires_at').notNull(),
  usedAt: integer('used_at'),
  createdAt: integer('created_at').notNull(),
});

// An invitation whose mail is going out (decision 073), kept until it is settled: one that a killed process
// left here is said in the Protokoll at the next start (its mail may or may not have gone).
export const invitationMailsGoingOut = sqliteTable('invitation_mails_going_out', {
  // its link's token (SHA-256, as one_time_tokens.id): a new invitation of the address must not take the place
  // of one a killed process left unsaid
  tokenId: text('token_id').primaryKey(),
  email: text('email').notNull(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  since: integer('since').notNull(),
  // the admin who invited (null: the import)
  byId: text('by_id'),
  byName: text('by_name'),
  // 'server' or 'import' (each holds the data lock while it runs: at the start of either, every row is left over)
  sender: text('sender').notNull(),
});

// Single-use record of captcha challenges that have been answered.
export const usedCaptchas = sqliteTable('used_captchas', {
  id: text('id').primaryKey(),
  expiresAt: integer('expires_at').notNull(),
});

export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: integer('window_start').notNull(),
  blockedUntil: integer('blocked_until').notNull().default(0),
});

// Addresses an account signed in from lately (30 days): a sign-in from one of
// them is never slowed down for the account's sake (src/server/auth/signin-limits.ts).
export const knownSignInAddresses = sqliteTable(
  'known_signin_addresses',
  {
    /** the e-mail as normalised (the same key whether the account exists or not) */
    account: text('account').notNull(),
    address: text('address').notNull(),
    lastSuccessAt: integer('last_success_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.account, t.address] })],
);

// The second factor of a sign-in (docs/decisions/019): one TOTP key per user,
// sealed with a key derived from the site's secret, and ten single-use
// recovery codes, of which only hashes are kept.
export const totpFactors = sqliteTable('totp_factors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** AES-256-GCM: iv.tag.ciphertext, base64url */
  sealedKey: text('sealed_key').notNull(),
  /** null while the user is still setting it up (scanned, not yet confirmed with a code) */
  confirmedAt: integer('confirmed_at'),
  /** the newest time step a code was accepted for: no code counts twice */
  lastStep: integer('last_step').notNull().default(0),
  createdAt: integer('created_at').notNull(),
});

export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    /** SHA-256 of the code (hex) */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: integer('used_at'),
  },
  (t) => [index('recovery_codes_user').on(t.userId)],
);

