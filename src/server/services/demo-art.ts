// Drawing kit of the demo club's generated pictures (demo-images.ts): a seeded
// random source, the club colours, crests, and people drawn as flat SVG
// illustrations (a portrait, a figure in a team photo). Pure string building:
// the same seed gives the same SVG, byte for byte.

export const COLOURS = {
  blue: '#1e40af',
  blueDark: '#1e3a8a',
  blueLight: '#3b82f6',
  gold: '#facc15',
  goldDark: '#ca8a04',
  ink: '#0f172a',
  white: '#ffffff',
} as const;

export const FONT = 'DejaVu Sans, Arial, Helvetica, sans-serif';

export type Random = () => number;

/** A small deterministic generator (FNV-1a of the seed, then mulberry32). */
export function seeded(seed: string): Random {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = Math.imul(h ^ (h >>> 15), h | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)];
export const between = (r: Random, min: number, max: number) => min + r() * (max - min);
/** Numbers in the SVG with at most one decimal: shorter, and the same everywhere. */
export const n = (value: number) => String(Math.round(value * 10) / 10);

/** Text for an SVG text node or attribute. */
export const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A colour lighter (f > 0) or darker (f < 0) by the share f. */
export function shade(hex: string, f: number): string {
  const v = parseInt(hex.slice(1), 16);
  const channel = (c: number) => Math.round(f < 0 ? c * (1 + f) : c + (255 - c) * f);
  const [r, g, b] = [v >> 16, (v >> 8) & 255, v & 255].map(channel);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

export const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

export const gradient = (id: string, from: string, to: string, vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;

export type CrestOptions = { field: string; accent: string; ink: string; letters: string; year?: string; title: string };

/** A shield: a band with the letters, a ball, and two waves (the Raab) below. */
export function crestSvg(o: CrestOptions): string {
  const pentagon = (cx: number, cy: number, r: number) =>
    Array.from({ length: 5 }, (_, i) => {
      const a = (-90 + i * 72) * (Math.PI / 180);
      return `${n(cx + r * Math.cos(a))},${n(cy + r * Math.sin(a))}`;
    });
  const spokes = pentagon(100, 140, 12).map((p, i) => {
    const [x, y] = p.split(',').map(Number);
    const [ex, ey] = pentagon(100, 140, 29)[i].split(',').map(Number);
    return `M${x} ${y}L${ex} ${ey}`;
  });
  const year = o.year
    ? `<text x="50" y="148" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="17" fill="${o.accent}">${esc(o.year.slice(0, 2))}</text>` +
      `<text x="150" y="148" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="17" fill="${o.accent}">${esc(o.year.slice(2))}</text>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 240" width="200" height="240" role="img"><title>${esc(o.title)}</title>` +
    `<path d="M100 6L188 30V112C188 172 150 210 100 234C50 210 12 172 12 112V30Z" fill="${o.accent}"/>` +
    `<path d="M100 18L176 39V112C176 164 143 197 100 219C57 197 24 164 24 112V39Z" fill="${o.field}"/>` +
    `<path d="M100 18L176 39V84H24V39Z" fill="${o.accent}"/>` +
    `<text x="100" y="72" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${o.letters.length > 3 ? 26 : 34}" letter-spacing="2" fill="${o.field}">${esc(o.letters)}</text>` +
    `<circle cx="100" cy="140" r="30" fill="#ffffff" stroke="${o.ink}" stroke-width="3"/>` +
    `<polygon points="${pentagon(100, 140, 12).join(' ')}" fill="${o.ink}"/>` +
    `<path d="${spokes.join('')}" stroke="${o.ink}" stroke-width="3" fill="none"/>` +
    year +
    `<path d="M44 186Q72 174 100 186T156 186" stroke="${o.accent}" stroke-width="7" fill="none" stroke-linecap="round"/>` +
    `<path d="M60 204Q80 195 100 204T140 204" stroke="${o.accent}" stroke-width="6" fill="none" stroke-linecap="round"/>` +
    `</svg>`
  );
}

/** The demo club's crest (SV Kirchberg an der Raab, blue and gold): plain shapes and text, no script, links, styles or images. */
export function demoCrestSvg(): string {
  return crestSvg({ field: COLOURS.blue, accent: COLOURS.gold, ink: COLOURS.ink, letters: 'SVK', year: '1948', title: 'SV Kirchberg an der Raab' });
}

const SKIN = ['#f6d7c3', '#eec1a0', '#e0a987', '#c68a62', '#a86b47', '#7d4a2f', '#5c3521'] as const;
const HAIR = ['#1c1410', '#3b2616', '#5a3a22', '#8a5a2b', '#b98a4e', '#d9bb7b', '#6b6b6b'] as const;
const STYLES = ['short', 'side', 'curly', 'buzz', 'short', 'side', 'bald'] as const;
const LONG_STYLES = ['long', 'ponytail', 'bun'] as const;

export type Look = { skin: string; hair: string; style: (typeof STYLES)[number] | (typeof LONG_STYLES)[number]; beard: boolean };

/** Skin, hair and hair style from the seed; long hair for the women's team, grey and beards only for adults. */
export function lookFor(r: Random, o: { long?: boolean; adult?: boolean }): Look {
  const skin = pick(r, SKIN);
  const hair = o.adult ? pick(r, HAIR) : pick(r, HAIR.slice(0, 6));
  const style = o.long ? pick(r, LONG_STYLES) : pick(r, STYLES.slice(0, o.adult ? 7 : 6));
  return { skin, hair, style, beard: !o.long && !!o.adult && r() < 0.3 };
}

/**
 * Hair around a head at (cx, cy) with radii (rx, ry): the part behind the head
 * (drawn before it) and the part in front.
 */
export function hairFor(look: Look, cx: number, cy: number, rx: number, ry: number): { back: string; front: string } {
  const top = cy - ry;
  const cap = (thickness: number) =>
    `<path d="M${n(cx - rx * 1.02)} ${n(cy - ry * 0.05)}C${n(cx - rx * 1.05)} ${n(top - ry * 0.12)} ${n(cx + rx * 1.05)} ${n(top - ry * 0.12)} ${n(cx + rx * 1.02)} ${n(cy - ry * 0.05)}` +
    `C${n(cx + rx * 0.8)} ${n(top + ry * thickness)} ${n(cx - rx * 0.8)} ${n(top + ry * thickness)} ${n(cx - rx * 1.02)} ${n(cy - ry * 0.05)}Z" fill="${look.hair}"/>`;
  const long = `<path d="M${n(cx - rx * 1.1)} ${n(cy)}C${n(cx - rx * 1.2)} ${n(top - ry * 0.1)} ${n(cx + rx * 1.2)} ${n(top - ry * 0.1)} ${n(cx + rx * 1.1)} ${n(cy)}L${n(cx + rx * 1.2)} ${n(cy + ry * 1.45)}Q${n(cx)} ${n(cy + ry * 1.65)} ${n(cx - rx * 1.2)} ${n(cy + ry * 1.45)}Z" fill="${look.hair}"/>`;
  switch (look.style) {
    case 'short':
      return { back: '', front: cap(0.6) };
    case 'buzz':
      return { back: '', front: cap(0.4).replace('/>', ' opacity="0.85"/>') };
    case 'side':
      return { back: '', front: cap(0.5) + `<path d="M${n(cx - rx)} ${n(top + ry * 0.35)}Q${n(cx + rx * 0.3)} ${n(top - ry * 0.2)} ${n(cx + rx * 1.02)} ${n(top + ry * 0.55)}L${n(cx + rx)} ${n(top + ry * 0.3)}Q${n(cx)} ${n(top - ry * 0.25)} ${n(cx - rx)} ${n(top + ry * 0.35)}Z" fill="${look.hair}"/>` };
    case 'curly': {
      const curls = Array.from({ length: 9 }, (_, i) => {
        const a = Math.PI * (1.05 + (i / 8) * 0.9);
        return `<circle cx="${n(cx + rx * 0.95 * Math.cos(a))}" cy="${n(cy + ry * 0.85 * Math.sin(a))}" r="${n(rx * 0.3)}" fill="${look.hair}"/>`;
      });
      return { back: '', front: cap(0.4) + curls.join('') };
    }
    case 'long':
      return { back: long, front: cap(0.4) };
    case 'ponytail':
      return { back: `<ellipse cx="${n(cx + rx * 1.05)}" cy="${n(cy + ry * 0.5)}" rx="${n(rx * 0.32)}" ry="${n(ry * 0.75)}" fill="${look.hair}"/>`, front: cap(0.42) };
    case 'bun':
      return { back: `<circle cx="${n(cx)}" cy="${n(top - ry * 0.05)}" r="${n(rx * 0.42)}" fill="${look.hair}"/>`, front: cap(0.42) };
    default:
      return { back: '', front: '' };
  }
}

export type Kit = { shirt: string; trim: string; shorts: string };
export const HOME_KIT: Kit = { shirt: COLOURS.blue, trim: COLOURS.gold, shorts: COLOURS.white };
export const KEEPER_KITS: Kit[] = [
  { shirt: '#15803d', trim: '#bbf7d0', shorts: '#14532d' },
  { shirt: '#ea580c', trim: '#1f2937', shorts: '#1f2937' },
];
export const COACH_KIT: Kit = { shirt: '#1f2937', trim: COLOURS.gold, shorts: '#1f2937' };

/** A player or coach from the chest up, 800 × 800: face, hair, kit, number (large behind, small on the chest). */
export function portraitSvg(r: Random, o: { kit: Kit; number: number | null; look: Look }): string {
  const { kit, look } = o;
  const skinShade = shade(look.skin, -0.18);
  const hair = hairFor(look, 400, 350, 112, 136);
  const stripes = Array.from({ length: 6 }, (_, i) => {
    const x = -200 + i * 220 + between(r, -20, 20);
    return `<path d="M${n(x)} 800L${n(x + 420)} 0H${n(x + 500)}L${n(x + 80)} 800Z" fill="#ffffff" opacity="0.05"/>`;
  });
  const number = o.number == null ? '' : String(o.number);
  const face =
    `<ellipse cx="355" cy="362" rx="11" ry="13" fill="#1f2937"/><ellipse cx="445" cy="362" rx="11" ry="13" fill="#1f2937"/>` +
    `<path d="M330 ${n(328 + between(r, -4, 4))}Q355 316 380 330M420 330Q445 316 470 ${n(328 + between(r, -4, 4))}" stroke="${shade(look.hair, -0.1)}" stroke-width="8" stroke-linecap="round" fill="none"/>` +
    `<path d="M400 372Q392 405 408 410" stroke="${skinShade}" stroke-width="6" stroke-linecap="round" fill="none"/>` +
    `<path d="M362 ${n(438)}Q400 ${n(458 + between(r, 0, 10))} 438 438" stroke="#7c2d12" stroke-width="7" stroke-linecap="round" fill="none"/>`;
  const beard = look.beard
    ? `<path d="M290 380C295 470 340 500 400 500C460 500 505 470 510 380C490 440 455 455 400 455C345 455 310 440 290 380Z" fill="${look.hair}" opacity="0.9"/>`
    : '';
  const coach = kit === COACH_KIT;
  const chest = coach
    ? `<path d="M400 560V800" stroke="${kit.trim}" stroke-width="6"/><path d="M480 660l22 -8l22 8v22c0 18 -10 28 -22 34c-12 -6 -22 -16 -22 -34z" fill="${COLOURS.gold}"/>`
    : `<text x="520" y="720" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="64" fill="${kit.trim}">${number}</text>` +
      `<path d="M270 660l22 -8l22 8v22c0 18 -10 28 -22 34c-12 -6 -22 -16 -22 -34z" fill="${COLOURS.gold}" stroke="${COLOURS.blueDark}" stroke-width="3"/>`;
  return svg(
    800,
    800,
    `<defs>${gradient('bg', COLOURS.blueDark, shade(COLOURS.blueLight, -0.1), false)}</defs>` +
      `<rect width="800" height="800" fill="url(#bg)"/>${stripes.join('')}` +
      (number ? `<text x="400" y="610" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="520" fill="${COLOURS.gold}" opacity="0.16">${number}</text>` : '') +
      hair.back +
      `<path d="M352 460H448V590H352Z" fill="${skinShade}"/>` +
      `<path d="M110 800C120 650 210 595 330 575L400 610L470 575C590 595 680 650 690 800Z" fill="${kit.shirt}"/>` +
      `<path d="M330 575L400 640L470 575L452 570L400 612L348 570Z" fill="${kit.trim}"/>` +
      `<path d="M150 700C165 650 200 620 240 605" stroke="${kit.trim}" stroke-width="10" fill="none" opacity="0.8"/>` +
      `<path d="M650 700C635 650 600 620 560 605" stroke="${kit.trim}" stroke-width="10" fill="none" opacity="0.8"/>` +
      chest +
      `<ellipse cx="288" cy="370" rx="20" ry="30" fill="${skinShade}"/><ellipse cx="512" cy="370" rx="20" ry="30" fill="${skinShade}"/>` +
      `<ellipse cx="400" cy="350" rx="112" ry="136" fill="${look.skin}"/>` +
      beard +
      face +
      hair.front,
  );
}

/** A standing figure of a team photo, feet at (cx, foot), `h` tall, arms folded or at the sides. */
export function figureSvg(r: Random, o: { cx: number; foot: number; h: number; kit: Kit; look: Look; number?: number | null }): string {
  const { cx, foot, h, kit, look } = o;
  const headR = h * 0.075;
  const headY = foot - h + headR;
  const shoulder = foot - h * 0.8;
  const waist = foot - h * 0.5;
  const hip = foot - h * 0.38;
  const w = h * 0.14;
  const hair = hairFor(look, cx, headY, headR, headR * 1.15);
  const arms = r() < 0.5;
  return (
    `<ellipse cx="${n(cx)}" cy="${n(foot)}" rx="${n(w * 1.3)}" ry="${n(h * 0.025)}" fill="#000000" opacity="0.18"/>` +
    `<path d="M${n(cx - w * 0.55)} ${n(hip)}h${n(w * 0.45)}v${n(h * 0.38)}h${n(-w * 0.45)}ZM${n(cx + w * 0.1)} ${n(hip)}h${n(w * 0.45)}v${n(h * 0.38)}h${n(-w * 0.45)}Z" fill="${look.skin}"/>` +
    `<path d="M${n(cx - w * 0.57)} ${n(foot - h * 0.2)}h${n(w * 0.49)}v${n(h * 0.2)}h${n(-w * 0.49)}ZM${n(cx + w * 0.08)} ${n(foot - h * 0.2)}h${n(w * 0.49)}v${n(h * 0.2)}h${n(-w * 0.49)}Z" fill="${kit.shirt}"/>` +
    hair.back +
    `<path d="M${n(cx - w)} ${n(shoulder + h * 0.03)}Q${n(cx)} ${n(shoulder - h * 0.03)} ${n(cx + w)} ${n(shoulder + h * 0.03)}L${n(cx + w * 0.75)} ${n(waist)}H${n(cx - w * 0.75)}Z" fill="${kit.shirt}"/>` +
    `<path d="M${n(cx - w * 0.78)} ${n(waist)}H${n(cx + w * 0.78)}L${n(cx + w * 0.6)} ${n(hip + h * 0.02)}H${n(cx - w * 0.6)}Z" fill="${kit.shorts}"/>` +
    (arms
      ? `<path d="M${n(cx - w * 0.8)} ${n(shoulder + h * 0.15)}H${n(cx + w * 0.8)}v${n(h * 0.07)}H${n(cx - w * 0.8)}Z" fill="${shade(kit.shirt, -0.15)}"/>`
      : `<path d="M${n(cx - w * 1.05)} ${n(shoulder + h * 0.04)}l${n(-w * 0.2)} ${n(h * 0.3)}h${n(w * 0.22)}l${n(w * 0.15)} ${n(-h * 0.26)}ZM${n(cx + w * 1.05)} ${n(shoulder + h * 0.04)}l${n(w * 0.2)} ${n(h * 0.3)}h${n(-w * 0.22)}l${n(-w * 0.15)} ${n(-h * 0.26)}Z" fill="${look.skin}"/>`) +
    `<path d="M${n(cx - w * 0.35)} ${n(shoulder - h * 0.01)}L${n(cx)} ${n(shoulder + h * 0.06)}L${n(cx + w * 0.35)} ${n(shoulder - h * 0.01)}" stroke="${kit.trim}" stroke-width="${n(h * 0.015)}" fill="none"/>` +
    (o.number != null ? `<text x="${n(cx)}" y="${n(shoulder + h * 0.22)}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${n(h * 0.08)}" fill="${kit.trim}">${o.number}</text>` : '') +
    `<rect x="${n(cx - headR * 0.4)}" y="${n(headY + headR * 0.8)}" width="${n(headR * 0.8)}" height="${n(headR * 0.6)}" fill="${shade(look.skin, -0.15)}"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(headY)}" rx="${n(headR)}" ry="${n(headR * 1.15)}" fill="${look.skin}"/>` +
    hair.front
  );
}
