import { describe, expect, it } from 'vitest';
import { isSafeUrl, isWebUrl } from './urls';

describe('URL checks', () => {
  it('accepts web, mail and phone links and site paths', () => {
    for (const ok of ['https://verein.at', 'http://x.at/a?b=1', 'mailto:a@b.at', 'tel:+43123', '/kontakt']) {
      expect(isSafeUrl(ok), ok).toBe(true);
    }
  });
  it('rejects script and protocol-relative links', () => {
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', '//evil.com', '', null]) {
      expect(isSafeUrl(bad), String(bad)).toBe(false);
    }
  });
  it('knows a web URL from free text', () => {
    expect(isWebUrl('https://shop.verein.at/trikot')).toBe(true);
    expect(isWebUrl('Im Vereinsheim erhältlich')).toBe(false);
    expect(isWebUrl('mailto:a@b.at')).toBe(false);
  });
});
