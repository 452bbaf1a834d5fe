import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { clubSettingsSchema } from '../../../lib/schemas/club';
import { contrastRatio } from '../../../lib/contrast';
import type { Db } from '../../db/client';
import { createTestDb } from '../../db/test-db';
import { clubInitials, identityOf, clubThemeCss } from '../../content/club';
import { imageWorkLoad, withImageSlot } from '../image-work';
import { manifestJson } from '../../content/club-assets';
import { contrastNote } from '../../../lib/club-contrast';
import { contrastWarnings, crestPng, loadClubSettings, saveClubSettings, UNSAFE_SVG, uploadCrest } from './club';

let db: Db;
beforeEach(() => {
  db = createTestDb();
});

const input = (o: Record<string, unknown> = {}) =>
  clubSettingsSchema.parse({ short_name: 'Union Gnas', long_name: 'SV Union Gnas 1946', crest_url: '', primary_color: '#0F766E', secondary_color: '#FDE047', home_ground: 'Sportzentrum Gnas', ...o });

const SVG_CREST = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 120"><path d="M5 5H95V60C95 100 50 115 50 115C50 115 5 100 5 60Z" fill="#0f766e"/><text x="50" y="70" font-size="30" text-anchor="middle" fill="#fff">UG</text></svg>';

