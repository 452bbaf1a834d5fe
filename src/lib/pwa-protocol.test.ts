import { describe, expect, it } from 'vitest';
import { CACHES, isFromWorker, isToWorker } from './pwa-protocol';
import { savedCopyText } from './pwa-texts';

describe('page ↔ worker messages', () => {
  it('accepts the known messages only', () => {
    expect(isToWorker({ type: 'heartbeat' })).toBe(true);
    expect(isToWorker({ type: 'restart' })).toBe(true);
    expect(isToWorker({ type: 'check-version' })).toBe(true);
    expect(isToWorker({ type: 'cache-urls', urls: ['/news'] })).toBe(true);
    expect(isToWorker({ type: 'cache-urls', urls: [1] })).toBe(false);
    expect(isToWorker({ type: 'skip' })).toBe(false);
    expect(isToWorker('heartbeat')).toBe(false);
    expect(isFromWorker({ type: 'cache-updated', version: 4 })).toBe(true);
    expect(isFromWorker({ type: 'cache-updated' })).toBe(false);
    expect(isFromWorker({ type: 'heartbeat-reply' })).toBe(true);
    expect(isFromWorker(null)).toBe(false);
    expect(isToWorker({ type: 'ask-page-state' })).toBe(true);
    expect(isFromWorker({ type: 'saved-copy', savedAt: 1_764_000_000_000 })).toBe(true);
    expect(isFromWorker({ type: 'saved-copy', savedAt: null })).toBe(true);
    expect(isFromWorker({ type: 'saved-copy', savedAt: '28.11.' })).toBe(false);
    expect(isFromWorker({ type: 'saved-copy' })).toBe(false);
    expect(isFromWorker({ type: 'saved-copy', savedAt: null, outdated: true, serverDown: true })).toBe(true);
    expect(isFromWorker({ type: 'saved-copy', savedAt: null, serverDown: 'ja' })).toBe(false);
    // an outdated copy says so (sw/outdated-pages.ts)
    expect(isFromWorker({ type: 'saved-copy', savedAt: null, outdated: true })).toBe(true);
    expect(isFromWorker({ type: 'saved-copy', savedAt: null, outdated: 'ja' })).toBe(false);
  });

  it("takes a club's colours only as colours of the offline page's tokens: nothing that could leave its style", () => {
    const colours = { '--color-primary': '#0f766e', '--color-primary-strong': '#0c645d', '--color-primary-contrast': 'rgb(255 255 255 / 0.9)' };
    expect(isToWorker({ type: 'club-colours', colours })).toBe(true);
    expect(isToWorker({ type: 'club-colours', colours: {} })).toBe(true);
    for (const bad of ['red}body{display:none', '#fff</style><script>alert(1)</script>', 'url(https://example.com/x.png)', '#ff', 42]) {
      expect(isToWorker({ type: 'club-colours', colours: { '--color-primary': bad } }), String(bad)).toBe(false);
    }
    expect(isToWorker({ type: 'club-colours', colours: { '--font-body': '#fff' } })).toBe(false);
    expect(isToWorker({ type: 'club-colours', colours: ['#fff'] })).toBe(false);
    expect(isToWorker({ type: 'club-colours' })).toBe(false);
  });

  it("says from when a saved copy is, on Vienna's clock, or that it does not know", () => {
    // 28 November 2026, 13:02 UTC: 14:02 in Vienna
    expect(savedCopyText(Date.UTC(2026, 10, 28, 13, 2))).toBe('Keine Verbindung: Du siehst die gespeicherte Fassung vom 28. November, 14:02 Uhr.');
    expect(savedCopyText(null)).toBe('Keine Verbindung: Du siehst eine gespeicherte Fassung dieser Seite.');
    expect(savedCopyText(Date.UTC(2026, 10, 28, 13, 2), true)).toBe(
      'Keine Verbindung: Du siehst die gespeicherte Fassung vom 28. November, 14:02 Uhr. Die Seite wurde seitdem geändert.',
    );
    // the connection worked, the server answered with an error
    expect(savedCopyText(Date.UTC(2026, 10, 28, 13, 2), true, true)).toBe(
      'Die Seite ist gerade nicht erreichbar: Du siehst die gespeicherte Fassung vom 28. November, 14:02 Uhr. Die Seite wurde seitdem geändert.',
    );
  });

  it('no cache name looks like one the admin sign-out deletes', () => {
    // the sign-out deletes caches matching /admin|api/i; ours must not depend on that
    for (const name of Object.values(CACHES)) expect(name).not.toMatch(/admin|api/i);
  });
});
