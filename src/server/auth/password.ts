// Passwords: argon2id with the parameters the design names (m=19456, t=2, p=1),
// and the NIST SP 800-63B rules: at least 8 characters, no well-known password.
import { hash, verify } from '@node-rs/argon2';
import { clubIdentityIn } from '../content/club';
import type { Db } from '../db/client';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES } from '../../lib/schemas/auth';

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES };

// the most common passwords of public breach lists, and the club's obvious ones
const COMMON = new Set([
  '12345678', '123456789', '1234567890', 'password', 'passwort', 'password1', 'passwort1', 'qwertz123', 'qwerty123',
  'qwertzui', 'qwertyui', '11111111', '00000000', '87654321', 'iloveyou', 'sunshine', 'football', 'fussball',
  'fußball1', 'fussball1', 'football1', 'abc12345', 'abcd1234', 'admin123', 'administrator', 'welcome1', 'willkommen',
  'letmein1', 'hallo123', 'passw0rd', 'superman', 'baseball', 'trustno1', '1q2w3e4r', 'asdfghjk', 'zaq12wsx',
  'anstoss1', 'kirchberg', 'mitglied',
]);

const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}]/gu, '');
/** Digits and signs around a name that still leave it obvious ('Gnas1946!'); more make a password of their own. */
const MAX_OTHER_CHARACTERS = 8;

/**
 * The club's own obvious passwords, as saved in 'Verein' in `db` (NIST SP 800-63B: words of the service's
 * context): its names written together ('uniongnas', 'svuniongnas1946') and each name word of four letters
 * or more, with a few digits and signs around them ('Gnas1946!').
 */
function isClubName(password: string, db: Db): boolean {
  const word = letters(password);
  if (!word || password.length - word.length > MAX_OTHER_CHARACTERS) return false;
  const club = clubIdentityIn(db);
  const names = [club.shortName, club.longName];
  const words = names.flatMap((name) => name.split(/[^\p{L}]+/u)).map(letters).filter((w) => w.length >= 4);
  return [...names.map(letters), ...words].includes(word);
}

/** A German message when the password is not acceptable, else null (the club as saved in `db`). */
export function passwordProblem(password: string, db: Db): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (COMMON.has(password.toLowerCase())) return PASSWORD_MESSAGES.common;
  if (isClubName(password, db)) return PASSWORD_MESSAGES.clubName;
  return null;
}

const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** Verifies against a fixed hash so that an unknown e-mail takes as long as a known one. */
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}
