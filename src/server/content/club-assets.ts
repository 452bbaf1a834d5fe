// The club's icons as the browser, the installed app and shared links show
// them, drawn from the crest (or, without one, a shield with the initials in the
// club's colours): favicon, app icons, the web app manifest. Published under
// /verein/ (and /favicon.ico) once a superadmin has saved 'Verein'; until then
// the build's own icons stand (docs/decisions/024-club-identity.md).
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { config } from '../config';
import { escapeXml } from '../../lib/xml-text';
import type { ClubIdentity } from './club';

/** What the published club assets are called, and what each one is. */
export const CLUB_ASSETS = ['icon-192.png', 'icon-512.png', 'maskable-512.png', 'apple-touch-icon.png', 'favicon.png', 'manifest.webmanifest'] as const;
export type ClubAsset = (typeof CLUB_ASSETS)[number];


/** A shield with the club's initials in its colours: the crest of a club that has none. */
export function initialsShieldSvg(club: Pick<ClubIdentity, 'initials' | 'primary' | 'secondary' | 'onPrimary'>): string {
  const size = club.initials.length > 3 ? 150 : 190;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <path d="M56 40H456V260C456 400 256 484 256 484C256 484 56 400 56 260Z" fill="${club.primary}" stroke="${club.secondary}" stroke-width="28"/>
  <text x="256" y="${300 + (size - 190) / 4}" text-anchor="middle" font-family="'DejaVu Sans', Arial, sans-serif" font-weight="bold" font-size="${size}" fill="${club.onPrimary}">${escapeXml(club.initials)}</text>
</svg>`;
}

/** The crest's file on disk, when it is one of our uploads. */
function crestFile(url: string | null): string | null {
  if (!url?.startsWith('/uploads/')) return null;
  const root = path.resolve(config.uploadsDir);
  const file = path.resolve(root, decodeURIComponent(url.slice('/uploads/'.length)));
  return file.startsWith(root + path.sep) && fs.existsSync(file) ? file : null;
}

/** The crest as image bytes: the uploaded PNG, or the initials shield drawn. */
export async function crestImage(club: ClubIdentity): Promise<Buffer> {
  const file = crestFile(club.crestUrl);
  if (file) return fs.promises.readFile(file);
  return sharp(Buffer.from(initialsShieldSvg(club))).png().toBuffer();
}

/** The crest as a data: URI, for drawing it into a share image. */
export async function crestDataUri(club: ClubIdentity): Promise<string | null> {
  const file = crestFile(club.crestUrl);
  if (!file) return null;
  // every share image of a publish draws the same crest: fitted once per crest file
  if (lastCrest?.file !== file) {
    const png = await sharp(await fs.promises.readFile(file)).resize(256, 256, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
    lastCrest = { file, uri: `data:image/png;base64,${png.toString('base64')}` };
  }
  return lastCrest.uri;
}

/** Crest files are uploads with random names, never rewritten: the file names the content. */
let lastCrest: { file: string; uri: string } | null = null;

/**
 * How an icon is laid out: 'any' the crest on transparency (browsers draw it on their own ground), 'maskable'
 * inside the safe zone on the primary colour, 'opaque' on white for the home screen of an iPhone, which fills
 * an apple-touch-icon's transparency with black (the crest stood on black once 'Verein' was saved).
 */
export type IconKind = 'any' | 'maskable' | 'opaque';

/** The crest fitted into a square icon of the kind. */
export async function appIcon(club: ClubIdentity, size: number, kind: IconKind = 'any'): Promise<Buffer> {
  const crest = await crestImage(club);
  const inner = Math.round(size * (kind === 'maskable' ? 0.62 : kind === 'opaque' ? 0.82 : 0.9));
  const fitted = await sharp(crest).resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
  const background = kind === 'maskable' ? club.primary : kind === 'opaque' ? '#ffffff' : { r: 0, g: 0, b: 0, alpha: 0 };
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: fitted, gravity: 'center' }])
    .png()
    .toBuffer();
}

/** 16, 32 and 48 px PNG images in one ICO file. */
export function packIco(pngs: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = 6 + 16 * pngs.length;
  const entries = pngs.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...pngs.map((p) => p.png)]);
}

export async function faviconIco(club: ClubIdentity): Promise<Buffer> {
  return packIco(await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await appIcon(club, size) }))));
}

/** The web app manifest with the club's names and colours and its icons. */
export function manifestJson(club: ClubIdentity, description: string): string {
  return JSON.stringify(
    {
      name: club.longName,
      short_name: club.shortName,
      description,
      lang: 'de',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      // the pages' theme-color: the readable variant, so that the installed app's bar is the browser's
      theme_color: club.primaryText,
      icons: [
        { src: '/verein/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/verein/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/verein/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    null,
    2,
  );
}

/** An Astro endpoint's answer for one club asset. */
export async function clubAssetResponse(name: string, club: ClubIdentity | null, description: string): Promise<Response> {
  const png = (body: Buffer) => new Response(new Uint8Array(body), { headers: { 'content-type': 'image/png' } });
  if (club) {
    if (name === 'icon-192.png') return png(await appIcon(club, 192));
    if (name === 'icon-512.png') return png(await appIcon(club, 512));
    if (name === 'maskable-512.png') return png(await appIcon(club, 512, 'maskable'));
    if (name === 'apple-touch-icon.png') return png(await appIcon(club, 180, 'opaque'));
    if (name === 'favicon.png') return png(await appIcon(club, 64));
    if (name === 'manifest.webmanifest') return new Response(manifestJson(club, description), { headers: { 'content-type': 'application/manifest+json' } });
    if (name === 'favicon.ico') return new Response(new Uint8Array(await faviconIco(club)), { headers: { 'content-type': 'image/x-icon' } });
  }
  return new Response('Nicht gefunden', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
