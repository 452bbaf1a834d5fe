// What every public page runs before it answers (src/scripts/site-chrome.ts) makes no
// date formatter while it loads: a browser's first Intl.DateTimeFormat with a time zone
// takes 30 ms of a desktop's main thread, four times that on the phone Lighthouse
// simulates, and the offline text that needs one is rarely shown (issue 16).
import { afterEach, describe, expect, it, vi } from 'vitest';

const RealDateTimeFormat = Intl.DateTimeFormat;
afterEach(() => {
  Intl.DateTimeFormat = RealDateTimeFormat;
});

function countFormatters(): { made: number } {
  const count = { made: 0 };
  Intl.DateTimeFormat = new Proxy(RealDateTimeFormat, {
    construct(target, args: ConstructorParameters<typeof RealDateTimeFormat>) {
      count.made++;
      return new target(...args);
    },
    apply(target, _this, args: Parameters<typeof RealDateTimeFormat>) {
      count.made++;
      return target(...args);
    },
  });
  return count;
}

describe('the public pages’ chrome script', () => {
  it('makes no date formatter while it loads, and makes one set when the offline text needs it', async () => {
    const count = countFormatters();
    vi.resetModules();
    // every module site-chrome.ts imports (it starts them itself, which needs a page)
    await import('./consent-banner');
    await import('./install-prompt');
    await import('./auth-nav');
    await import('./pwa-start');
    expect(count.made).toBe(0);
    const { savedCopyText } = await import('../lib/pwa-texts');
    expect(savedCopyText(Date.UTC(2026, 10, 28, 13, 2))).toContain('vom 28. November, 14:02 Uhr');
    expect(savedCopyText(Date.UTC(2026, 10, 29, 13, 2))).toContain('vom 29. November, 14:02 Uhr');
    expect(count.made).toBe(2);
  });
});
