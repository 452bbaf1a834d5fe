// The invisible proof of work of the public forms (ALTCHA, docs/decisions/018),
// solved where the form is: in the visitor's browser while they type, and in
// the tests. The server's side is src/server/auth/captcha.ts.
import { solveChallenge } from 'altcha-lib';
import type { Challenge } from 'altcha-lib/types';

export type PowChallenge = Challenge;

/** Finds the number and returns what the form sends (ALTCHA's base64 JSON payload), or null when aborted. */
export async function solveProof(challenge: PowChallenge, signal?: AbortSignal): Promise<string | null> {
  const { promise, controller } = solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber);
  signal?.addEventListener('abort', () => controller.abort());
  const solution = await promise;
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
