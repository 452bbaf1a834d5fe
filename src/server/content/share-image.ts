// Share images (Open Graph, 1200×630 PNG) for pages without a photo of their
// own: the club's colours and crest, the page's kicker and title, drawn as SVG
// and rendered by sharp at publish time (docs/decisions/023-share-images.md).
// Rendered once per content: the PNG is kept under DATA_DIR/cache/share by the
// hash of its SVG, so a republish of an unchanged page costs a file read (share-cache.ts).
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { cachedSharePng, keepSharePng } from './share-cache';
import { textOn } from '../../lib/contrast';
import { escapeXml } from '../../lib/xml-text';
import { textHead } from '../../lib/text';
import { DEFAULT_CLUB_SETTINGS, clubIdentity, identityOf, type ClubIdentity } from './club';
import { crestDataUri } from './club-assets';
import { SHARE_IMAGE } from './share';


/** What a share image shows; the club part comes from the club's identity. */
export type ShareImageContent = { kicker: string; title: string };

/** The club's look as the share images draw it: from 'Verein' (src/server/content/club.ts). */
export type ShareIdentity = { name: string; initials: string; primary: string; onPrimary: string; secondary: string; host: string; crest: string | null };

export function shareIdentityOf(club: ClubIdentity, host: string, crest: string | null = null): ShareIdentity {
  return { name: club.longName, initials: club.initials, primary: club.primaryText, onPrimary: textOn(club.primaryText), secondary: club.secondary, host, crest };
}

/** The built-in club's share identity (before 'Verein' is saved). */
export function defaultShareIdentity(host: string): ShareIdentity {
  return shareIdentityOf(identityOf(DEFAULT_CLUB_SETTINGS), host);
}


/** Words into at most `maxLines` lines of about `perLine` characters; the last one ends in '…' when cut. */
export function wrapTitle(title: string, perLine: number, maxLines: number): string[] {
  const words = title.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const piece = word.length > perLine ? `${textHead(word, perLine - 1)}…` : word;
    if (!line) line = piece;
    else if (line.length + 1 + piece.length <= perLine) line += ` ${piece}`;
    else {
      lines.push(line);
      line = piece;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1];
  kept[maxLines - 1] = `${last.length >= perLine ? textHead(last, perLine - 1) : last}…`;
  return kept;
}

/** DejaVu Sans Bold's width of a character, in em (the title's rule above). */
const BOLD_EM = 0.63;
/** Where the club's name ends: the secondary stripe's edge at the name's height is about x 780. */
const NAME_WIDTH = 760 - 72;

/**
 * The club's name at the foot, by how long it is: 34 px on one line while it fits; smaller down to 26 px; two
 * lines of 26 px for a longer one ('USV Raiffeisen Sankt Johann im Saggautal Sektion Fußball 1925' ran into the
 * stripe, white on near white, and its year off the image). `y` is counted up from the image's foot.
 */
export function clubNameLines(name: string): { text: string; y: number; size: number }[] {
  const fitting = Math.floor(NAME_WIDTH / (BOLD_EM * Math.max(1, name.length)));
  if (fitting >= 26) return [{ text: name, y: 88, size: Math.min(34, fitting) }];
  const [first, second] = wrapTitle(name, Math.floor(NAME_WIDTH / (BOLD_EM * 26)), 2);
  return second === undefined ? [{ text: first, y: 88, size: 26 }] : [{ text: first, y: 112, size: 26 }, { text: second, y: 80, size: 26 }];
}

