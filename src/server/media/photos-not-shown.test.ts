import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { media, players, siteSettings, teams } from '../db/schema';
import { createTestDb, seed } from '../db/test-db';
import { isRefusedWrite } from '../db/write';
import { listMedia } from './inventory';
import { deleteMedia } from './service';

// A child's photo whose publication consent was withdrawn (decision 028): no page shows it, and the Mediathek lets
// the admin delete its file, which stayed public at the address the pages had named.
let dir: string;
let db: Db;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-photos-'));
  db = createTestDb();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

async function put(relative: string) {
  const file = path.join(dir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, await sharp({ create: { width: 64, height: 64, channels: 3, background: '#345' } }).png().toBuffer());
  return `/uploads/${relative}`;
}

/** A U12 player with this photo; consent to photos as given. */
function child(url: string, consentPhoto: boolean) {
  return seed(db, (tx) => {
    const team = tx.insert(teams).values({ name: 'U12', category: 'Nachwuchs' }).returning().get();
    return tx
      .insert(players)
      .values({ team_id: team.id, name: 'Lena Gruber', position: 'Mittelfeld', age: 11, image_url: url, consent_photo: consentPhoto, consent_given_at: consentPhoto ? '2026-09-01' : null })
      .returning()
      .get();
  });
}

describe("a child's photo no page shows", () => {
  it('is marked in the library and can be deleted: the file goes and the player keeps no address of it', async () => {
    const url = await put('players/lena.png');
    const player = child(url, false);
    const [item] = await listMedia(db, dir);
    expect(item.uses).toEqual([{ table: 'players', id: player.id, label: 'Spieler „Lena Gruber“', field: 'Foto', notShown: true }]);

    expect(await deleteMedia(url, db, dir)).toEqual({ url });
    expect(fs.existsSync(path.join(dir, 'players/lena.png'))).toBe(false);
    expect(db.select().from(media).all()).toEqual([]);
    expect(db.select().from(players).where(eq(players.id, player.id)).get()!.image_url).toBeNull();
  });

  it('with consent, or with the protection turned off, the photo is shown: the delete is refused as before', async () => {
    const url = await put('players/lena.png');
    const player = child(url, true);
    const refused = await deleteMedia(url, db, dir).then(
      () => null,
      (error: unknown) => (isRefusedWrite(error) ? error.message : String(error)),
    );
    expect(refused).toBe('Das Bild wird noch verwendet: Spieler „Lena Gruber“ (Foto). Bitte es zuerst dort entfernen.');
    expect(fs.existsSync(path.join(dir, 'players/lena.png'))).toBe(true);

    seed(db, (tx) => {
      tx.update(players).set({ consent_photo: false, consent_given_at: null }).where(eq(players.id, player.id)).run();
      tx.insert(siteSettings).values({ key: 'protect_minors', value: 'off' }).run();
    });
    expect((await listMedia(db, dir))[0].uses[0].notShown).toBeUndefined();
    await expect(deleteMedia(url, db, dir)).rejects.toThrow('Das Bild wird noch verwendet');
    expect(db.select().from(players).where(eq(players.id, player.id)).get()!.image_url).toBe(url);
  });
});
