// Scenes of the demo club's generated pictures (demo-images.ts), drawn as flat
// SVG illustrations 1600 × 900: the team photo, match and club-life scenes for
// the news, the home page's background, and sponsor logos (480 × 240).
import {
  COACH_KIT,
  COLOURS,
  FONT,
  HOME_KIT,
  between,
  esc,
  figureSvg,
  gradient,
  lookFor,
  n,
  pick,
  shade,
  svg,
  type Kit,
  type Look,
  type Random,
} from './demo-art';

const W = 1600;
const H = 900;
const GRASS = ['#3f9b4b', '#37904a'] as const;
const AWAY_KIT: Kit = { shirt: '#dc2626', trim: COLOURS.white, shorts: '#111827' };

type Sky = 'day' | 'dusk' | 'night';
const SKIES: Record<Sky, [string, string]> = {
  day: ['#7cb7ef', '#d8ecfb'],
  dusk: ['#1e3a8a', '#f59e0b'],
  night: ['#020617', '#1e293b'],
};

/** Sky, rolling hills with trees, and the pitch from `horizon` down in mown stripes. */
function landscape(r: Random, sky: Sky, horizon: number): string {
  const hill = (base: number, amp: number, colour: string) => {
    let d = `M0 ${n(base)}`;
    for (let x = 0; x <= W; x += 200) d += `Q${n(x + 100)} ${n(base - between(r, 0, amp))} ${n(x + 200)} ${n(base - between(r, 0, amp / 2))}`;
    return `<path d="${d}V${horizon}H0Z" fill="${colour}"/>`;
  };
  const dark = sky === 'night';
  const trees = Array.from({ length: 26 }, (_, i) => {
    const x = i * 64 + between(r, -20, 20);
    const s = between(r, 26, 46);
    return `<ellipse cx="${n(x)}" cy="${n(horizon - s * 0.9)}" rx="${n(s * 0.7)}" ry="${n(s)}" fill="${dark ? '#0b2a17' : pick(r, ['#2f6b3a', '#3a7d44', '#285c33'])}"/>`;
  });
  const bands = Array.from({ length: 8 }, (_, i) => {
    const y0 = horizon + ((H - horizon) * (i * i)) / 64;
    const y1 = horizon + ((H - horizon) * ((i + 1) * (i + 1))) / 64;
    return `<rect x="0" y="${n(y0)}" width="${W}" height="${n(y1 - y0 + 1)}" fill="${dark ? shade(GRASS[i % 2], -0.35) : GRASS[i % 2]}"/>`;
  });
  return (
    `<defs>${gradient('sky', ...SKIES[sky])}</defs><rect width="${W}" height="${H}" fill="url(#sky)"/>` +
    hill(horizon - 90, 120, dark ? '#0f2417' : '#8fbf7a') +
    hill(horizon - 30, 70, dark ? '#132e1d' : '#6fa862') +
    trees.join('') +
    bands.join('') +
    `<path d="M0 ${horizon + 14}H${W}" stroke="#ffffff" stroke-width="5" opacity="${dark ? 0.5 : 0.85}"/>`
  );
}

/** The boards along the touchline, in the sponsors' colours. */
function boards(r: Random, y: number): string {
  const colours = ['#1e40af', '#facc15', '#b91c1c', '#15803d', '#ffffff', '#0f766e', '#7c3aed'];
  return Array.from({ length: 8 }, (_, i) => {
    const c = pick(r, colours);
    return `<rect x="${i * 200 + 4}" y="${y}" width="192" height="42" fill="${c}"/><rect x="${i * 200 + 40}" y="${y + 15}" width="${n(between(r, 60, 120))}" height="12" fill="${c === '#ffffff' || c === '#facc15' ? '#1f2937' : '#ffffff'}" opacity="0.85"/>`;
  }).join('');
}

export type TeamMember = { kit: Kit; look: Look; number: number | null };

