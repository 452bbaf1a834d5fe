// The invisible proof of work of the public forms (ALTCHA, docs/decisions/018),
// solved where the form is: in the visitor's browser while they type, and in
// the tests. The server's side is src/server/auth/captcha.ts.
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { solveChallenge } from 'altcha-lib';
import type { Challenge } from 'altcha-lib/types';

export type PowChallenge = Challenge;

/** Finds the number and returns what the form sends (ALTCHA's base64 JSON payload), or null when aborted. */
export async function solveProof(challenge: PowChallenge, signal?: AbortSignal): Promise<string | null> {
  const solution = globalThis.crypto?.subtle ? await solveWithSubtle(challenge, signal) : await solveInScript(challenge, signal);
  if (!solution) return null;
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return btoa(JSON.stringify(payload));
}

async function solveWithSubtle(challenge: PowChallenge, signal?: AbortSignal): Promise<{ number: number } | null> {
  const { promise, controller } = solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber);
  signal?.addEventListener('abort', () => controller.abort());
  return promise;
}

/**
 * The same search without Web Crypto, which browsers offer only on HTTPS and
 * localhost: a club trying the site over plain HTTP on its own network can
 * still send the forms. ALTCHA's rule: SHA-256(salt + number) = challenge.
 * Yields to the page every few thousand tries.
 */
async function solveInScript(challenge: PowChallenge, signal?: AbortSignal): Promise<{ number: number } | null> {
  const encoder = new TextEncoder();
  const max = challenge.maxnumber ?? 1_000_000;
  for (let n = 0; n <= max; n++) {
    if (encodeHexLowerCase(sha256(encoder.encode(challenge.salt + n))) === challenge.challenge) return { number: n };
    if (n % 5000 === 4999) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (signal?.aborted) return null;
    }
  }
  return null;
}
