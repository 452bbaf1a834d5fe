// `node --import tsx scripts/favicon-ico.ts`: writes public/icons/favicon-default.ico (served as /favicon.ico until the club has its own, src/pages/favicon.ico.ts) (16, 32 and 48 px PNG
// images in an ICO container) from public/favicon.svg, for browsers and tools that
// ask for /favicon.ico whatever the page links. Run it again when the SVG changes.
import fs from 'node:fs';
import sharp from 'sharp';
import { packIco } from '../src/server/content/club-assets';

const svg = fs.readFileSync('public/favicon.svg');
const sizes = [16, 32, 48];
const pngs = await Promise.all(sizes.map((s) => sharp(svg, { density: 384 }).resize(s, s).png().toBuffer()));
fs.writeFileSync('public/icons/favicon-default.ico', packIco(sizes.map((size, i) => ({ size, png: pngs[i] }))));
console.info(`[favicon] public/icons/favicon-default.ico: ${fs.statSync('public/icons/favicon-default.ico').size} bytes`);