/** The team photo: the squad in two rows on the pitch, the banner with the team's name in front. */
export function teamPhotoSvg(r: Random, o: { team: string; members: TeamMember[]; youth?: boolean }): string {
  const back = o.members.slice(0, Math.ceil(o.members.length / 2));
  const front = o.members.slice(back.length);
  const scale = o.youth ? 0.86 : 1;
  const row = (list: TeamMember[], foot: number, h: number) =>
    list
      .map((m, i) => {
        const gap = Math.min(150, 1400 / list.length);
        const cx = W / 2 + (i - (list.length - 1) / 2) * gap;
        return figureSvg(r, { cx, foot, h: h * scale * between(r, 0.96, 1.04), kit: m.kit, look: m.look, number: m.kit === COACH_KIT ? null : m.number });
      })
      .join('');
  const label = `SV KIRCHBERG · ${o.team.toUpperCase()}`;
  return svg(
    W,
    H,
    landscape(r, 'day', 440) +
      boards(r, 400) +
      row(back, 790, 430) +
      row(front, 930, 400) +
      `<rect x="250" y="790" width="1100" height="80" rx="8" fill="${COLOURS.blue}"/><rect x="250" y="790" width="1100" height="10" fill="${COLOURS.gold}"/>` +
      `<text x="800" y="848" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="40" letter-spacing="3" fill="#ffffff">${esc(label)}</text>`,
  );
}

const ball = (cx: number, cy: number, rad: number) =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rad)}" fill="#ffffff" stroke="#111827" stroke-width="${n(rad * 0.12)}"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rad * 0.38)}" fill="#111827"/>`;

/** People on a stand: rows of heads and shoulders in many colours. */
function crowd(r: Random, top: number, rows: number): string {
  let out = `<rect x="0" y="${top}" width="${W}" height="${rows * 34 + 20}" fill="#64748b"/>`;
  for (let j = 0; j < rows; j++)
    for (let x = 10 + (j % 2) * 14; x < W; x += 28) {
      const y = top + 22 + j * 34;
      out += `<rect x="${x - 11}" y="${y}" width="22" height="20" rx="6" fill="${pick(r, ['#1e40af', '#facc15', '#dc2626', '#e5e7eb', '#1f2937', '#3b82f6'])}"/><circle cx="${x}" cy="${y - 4}" r="8" fill="${pick(r, ['#f6d7c3', '#e0a987', '#a86b47', '#eec1a0'])}"/>`;
    }
  return out;
}

const goal = (x: number, y: number, w: number, h: number) =>
  `<path d="M${x} ${y + h}V${y}H${x + w}V${y + h}" stroke="#ffffff" stroke-width="12" fill="none"/>` +
  `<path d="${Array.from({ length: Math.floor(w / 30) }, (_, i) => `M${x + 15 + i * 30} ${y}V${y + h}`).join('')}${Array.from({ length: Math.floor(h / 30) }, (_, i) => `M${x} ${y + 15 + i * 30}H${x + w}`).join('')}" stroke="#ffffff" stroke-width="2" opacity="0.5"/>`;

const players = (r: Random, list: { x: number; foot: number; h: number; kit: Kit }[]) =>
  list.map((p) => figureSvg(r, { cx: p.x, foot: p.foot, h: p.h, kit: p.kit, look: lookFor(r, { adult: true }), number: Math.floor(between(r, 2, 24)) })).join('');

function matchScene(r: Random): string {
  return (
    landscape(r, 'day', 360) +
    crowd(r, 150, 5) +
    boards(r, 330) +
    goal(1180, 330, 360, 170) +
    players(r, [
      { x: 1360, foot: 520, h: 230, kit: { shirt: '#16a34a', trim: '#ffffff', shorts: '#14532d' } },
      { x: 1040, foot: 640, h: 330, kit: AWAY_KIT },
      { x: 300, foot: 700, h: 380, kit: HOME_KIT },
      { x: 620, foot: 820, h: 470, kit: HOME_KIT },
      { x: 880, foot: 760, h: 420, kit: AWAY_KIT },
    ]) +
    ball(1100, between(r, 330, 420), 26)
  );
}

