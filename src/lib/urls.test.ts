import { describe, expect, it } from 'vitest';
import { isSafeUrl, isWebUrl, telHref } from './urls';

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

import { safeImageUrl } from './urls';
describe('image URLs', () => {
  it('shows http(s) and site paths only', () => {
    expect(safeImageUrl('/uploads/a.webp')).toBe('/uploads/a.webp');
    expect(safeImageUrl(' https://cdn.example.at/a.png ')).toBe('https://cdn.example.at/a.png');
    for (const bad of ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', '//evil.example/a.png', '', '   ', null, undefined]) {
      expect(safeImageUrl(bad), String(bad)).toBeNull();
    }
  });
});

describe('telHref', () => {
  it('keeps digits and the leading plus; drops the trunk zero written (0)', () => {
    expect(telHref('+43 664 1234567')).toBe('tel:+436641234567');
    expect(telHref('+43 (0) 664 123')).toBe('tel:+43664123');
    expect(telHref('+43(0)3115 2345')).toBe('tel:+4331152345');
    expect(telHref('0043 (0) 664 123')).toBe('tel:+43664123');
    expect(telHref('0043 664 123')).toBe('tel:0043664123');
    expect(telHref('0664 / 123 45 67')).toBe('tel:06641234567');
    expect(telHref('03115-2345 (Kantine)')).toBe('tel:031152345');
    expect(telHref(' +43 664 +1')).toBe('tel:+436641');
  });
});
