import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { server } from '../../actions';
import { MANAGERS } from './managers';
import { TABS } from './tabs';

// admin-area.md §2, in the spec's order
const SPEC_TAB_KEYS = [
  'startseite', 'news', 'mannschaften', 'spieler', 'nachwuchs', 'spielplan', 'shop', 'mitglied',
  'sponsoren', 'kontakt', 'impressum', 'datenschutz', 'social', 'vereinsgeschichte', 'benutzer',
];

describe('admin tabs', () => {
  it('has every tab key of the spec, in order, with benutzer for superadmins only', () => {
    // the spec's tabs, then ours: 'Verein' (issue 13), 'Spieltag' and 'Tabellen' (issue 14),
    // 'Medien', 'Papierkorb' and 'Protokoll' (issue 15)
    expect(TABS.map((t) => t.key)).toEqual([...SPEC_TAB_KEYS, 'verein', 'spieltag', 'tabellen', 'medien', 'papierkorb', 'protokoll']);
    expect(TABS.filter((t) => 'superadminOnly' in t && t.superadminOnly).map((t) => t.key)).toEqual(['benutzer', 'verein', 'protokoll']);
  });

  it('has a manager for every tab', () => {
    for (const key of TABS.map((t) => t.key)) expect(MANAGERS[key as keyof typeof MANAGERS], key).toBeDefined();
  });

  it('every action a manager calls is registered, and so in the permission matrix that walks the registry', () => {
    const dir = path.dirname(fileURLToPath(import.meta.url));
    const called = new Set<string>();
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.tsx'))) {
      const source = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const match of source.matchAll(/actions\.admin\.([A-Za-z]+(?:\.[A-Za-z]+)?)/g)) called.add(match[1]);
    }
    expect(called.size).toBeGreaterThan(20);
    for (const name of called) {
      const [group, action] = name.split('.');
      const entry = (server.admin as Record<string, unknown>)[group];
      expect(entry, name).toBeDefined();
      if (action) expect((entry as Record<string, unknown>)[action], name).toBeDefined();
    }
  });
});