function trophyScene(r: Random): string {
  const confetti = Array.from({ length: 90 }, () => {
    const x = between(r, 0, W);
    const y = between(r, 0, H);
    return `<rect x="${n(x)}" y="${n(y)}" width="14" height="7" fill="${pick(r, [COLOURS.gold, '#ffffff', COLOURS.blueLight])}" transform="rotate(${n(between(r, 0, 180))} ${n(x)} ${n(y)})"/>`;
  });
  const gold = COLOURS.gold;
  return (
    `<defs>${gradient('bg', COLOURS.blueDark, '#020617')}${gradient('cup', '#fde68a', COLOURS.goldDark, false)}</defs><rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    `<path d="M620 0H980L1180 900H420Z" fill="#ffffff" opacity="0.08"/>` +
    confetti.join('') +
    `<path d="M560 250C470 250 470 420 640 440M1040 250C1130 250 1130 420 960 440" stroke="${gold}" stroke-width="28" fill="none"/>` +
    `<path d="M600 200H1000C1000 420 900 520 800 530C700 520 600 420 600 200Z" fill="url(#cup)"/>` +
    `<path d="M770 530H830V640H770Z" fill="${COLOURS.goldDark}"/><path d="M690 640H910L940 700H660Z" fill="url(#cup)"/>` +
    `<rect x="620" y="700" width="360" height="120" rx="10" fill="#3f2a12"/><rect x="680" y="730" width="240" height="60" rx="6" fill="${gold}"/>` +
    `<text x="800" y="772" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="24" fill="#3f2a12">SV KIRCHBERG</text>` +
    `<path d="M660 240C680 330 700 380 740 420" stroke="#ffffff" stroke-width="16" opacity="0.35" fill="none" stroke-linecap="round"/>`
  );
}

function floodlightScene(r: Random): string {
  const masts = [140, 520, 1080, 1460].map((x, i) => {
    const top = 110 + (i % 3 === 0 ? 0 : 60);
    return (
      `<path d="M${x} ${top}L${x + (x < 800 ? 700 - x * 0.3 : 900 - x * 0.3)} 900H${x < 800 ? 300 : 1300}Z" fill="#fef9c3" opacity="0.12"/>` +
      `<rect x="${x - 6}" y="${top}" width="12" height="${440 - top}" fill="#94a3b8"/><rect x="${x - 50}" y="${top - 40}" width="100" height="44" rx="4" fill="#475569"/>` +
      Array.from({ length: 8 }, (_, k) => `<circle cx="${x - 38 + (k % 4) * 25}" cy="${top - 28 + Math.floor(k / 4) * 20}" r="8" fill="#fefce8"/>`).join('')
    );
  });
  const stars = Array.from({ length: 60 }, () => `<circle cx="${n(between(r, 0, W))}" cy="${n(between(r, 0, 300))}" r="${n(between(r, 1, 2.5))}" fill="#ffffff" opacity="0.7"/>`);
  return landscape(r, 'night', 440) + stars.join('') + masts.join('') + ball(800, 700, 22) + `<ellipse cx="800" cy="700" rx="330" ry="90" stroke="#ffffff" stroke-width="5" fill="none" opacity="0.6"/>`;
}

function trainingScene(r: Random): string {
  const cones = Array.from({ length: 7 }, (_, i) => {
    const x = 200 + i * 200;
    const y = 640 + (i % 2) * 60;
    return `<path d="M${x - 20} ${y}L${x} ${y - 46}L${x + 20} ${y}Z" fill="#f97316"/><rect x="${x - 26}" y="${y}" width="52" height="8" fill="#ea580c"/>`;
  });
  const bib: Kit = { shirt: COLOURS.gold, trim: COLOURS.blue, shorts: COLOURS.blue };
  const kids = Array.from({ length: 7 }, (_, i) => ({ x: 180 + i * 210 + between(r, -30, 30), foot: 780 + between(r, -40, 60), h: between(r, 200, 250), kit: i % 2 ? bib : HOME_KIT }));
  return (
    landscape(r, 'day', 420) +
    boards(r, 380) +
    cones.join('') +
    players(r, kids).replace(/<text[^>]*>\d+<\/text>/g, '') +
    figureSvg(r, { cx: 1450, foot: 860, h: 430, kit: COACH_KIT, look: lookFor(r, { adult: true }) }) +
    ball(900, 840, 24) +
    ball(420, 800, 20)
  );
}

function clubhouseScene(r: Random): string {
  const snow = Array.from({ length: 110 }, () => `<circle cx="${n(between(r, 0, W))}" cy="${n(between(r, 0, H))}" r="${n(between(r, 2, 6))}" fill="#ffffff" opacity="0.8"/>`);
  const windows = [420, 620, 980, 1180].map((x) => `<rect x="${x - 60}" y="480" width="120" height="110" rx="6" fill="#fbbf24"/><path d="M${x} 480V590M${x - 60} 535H${x + 60}" stroke="#7c2d12" stroke-width="6"/>`);
  const bulbs = Array.from({ length: 22 }, (_, i) => {
    const x = 310 + i * 46;
    return `<circle cx="${x}" cy="${n(420 + 30 * Math.sin((i / 21) * Math.PI))}" r="8" fill="${i % 2 ? COLOURS.gold : '#fde68a'}"/>`;
  });
  return (
    `<defs>${gradient('sky', '#0b1437', '#1e3a8a')}</defs><rect width="${W}" height="${H}" fill="url(#sky)"/>` +
    `<path d="M0 700Q400 650 800 690T1600 680V900H0Z" fill="#e2e8f0"/>` +
    `<rect x="280" y="400" width="1040" height="320" fill="#f1e4cf"/><path d="M240 410L800 170L1360 410Z" fill="#7f1d1d"/>` +
    windows.join('') +
    `<rect x="745" y="540" width="110" height="180" rx="6" fill="#78350f"/><circle cx="835" cy="630" r="7" fill="${COLOURS.gold}"/>` +
    `<rect x="640" y="325" width="320" height="60" rx="6" fill="${COLOURS.blue}"/><text x="800" y="366" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="30" fill="${COLOURS.gold}">VEREINSHEIM</text>` +
    `<path d="M310 420Q800 480 1320 420" stroke="#1f2937" stroke-width="3" fill="none"/>` +
    bulbs.join('') +
    `<path d="M1460 720L1380 720L1440 600L1400 600L1460 480L1425 480L1470 380L1515 480L1480 480L1540 600L1500 600L1560 720Z" fill="#14532d"/>` +
    snow.join('')
  );
}

function festivalScene(r: Random): string {
  const tent = (x: number, w: number) => {
    const stripes = Array.from({ length: 6 }, (_, i) => `<path d="M${x + w / 2} 300L${x + (i * w) / 6} 420H${x + ((i + 1) * w) / 6}Z" fill="${i % 2 ? '#ffffff' : COLOURS.blue}"/>`);
    return `<rect x="${x}" y="420" width="${w}" height="200" fill="#f8fafc"/><rect x="${x + w * 0.3}" y="480" width="${w * 0.4}" height="140" fill="#fde68a"/>${stripes.join('')}`;
  };
  const bunting = Array.from({ length: 30 }, (_, i) => {
    const x = i * 55;
    const y = 160 + 40 * Math.sin((i / 29) * Math.PI);
    return `<path d="M${x} ${n(y)}L${x + 50} ${n(y)}L${x + 25} ${n(y + 45)}Z" fill="${i % 2 ? COLOURS.gold : COLOURS.blue}"/>`;
  });
  const people = Array.from({ length: 9 }, (_, i) => ({ x: 120 + i * 170 + between(r, -30, 30), foot: 820 + between(r, -30, 60), h: between(r, 300, 360), kit: pick(r, [HOME_KIT, { shirt: '#e11d48', trim: '#fff', shorts: '#1f2937' }, { shirt: '#f8fafc', trim: COLOURS.blue, shorts: '#475569' }, { shirt: '#0d9488', trim: '#fff', shorts: '#1f2937' }]) }));
  return (
    landscape(r, 'day', 560) +
    `<circle cx="${n(between(r, 200, 1400))}" cy="110" r="70" fill="#fde047"/>` +
    tent(Math.round(between(r, 60, 260)), 480) +
    tent(Math.round(between(r, 860, 1000)), 520) +
    `<path d="M0 160Q800 260 1600 160" stroke="#334155" stroke-width="3" fill="none"/>` +
    bunting.join('') +
    players(r, people).replace(/<text[^>]*>\d+<\/text>/g, '')
  );
}

function stadiumScene(r: Random): string {
  const rows = Math.floor(between(r, 3, 6));
  const left = r() < 0.5;
  return (
    landscape(r, pick(r, ['day', 'day', 'dusk'] as const), 420) +
    crowd(r, 388 - rows * 34, rows) +
    boards(r, 390) +
    `<ellipse cx="800" cy="640" rx="420" ry="120" stroke="#ffffff" stroke-width="8" fill="none"/><path d="M800 432V900" stroke="#ffffff" stroke-width="8"/>` +
    `<circle cx="800" cy="640" r="10" fill="#ffffff"/>` +
    ball(800, 618, 30) +
    goal(left ? 40 : 1410, 300, 150, 130).replace(/stroke-width="12"/, 'stroke-width="8"')
  );
}

export const SCENES = {
  match: matchScene,
  trophy: trophyScene,
  floodlights: floodlightScene,
  training: trainingScene,
  clubhouse: clubhouseScene,
  festival: festivalScene,
  stadium: stadiumScene,
} as const;
export type Scene = keyof typeof SCENES;

export const sceneSvg = (r: Random, scene: Scene) => svg(W, H, SCENES[scene](r));

const EMBLEMS: Record<string, (c: string, a: string) => string> = {
  bank: (c, a) => `<circle cx="90" cy="120" r="62" fill="${c}"/><path d="M50 112L90 82L130 112ZM58 118h12v36h-12zM84 118h12v36h-12zM110 118h12v36h-12zM52 156h76v8h-76z" fill="${a}"/>`,
  car: (c, a) => `<rect x="28" y="58" width="124" height="124" rx="28" fill="${c}"/><path d="M46 138V122L62 98H118L136 122V138Z" fill="${a}"/><circle cx="68" cy="140" r="12" fill="${c}" stroke="${a}" stroke-width="6"/><circle cx="114" cy="140" r="12" fill="${c}" stroke="${a}" stroke-width="6"/>`,
  bolt: (c, a) => `<path d="M90 50L150 85V155L90 190L30 155V85Z" fill="${c}"/><path d="M100 70L62 128H90L78 172L122 108H94Z" fill="${a}"/>`,
  inn: (c, a) => `<circle cx="90" cy="120" r="62" fill="${c}"/><path d="M62 90H108V150C108 160 100 166 85 166C70 166 62 160 62 150ZM108 102C130 102 130 138 108 138" stroke="${a}" stroke-width="8" fill="none"/><path d="M62 90Q85 70 108 90Z" fill="${a}"/>`,
  bakery: (c, a) => `<rect x="30" y="60" width="120" height="120" rx="60" fill="${c}"/><path d="M90 70V170M90 95C70 90 65 78 68 70C82 72 90 82 90 95C90 82 98 72 112 70C115 78 110 90 90 95M90 125C70 120 65 108 68 100C82 102 90 112 90 125C90 112 98 102 112 100C115 108 110 120 90 125" stroke="${a}" stroke-width="6" fill="none"/>`,
  joinery: (c, a) => `<path d="M30 180V100L90 52L150 100V180Z" fill="${c}"/><path d="M58 170V120H122V170M58 145H122M90 120V170" stroke="${a}" stroke-width="7" fill="none"/>`,
  seed: (c, a) => `<ellipse cx="90" cy="120" rx="44" ry="66" fill="${c}" transform="rotate(-25 90 120)"/><path d="M72 160Q82 110 112 78" stroke="${a}" stroke-width="6" fill="none"/>`,
  heart: (c, a) => `<path d="M90 180C30 140 28 100 40 82C55 60 82 62 90 86C98 62 125 60 140 82C152 100 150 140 90 180Z" fill="${c}"/><path d="M70 110L85 125L112 96" stroke="${a}" stroke-width="8" fill="none" stroke-linecap="round"/>`,
};
export const EMBLEM_KINDS = Object.keys(EMBLEMS);

/** A sponsor's logo, 480 × 240 on transparent: its emblem and its name as a wordmark. */
export function sponsorLogoSvg(r: Random, o: { name: string; emblem: string }): string {
  const [colour, accent] = pick(r, [
    ['#0f766e', '#fef3c7'],
    ['#b91c1c', '#ffffff'],
    ['#1d4ed8', '#fde047'],
    ['#166534', '#fef08a'],
    ['#7c2d12', '#fed7aa'],
    ['#334155', '#facc15'],
    ['#9333ea', '#ffffff'],
  ] as const);
  const lines: string[] = [];
  for (const word of o.name.split(/\s+|(?<=-)/)) {
    const last = lines.length - 1;
    if (last >= 0 && (lines[last] + ' ' + word).length <= 15) lines[last] += (lines[last].endsWith('-') ? '' : ' ') + word;
    else lines.push(word);
  }
  const shown = lines.slice(0, 3);
  const longest = Math.max(...shown.map((l) => l.length));
  const size = Math.min(44, 280 / (longest * 0.6), 180 / shown.length / 1.15);
  const top = 120 - ((shown.length - 1) * size * 1.15) / 2 + size * 0.35;
  const text = shown
    .map((l, i) => `<text x="180" y="${n(top + i * size * 1.15)}" font-family="${FONT}" font-weight="${i === 0 ? 700 : 400}" font-size="${n(size)}" fill="${i === 0 ? colour : '#334155'}">${esc(l)}</text>`)
    .join('');
  return svg(480, 240, (EMBLEMS[o.emblem] ?? EMBLEMS.heart)(colour, accent) + text);
}
