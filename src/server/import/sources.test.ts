// Reading the old app's data: a CSV export's cells, the images' bucket paths, the source in the log.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withoutPassword } from './command';
import { bucketPath } from './image-read';
import { readSource, sslModeSpelledOut } from './sources';
import { IMPORT_TEXTS } from './texts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the old data as it comes', () => {
  it('reads an array column of a CSV export as a list, and text in braces elsewhere (the footer JSON, a line) as text', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-csv-'));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, 'teams.csv'), 'id,name,category,achievements\nt1,Kampfmannschaft,Herren,"{""Meister 2019"",Cupsieger}"\n');
    const footer = '{"club_title_line1":"SV Musterdorf","email":"office@verein.at"}';
    fs.writeFileSync(path.join(dir, 'homepage_content.csv'), `id,section_key,content\nh1,footer_texts,"${footer.replace(/"/g, '""')}"\nh2,welcome,"{Willkommen, liebe Fans}"\n`);
    const data = await readSource(dir);
    expect(data.teams?.[0]).toMatchObject({ achievements: ['Meister 2019', 'Cupsieger'] });
    expect(data.homepage_content?.map((row) => row.content)).toEqual([footer, '{Willkommen, liebe Fans}']);
  });

  it('an export that is no list of rows, or a CSV the reader cannot read, is said in German; a CSV saved by German Excel keeps its umlauts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-export-'));
    dirs.push(dir);
    const refusal = async (from: string) => readSource(from).then(() => 'gelesen', (error: Error) => error.message);
    const file = path.join(dir, 'export.json');
    fs.writeFileSync(file, JSON.stringify({ news: { rows: [] } }));
    expect(await refusal(file)).toBe(IMPORT_TEXTS.sourceUnreadable('news enthält keine Liste von Zeilen (erwartet: [ { … }, { … } ]).'));
    fs.writeFileSync(file, JSON.stringify([{ title: 'x' }]));
    expect(await refusal(file)).toBe(IMPORT_TEXTS.sourceUnreadable(IMPORT_TEXTS.notTables));

    const folder = path.join(dir, 'tabellen');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'news.json'), JSON.stringify({ data: [{ id: 'n1' }] }));
    expect(await refusal(folder)).toBe(IMPORT_TEXTS.sourceUnreadable(IMPORT_TEXTS.notRows('news.json')));
    fs.rmSync(path.join(folder, 'news.json'));
    fs.writeFileSync(path.join(folder, 'teams.csv'), 'id,name,category\nt1,"Kampfmannschaft,Herren\nt2,Reserve,Herren\n');
    expect(await refusal(folder)).toMatch(/^Die alten Daten konnten nicht gelesen werden: teams\.csv ist keine lesbare CSV-Datei \(Fehler in Zeile \d+/);
    // German Excel: Windows-1252, 'ü' and 'ß' one byte each
    fs.writeFileSync(path.join(folder, 'teams.csv'), Buffer.from('id,name,category\nt1,Kampfmannschaft Süd,Herren\nt2,Großwiese,Herren\n', 'latin1'));
    expect((await readSource(folder)).teams?.map((row) => row.name)).toEqual(['Kampfmannschaft Süd', 'Großwiese']);
  });

  it('refuses an export in which no table is found, naming what it found; finds files named in any case or as downloaded', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-names-'));
    dirs.push(dir);
    const refusal = async (from: string) => readSource(from).then(() => 'gelesen', (error: Error) => error.message);
    fs.writeFileSync(path.join(dir, 'nachrichten.csv'), 'id,title,content\nn1,T,X\n');
    expect(await refusal(dir)).toBe(IMPORT_TEXTS.sourceUnreadable(IMPORT_TEXTS.noTableFiles(['nachrichten.csv'])));
    const file = path.join(dir, 'export.json');
    fs.writeFileSync(file, JSON.stringify({ data: { news: [] } }));
    expect(await refusal(file)).toBe(IMPORT_TEXTS.sourceUnreadable(IMPORT_TEXTS.noKnownTables(['data'])));
    fs.rmSync(file);
    fs.writeFileSync(path.join(dir, 'News.CSV'), 'id,title,content\nn1,Titel,Text\n');
    fs.writeFileSync(path.join(dir, 'teams_rows.csv'), 'id,name,category\nt1,KM,Herren\n');
    const data = await readSource(dir);
    expect(data.news).toEqual([{ id: 'n1', title: 'Titel', content: 'Text' }]);
    expect(data.teams).toEqual([{ id: 't1', name: 'KM', category: 'Herren' }]);
  });

  it('reads a CSV German Excel saved with semicolons, and JSON with a byte order mark or in Windows-1252', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-excel-'));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, 'news.csv'), 'id;title;content\nn1;Titel, mit Komma;"Text; mit Strichpunkt"\n');
    fs.writeFileSync(path.join(dir, 'teams.json'), Buffer.from(JSON.stringify([{ id: 't1', name: 'Großwiese', category: 'Herren' }]), 'latin1'));
    fs.writeFileSync(path.join(dir, 'players.json'), '\uFEFF' + JSON.stringify([{ id: 'p1', name: 'Jörg' }]));
    const data = await readSource(dir);
    expect(data.news).toEqual([{ id: 'n1', title: 'Titel, mit Komma', content: 'Text; mit Strichpunkt' }]);
    expect(data.teams?.[0]).toMatchObject({ name: 'Großwiese' });
    expect(data.players?.[0]).toMatchObject({ name: 'Jörg' });
    fs.writeFileSync(path.join(dir, 'players.json'), '[{"id": "p1",]');
    expect(await readSource(dir).then(() => 'gelesen', (error: Error) => error.message)).toMatch(/^Die alten Daten konnten nicht gelesen werden: players\.json ist keine gültige JSON-Datei \(/);
  });

  it("keeps an image address with a bare '%' (taken as it is) instead of ending the import", () => {
    expect(bucketPath('https://x.supabase.co/storage/v1/object/public/club-images/news/100%-sieg.jpg')).toBe('news/100%-sieg.jpg');
    expect(bucketPath('https://x.supabase.co/storage/v1/object/public/club-images/news/gr%C3%BCn.jpg')).toBe('news/grün.jpg');
  });

  it("names the database in the log without its password, an '@' in it too", () => {
    const shown = withoutPassword('postgres://verein:S3cr@t!2024@db.example:5432/club');
    expect(shown).not.toContain('S3cr');
    expect(shown).not.toContain('2024');
    expect(shown).toContain('db.example:5432/club');
    expect(withoutPassword('/srv/export')).toBe('/srv/export');
  });

  it("a database whose certificate Node does not trust (the old app's own authority, a self-signed one) is said in German, with the way out", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anstoss-tls-'));
    dirs.push(dir);
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' });
    // PostgreSQL's first step: 8 bytes asking for SSL, answered 'S'; then TLS with this certificate
    const database = net.createServer((socket) => {
      socket.once('data', () => {
        socket.write('S');
        const secure = new tls.TLSSocket(socket, { isServer: true, key: fs.readFileSync(key), cert: fs.readFileSync(cert) });
        secure.on('error', () => undefined);
      });
    });
    await new Promise<void>((resolve) => database.listen(0, '127.0.0.1', resolve));
    const { port } = database.address() as net.AddressInfo;
    // pg's English warning about the SSL modes it takes as 'verify-full' stays off the console
    const warnings = vi.spyOn(process, 'emitWarning');
    try {
      await expect(readSource(`postgres://postgres@127.0.0.1:${port}/postgres?sslmode=require`, 10_000)).rejects.toThrow(IMPORT_TEXTS.sourceUnreadable(IMPORT_TEXTS.certificateRefused));
      expect(warnings.mock.calls.map(([warning]) => String(warning)).filter((text) => text.includes('sslmode') || text.includes('SSL'))).toEqual([]);
    } finally {
      warnings.mockRestore();
      database.close();
    }
  });

  it("spells out the SSL mode pg checks anyway ('require' as 'verify-full'), and leaves every other address alone", () => {
    expect(sslModeSpelledOut('postgres://club@db.example/club?sslmode=require')).toBe('postgres://club@db.example/club?sslmode=verify-full');
    expect(sslModeSpelledOut('postgresql://club@db.example:6543/club?sslmode=prefer&application_name=x')).toBe(
      'postgresql://club@db.example:6543/club?sslmode=verify-full&application_name=x',
    );
    for (const kept of ['postgres://club@db.example/club', 'postgres://club@db.example/club?sslmode=disable', 'postgres://club@db.example/club?sslmode=no-verify', '/srv/export'])
      expect(sslModeSpelledOut(kept)).toBe(kept);
  });

  it('a database that takes the connection and never answers is named as silent for the connect timeout\'s 10 s, not the queries\' time', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      await expect(readSource(`postgres://postgres@127.0.0.1:${port}/postgres`, 60_000)).rejects.toThrow(IMPORT_TEXTS.sourceUnreadable(IMPORT_TEXTS.noAnswer(10)));
    } finally {
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 30_000);
});