describe("'Verein'", () => {
  it('the built-in club until a superadmin saves; afterwards the stored row, colours lower-cased', () => {
    expect(loadClubSettings(db)).toMatchObject({ isDefault: true, long_name: 'SV Kirchberg an der Raab' });
    saveClubSettings(input(), db);
    expect(loadClubSettings(db)).toMatchObject({ isDefault: false, short_name: 'Union Gnas', primary_color: '#0f766e', crest_url: null });
    saveClubSettings(input({ short_name: 'Gnas' }), db);
    expect(db.$client.prepare('select count(*) as n from club_settings').get()).toEqual({ n: 1 });
  });

  it('refuses what is not a colour, an empty name, a crest from elsewhere', () => {
    const bad = clubSettingsSchema.safeParse({ short_name: ' ', long_name: 'X', primary_color: 'blau', secondary_color: '#fff', crest_url: 'https://evil.example/x.png' });
    expect(bad.success).toBe(false);
    const messages = bad.success ? [] : bad.error.issues.map((i) => `${i.path[0]}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'short_name: Bitte füllen Sie alle Pflichtfelder aus',
        'primary_color: Bitte eine Farbe im Format #RRGGBB angeben.',
        'secondary_color: Bitte eine Farbe im Format #RRGGBB angeben.',
        'crest_url: Das Wappen muss über „Wappen hochladen“ hochgeladen werden.',
      ]),
    );
  });

  it('warns about a colour that does not read on white and names the variant used; the theme uses it', () => {
    const warnings = contrastWarnings({ primary_color: '#fde047', secondary_color: '#1e40af' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Hauptfarbe ist auf hellem Grund schwer lesbar \(Kontrast 1,\d:1, nötig 4,5:1\)\. Für Text und Links wird die lesbare Variante #[0-9a-f]{6} verwendet\.$/);
    const club = identityOf({ ...input(), primary_color: '#fde047' });
    expect(clubThemeCss(club)).toContain(`--color-primary:${club.primaryText}`);
    expect(club.primaryText).not.toBe('#fde047');
    // the page heads' white text stays readable on a light secondary
    const deep = /--color-secondary-deep:(#[0-9a-f]{6})/.exec(clubThemeCss(identityOf({ ...input(), secondary_color: '#fde047' }))!)![1];
    expect(contrastRatio(deep, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it("measures as the pages use the colours: a red the pages darken is pointed out with the variant they use; a ratio under 4.5 never reads as 4,5", () => {
    // 4.9:1 on white, 4.4:1 on the pages' grey ground: it was 'gut lesbar', and the pages showed another red
    for (const red of ['#e30613', '#e2001a', '#dc2626', '#00843d']) {
      const club = identityOf({ ...input(), primary_color: red });
      expect(club.primaryText, red).not.toBe(red);
      const warnings = contrastWarnings({ primary_color: red, secondary_color: '#ffffff' });
      expect(warnings.filter((w) => w.startsWith('Hauptfarbe')), red).toEqual([expect.stringContaining(`die lesbare Variante ${club.primaryText} verwendet`)]);
      // the installed app's bar is the pages' theme-color
      expect(JSON.parse(manifestJson(club, '')).theme_color, red).toBe(club.primaryText);
    }
    // 4.48:1 is too little, and does not read as the 4,5:1 it needs
    expect(contrastNote('secondary', '#777777')).toEqual({ ok: false, text: expect.stringContaining('Kontrast 4,4:1, nötig 4,5:1') });
    // the secondary carries no text: its note names the darker variant the page heads use under white text
    const deep = /--color-secondary-deep:(#[0-9a-f]{6})/.exec(clubThemeCss(identityOf({ ...input(), secondary_color: '#fde047' }))!)![1];
    expect(contrastWarnings({ primary_color: '#0b5d1e', secondary_color: '#fde047' })).toEqual([
      `Zweitfarbe trägt weiße Schrift schlecht (Kontrast 1,3:1, nötig 4,5:1). In den Seitenköpfen wird die dunklere Variante ${deep} verwendet.`,
    ]);
  });

  it('initials for the shield of a club without crest', () => {
    expect(clubInitials('SV Kirchberg')).toBe('SVK');
    expect(clubInitials('Union Gnas')).toBe('UG');
    expect(clubInitials('FC Grün-Weiß Feldbach')).toBe('FCGW');
  });
});

describe('crest upload', () => {
  it('an SVG crest is drawn into a 512 px PNG and stored like an upload, with its WebP copies', async () => {
    const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-crest-'));
    const { url } = await uploadCrest(Buffer.from(SVG_CREST).toString('base64'), uploads);
    expect(url).toMatch(/^\/uploads\/verein\/[0-9a-f]{32}\.png$/);
    const stored = fs.readFileSync(path.join(uploads, url.slice('/uploads/'.length)));
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 512, height: 512 });
    expect(fs.readdirSync(path.join(uploads, 'verein')).filter((f) => f.endsWith('.webp'))).toHaveLength(3);
    expect(clubSettingsSchema.safeParse(input({ crest_url: url })).success).toBe(true);
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  it('a crest is drawn in line with every other upload (one image at a time, decision 017)', async () => {
    let release!: () => void;
    const holding = withImageSlot(() => new Promise<void>((resolve) => (release = resolve)));
    const crest = crestPng(Buffer.from(SVG_CREST));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(imageWorkLoad()).toEqual({ running: 1, waiting: 1 });
    release();
    await holding;
    expect(await sharp(await crest).metadata()).toMatchObject({ width: 512, height: 512 });
    expect(imageWorkLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it('a PNG crest is fitted into 512 px; anything else is refused in German', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0f766e' } }).png().toBuffer();
    expect(await sharp(await crestPng(png)).metadata()).toMatchObject({ width: 512, height: 512 });
    await expect(crestPng(Buffer.from('kein Bild'))).rejects.toThrow('Diese Datei ist kein verwendbares Wappen. Bitte ein SVG oder PNG hochladen.');
  });

  it('an SVG with script, event handlers, links, entities or embedded content is refused', async () => {
    const hostile = [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/passwd" width="10" height="10"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="http://evil.example/a.svg#x"/></svg>',
      '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><p>x</p></foreignObject></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(http://evil.example/p)" width="9" height="9"/></svg>',
    ];
    for (const svg of hostile) {
      await expect(crestPng(Buffer.from(svg)), svg).rejects.toThrow('Dieses SVG enthält Skripte, Verweise oder eingebettete Inhalte und wird nicht angenommen.');
    }
  });

  it("an SVG's links within itself and a drawing program's DOCTYPE are drawn; a DOCTYPE's declarations are refused", async () => {
    const own = [
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><defs><path id="s" d="M0 0h64v64H0z"/></defs><use href="#s" fill="#0b5d1e"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><path id="s" d="M0 0h64v64H0z"/></defs><use xlink:href=\'#s\'/><rect width="9" height="9" fill="url(\'#g\')"/></svg>',
      '<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#0b5d1e"/></svg>',
    ];
    for (const svg of own) expect(await sharp(await crestPng(Buffer.from(svg))).metadata(), svg).toMatchObject({ format: 'png', width: 512 });
    // an attribute list gives each <use> a link to elsewhere without 'href=' in the file
    const declared = '<!DOCTYPE svg [<!ATTLIST use href CDATA "http://evil.example/a.svg#x">]><svg xmlns="http://www.w3.org/2000/svg"><use/></svg>';
    await expect(crestPng(Buffer.from(declared))).rejects.toThrow('Dieses SVG enthält Skripte, Verweise oder eingebettete Inhalte und wird nicht angenommen.');
  });

  it("the SVG check reads a crest's 500 KB in one pass: 100,000 '<use ' held the server 24 s", () => {
    for (const part of ['<use ', '<!DOCTYPE ', ' on', 'href=" ', 'url( ']) {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg">' + part.repeat(Math.floor(500_000 / part.length));
      const started = performance.now();
      UNSAFE_SVG.test(svg);
      // linear: a few milliseconds; the quadratic pattern took seconds from 100 KB on
      expect(performance.now() - started, part).toBeLessThan(500);
    }
  });

  it('a gzip-compressed SVG is refused unread: the check above cannot read it, and sharp would draw it', async () => {
    const svgz = gzipSync('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script><rect width="64" height="64" fill="red"/></svg>');
    await expect(crestPng(svgz)).rejects.toThrow('Diese Datei ist kein verwendbares Wappen. Bitte ein SVG oder PNG hochladen.');
    // a JPEG still is a crest
    const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#0b5d1e' } }).jpeg().toBuffer();
    expect(await sharp(await crestPng(jpeg)).metadata()).toMatchObject({ format: 'png', width: 512 });
  });
});

describe("'Minderjährige schützen' (issue 14)", () => {
  it('is on in a new installation, saved with the club, and republishes the players only when it changes', () => {
    expect(loadClubSettings(db).protect_minors).toBe(true);
    expect(saveClubSettings(input(), db).changes).toEqual([{ table: 'club_settings' }]);
    const off = saveClubSettings(input({ protect_minors: false }), db);
    expect(off.settings.protect_minors).toBe(false);
    expect(off.changes).toEqual([{ table: 'club_settings' }, { table: 'players' }]);
    expect(db.$client.prepare("select value from site_settings where key = 'protect_minors'").get()).toEqual({ value: 'off' });
    // a save that does not name the setting leaves it as it is
    expect(saveClubSettings(input(), db).settings.protect_minors).toBe(false);
    expect(saveClubSettings(input({ protect_minors: true }), db).changes).toEqual([{ table: 'club_settings' }, { table: 'players' }]);
    expect(loadClubSettings(db).protect_minors).toBe(true);
  });
});
