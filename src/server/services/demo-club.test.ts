import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestDb } from '../db/test-db';
import { loadClubSettings, saveClubSettings } from './admin/club';
import { addDemoClubIdentity } from './demo-club';

describe('the demo club in Verein', () => {
  it('stores its generated crest as a 512 px PNG upload with the club names, once', async () => {
    const db = createTestDb();
    const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-democrest-'));
    try {
      expect(await addDemoClubIdentity(db, uploads)).toBe(true);
      const settings = loadClubSettings(db);
      expect(settings).toMatchObject({ isDefault: false, short_name: 'SV Kirchberg', long_name: 'SV Kirchberg an der Raab', primary_color: '#1e40af' });
      const crest = fs.readFileSync(path.join(uploads, settings.crest_url!.slice('/uploads/'.length)));
      expect(await sharp(crest).metadata()).toMatchObject({ format: 'png', width: 512, height: 512 });
      expect(await addDemoClubIdentity(db, uploads)).toBe(false);
      expect(fs.readdirSync(path.join(uploads, 'verein')).filter((f) => f.endsWith('.png'))).toHaveLength(1);
    } finally {
      fs.rmSync(uploads, { recursive: true, force: true });
    }
  });

  it("leaves a superadmin's own settings alone", async () => {
    const db = createTestDb();
    saveClubSettings({ short_name: 'Gnas', long_name: 'Union Gnas', crest_url: null, primary_color: '#0f766e', secondary_color: '#fde047', home_ground: null }, db);
    expect(await addDemoClubIdentity(db, os.tmpdir())).toBe(false);
    expect(loadClubSettings(db).long_name).toBe('Union Gnas');
  });
});
