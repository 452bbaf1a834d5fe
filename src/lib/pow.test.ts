import { createChallenge, verifySolution } from 'altcha-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { solveProof } from './pow';

const hmacKey = 'test-key-for-the-proof';

afterEach(() => vi.unstubAllGlobals());

describe('the proof of work in the browser', () => {
  it('is solved with Web Crypto where the page has it (HTTPS, localhost)', async () => {
    const challenge = await createChallenge({ hmacKey, maxNumber: 20_000 });
    const payload = await solveProof(challenge);
    expect(await verifySolution(payload!, hmacKey)).toBe(true);
  });

  it('is solved without Web Crypto too (plain HTTP under the club’s own name), and the server accepts it', async () => {
    const challenge = await createChallenge({ hmacKey, maxNumber: 20_000 });
    vi.stubGlobal('crypto', {});
    const payload = await solveProof(challenge);
    vi.unstubAllGlobals();
    expect(await verifySolution(payload!, hmacKey)).toBe(true);
  });

  it('stops when the form is left', async () => {
    const challenge = await createChallenge({ hmacKey, maxNumber: 5_000_000, number: 4_999_999 });
    vi.stubGlobal('crypto', {});
    const controller = new AbortController();
    const solving = solveProof(challenge, controller.signal);
    controller.abort();
    expect(await solving).toBeNull();
  });
});