/** The share image as SVG: coloured ground, a shield with the initials, kicker, title, club and host. */
export function shareImageSvg(content: ShareImageContent, club: ShareIdentity): string {
  const { width, height } = SHARE_IMAGE;
  // DejaVu Sans Bold is about 0.63 em a character: the lines stay left of the stripe (about 740 px)
  const long = content.title.length > 36;
  const lines = wrapTitle(content.title, long ? 22 : 18, 3);
  const size = long ? 52 : 64;
  const top = 250 - ((lines.length - 1) * size * 1.15) / 2;
  const font = "font-family=\"'DejaVu Sans', 'Liberation Sans', Arial, sans-serif\"";
  // translucency as fill-opacity, never opacity: each element is one fill, and opacity would make librsvg
  // draw it on a 1200×630 layer of its own first (a sixth of the image's time; decision 023, update of 11-28)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${club.primary}"/>
  <path d="M${width - 300} 0H${width}V${height}H${width - 440}Z" fill="${club.secondary}" fill-opacity="0.9"/>
  <path d="M${width - 230} 0H${width}V${height}H${width - 370}Z" fill="#000" fill-opacity="0.12"/>
  ${
    club.crest
      ? `<image x="${width - 290}" y="165" width="260" height="260" href="${club.crest}" preserveAspectRatio="xMidYMid meet"/>`
      : `<g transform="translate(${width - 270} 175)">
    <path d="M0 0H220V150C220 230 110 280 110 280C110 280 0 230 0 150Z" fill="#fff" stroke="${club.primary}" stroke-width="10"/>
    <text x="110" y="150" text-anchor="middle" ${font} font-size="${club.initials.length > 3 ? 52 : 64}" font-weight="bold" fill="${club.primary}">${escapeXml(club.initials)}</text>
  </g>`
  }
  <text x="72" y="110" ${font} font-size="30" font-weight="bold" fill="${club.onPrimary}" fill-opacity="0.85" letter-spacing="2">${escapeXml(content.kicker.toUpperCase())}</text>
  ${lines
    .map((line, i) => `<text x="72" y="${Math.round(top + i * size * 1.15)}" ${font} font-size="${size}" font-weight="bold" fill="${club.onPrimary}">${escapeXml(line)}</text>`)
    .join('\n  ')}
  <rect x="72" y="${height - 150}" width="120" height="8" fill="${club.secondary}"/>
  ${clubNameLines(club.name)
    .map(({ text, y, size: nameSize }) => `<text x="72" y="${height - y}" ${font} font-size="${nameSize}" font-weight="bold" fill="${club.onPrimary}">${escapeXml(text)}</text>`)
    .join('\n  ')}
  <text x="72" y="${height - 44}" ${font} font-size="26" fill="${club.onPrimary}" fill-opacity="0.8">${escapeXml(club.host)}</text>
</svg>`;
}

/**
 * The SVG as the PNG a share image is. Full colour at zlib level 3 without adaptive filtering:
 * quantising to a palette made the file a quarter of the size (17 KB instead of 65) but cost about
 * 200 ms per image instead of 15, and a club's first publish renders a few hundred of them. Level 6
 * with filtering took 24.5 ms for 66 KB, this 18.3 ms for 72 KB, where drawing the SVG alone takes
 * 16.6 ms (issue 16; docs/decisions/023, updates). Crawlers fetch a share image once; 72 KB is well
 * inside every platform's limit. Without the alpha channel librsvg draws (the image is opaque; a crest's
 * transparency is drawn onto the ground inside the SVG): 63 KB instead of 74, in the same time (10.4 against
 * 10.6 ms, 7 rounds of 60 images, 2026-12-03).
 */
export function renderSharePng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).removeAlpha().png({ compressionLevel: 3, adaptiveFiltering: false, palette: false }).toBuffer();
}

/** The PNG for this content, from the cache when the same image was rendered before (share-cache.ts). */
export async function shareImagePng(content: ShareImageContent, club: ShareIdentity): Promise<Buffer> {
  const svg = shareImageSvg(content, club);
  const cached = await cachedSharePng(svg);
  if (cached) return cached;
  const png = await renderSharePng(svg);
  await keepSharePng(svg, png);
  return png;
}

/**
 * A share image's address as pages name it (og:image): with a version that changes with what the image shows
 * (its content, the club's look, the crest's address, the host). Facebook, WhatsApp and X keep a preview by the
 * image's URL: a match shared before kick-off showed 'A – B' for ever after the final whistle. The file itself
 * stays at the bare path; every host ignores the query.
 */
export function versionedShareImage(pathname: string, content: ShareImageContent | null, host: string): string {
  if (!content) return pathname;
  const club = clubIdentity();
  const shown = JSON.stringify([content.kicker, content.title, shareIdentityOf(club, host), club.crestUrl]);
  return `${pathname}?v=${createHash('sha256').update(shown).digest('hex').slice(0, 10)}`;
}

/** An Astro endpoint's answer: the PNG, or 404 when there is nothing to show. */
export async function shareImageResponse(content: ShareImageContent | null, host: string): Promise<Response> {
  if (!content) return new Response('Nicht gefunden', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const club = clubIdentity();
  const png = await shareImagePng(content, shareIdentityOf(club, host, await crestDataUri(club)));
  return new Response(new Uint8Array(png), { headers: { 'content-type': 'image/png' } });
}
