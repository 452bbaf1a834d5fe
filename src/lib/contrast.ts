// Contrast of colours as WCAG 2.1 measures it (relative luminance, 1.4.3): the
// club's colours are checked when chosen, and where a colour is not readable a
// variant is used that is (darker on white, or white/black text on it).
export type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('')}`;
}

function luminance([r, g, b]: Rgb): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [parseHex(a), parseHex(b)];
  if (!x || !y) return 1;
  const [l1, l2] = [luminance(x), luminance(y)].sort((p, q) => q - p);
  return (l1 + 0.05) / (l2 + 0.05);
}

/** --color-surface-muted of src/styles/tokens.css: the greyest ground that carries primary-coloured text. */
export const SURFACE_MUTED = '#f3f4f6';

/** AA for normal text. */
export const AA = 4.5;

/** White or near-black, whichever reads better on `background`. */
export function textOn(background: string): string {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#111827') ? '#ffffff' : '#111827';
}

/** `colour`, darkened step by step until it reaches AA against `background` (links and headings on white). */
export function readableOn(colour: string, background = '#ffffff'): string {
  let rgb = parseHex(colour);
  if (!rgb) return '#1e40af';
  for (let i = 0; i < 40 && contrastRatio(toHex(rgb), background) < AA; i++) rgb = rgb.map((v) => v * 0.92) as Rgb;
  return toHex(rgb);
}

/** '4,5:1' as the admin reads it; a ratio under AA is cut, not rounded: 4.48 read as the 4,5:1 it lacks. */
export function formatRatio(ratio: number): string {
  const rounded = Math.round(ratio * 10) / 10;
  const shown = ratio < AA && rounded >= AA ? Math.floor(ratio * 10) / 10 : rounded;
  return `${shown.toFixed(1).replace('.', ',')}:1`;
}
