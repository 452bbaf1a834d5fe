// The raw material of the benchmark's data set (generate-data.ts): a small
// deterministic random stream, German club vocabulary, and a few real WebP photos.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { VARIANT_WIDTHS } from '../../src/server/content/image-variants';

/** mulberry32: small, fast and deterministic */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    /** a version-4-shaped UUID drawn from the stream, so ids repeat run to run */
    uuid: () => {
      const bytes = Buffer.alloc(16);
      for (let i = 0; i < 16; i++) bytes[i] = Math.floor(next() * 256);
      bytes[6] = (bytes[6] & 0x0f) | 0x40;
      bytes[8] = (bytes[8] & 0x3f) | 0x80;
      const h = bytes.toString('hex');
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
  };
}
export type Rng = ReturnType<typeof prng>;

export const FIRST = ['Lukas', 'David', 'Tobias', 'Florian', 'Jakob', 'Maximilian', 'Elias', 'Felix', 'Simon', 'Paul', 'Jonas', 'Fabian', 'Stefan', 'Michael', 'Andreas', 'Matthias', 'Sebastian', 'Dominik', 'Julian', 'Moritz', 'Lena', 'Anna', 'Sarah', 'Laura', 'Katharina', 'Julia'];
export const LAST = ['Gruber', 'Huber', 'Wagner', 'Pichler', 'Moser', 'Mayer', 'Steiner', 'Hofer', 'Leitner', 'Berger', 'Fuchs', 'Eder', 'Fischer', 'Schmid', 'Winkler', 'Weber', 'Schwarz', 'Maier', 'Schneider', 'Reiter', 'Mayr', 'Brunner', 'Lang', 'Baumgartner', 'Auer', 'Binder', 'Lechner', 'Wolf', 'Wallner', 'Aigner'];
export const PLACES = ['Feldbach', 'Gleisdorf', 'Weiz', 'Fehring', 'Fürstenfeld', 'Hartberg', 'Ilz', 'Riegersburg', 'Paldau', 'Eggersdorf', 'Laßnitzhöhe', 'St. Margarethen', 'Kumberg', 'Pischelsdorf', 'Studenzen', 'Sinabelkirchen', 'Gnas', 'Kirchbach', 'Straden', 'Unterlamm'];
export const POSITIONS = ['Tor', 'Abwehr', 'Mittelfeld', 'Sturm'];
export const BENCH_COMPETITIONS = ['Oberliga Süd/Ost', 'Gebietsliga Ost', '1. Klasse Raabtal', 'Steirischer Cup', 'Reserve Oberliga'];
const WORDS = (
  'der die das und mit beim Spiel Mannschaft Trainer Saison Tor Tore Sieg Niederlage Remis Heimspiel Auswärtsspiel ' +
  'Zuschauer Kantine Nachwuchs Training Vorbereitung Punkte Tabelle Derby Kampfmannschaft Reserve Flanke Elfmeter ' +
  'Ecke zweiten Halbzeit ersten starke Leistung verdient knapp Sportplatz Verein Obmann Sponsoren Dank Fans Stimmung ' +
  'Rasen Regen Sonne Abend Wochenende Runde Herbst Frühjahr Meisterschaft Aufstieg Klassenerhalt Gegner Chance'
).split(' ');

export function sentence(rng: Rng, min = 6, max = 16): string {
  const n = rng.int(min, max);
  const words = Array.from({ length: n }, () => rng.pick(WORDS));
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

export function paragraph(rng: Rng, sentences: number): string {
  return Array.from({ length: sentences }, () => sentence(rng)).join(' ');
}

/** A few real WebP photos (gradients and shapes) the news, sponsors and shop use. */
export async function writeImages(uploadsDir: string, rng: Rng, count: number): Promise<string[]> {
  const dir = path.join(uploadsDir, 'bench');
  fs.mkdirSync(dir, { recursive: true });
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const hue = Math.round((360 / count) * i);
    const circles = Array.from(
      { length: 6 },
      () =>
        `<circle cx="${rng.int(0, 1200)}" cy="${rng.int(0, 675)}" r="${rng.int(40, 200)}" fill="hsl(${rng.int(0, 360)},60%,55%)" fill-opacity="0.55"/>`,
    ).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 80) % 360},70%,60%)"/></linearGradient></defs><rect width="1200" height="675" fill="url(#g)"/>${circles}<rect y="520" width="1200" height="155" fill="#0b1f4d" fill-opacity="0.6"/></svg>`;
    const base = `photo-${i + 1}`;
    const input = Buffer.from(svg);
    await sharp(input).webp({ quality: 78 }).toFile(path.join(dir, `${base}.webp`));
    // the copies an upload writes (services/uploads.ts), so the pages offer them in srcset as in production
    for (const width of VARIANT_WIDTHS) {
      await sharp(input).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toFile(path.join(dir, `${base}-${width}.webp`));
    }
    urls.push(`/uploads/bench/${base}.webp`);
  }
  return urls;
}
