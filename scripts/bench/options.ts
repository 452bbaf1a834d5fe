// The benchmark's options and targets (issue 16's, round two).
//   npm run bench                       the full data set (≤ 15 minutes on two cores)
//   npm run bench -- --big              the big club: 10,000 news, 2,000 matches, 100 teams
//   npm run bench -- --smoke            a tiny data set and short runs (the CI smoke test)
//   options: --out FILE  --duration S  --connections N  --edits N  --footer-edits N  --keep  --no-build
import path from 'node:path';
import { BIG_SIZE, FULL_SIZE, TINY_SIZE, type BenchSize } from './generate-data';

export type BenchMode = 'smoke' | 'full' | 'big';

export type BenchOptions = {
  mode: BenchMode;
  smoke: boolean;
  size: BenchSize;
  durationSec: number;
  warmupSec: number;
  connections: number;
  edits: number;
  footerEdits: number;
  liveEvents: number;
  deployEdits: number;
  out: string;
  keep: boolean;
  build: boolean;
  settleMs: number;
};

export function readOptions(argv: string[], root: string): BenchOptions {
  const flag = (name: string) => argv.includes(`--${name}`);
  const option = (name: string, fallback: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
  };
  const smoke = flag('smoke');
  const mode: BenchMode = smoke ? 'smoke' : flag('big') ? 'big' : 'full';
  const big = mode === 'big';
  return {
    mode,
    smoke,
    size: smoke ? TINY_SIZE : big ? BIG_SIZE : FULL_SIZE,
    durationSec: Number(option('duration', smoke ? '1' : '10')),
    warmupSec: smoke ? 0 : 2,
    connections: Number(option('connections', '50')),
    edits: Number(option('edits', smoke ? '3' : '50')),
    // each footer edit republishes every page: 10 of them (3 for the big club's ~17,000 files)
    footerEdits: Number(option('footer-edits', smoke ? '2' : big ? '3' : '10')),
    // event → visible in an open match page (issue 14)
    liveEvents: Number(option('live-events', smoke ? '3' : '20')),
    // save → page in the bucket (issue 12)
    deployEdits: Number(option('deploy-edits', smoke ? '3' : '20')),
    out: path.resolve(option('out', path.join(root, 'bench', big ? 'results-big.json' : 'results.json'))),
    keep: flag('keep'),
    build: !flag('no-build'),
    // after the server's own start-up publish: its render processes end 2 s after it
    settleMs: smoke ? 500 : 8_000,
  };
}

export const TARGETS = {
  // issue 16: quiet and loaded, every route
  servingRatio: 0.9,
  servingP99Ms: 5,
  // the server's whole process tree, summed PSS
  memoryPssMb: 250,
  newsEditP95Ms: 100,
  matchResultP95Ms: 80,
  footerP95Ms: 2_000,
  footerMinPages: 1_000,
  publishPagesPerSec: 500,
  publishTimesAstro: 1.5,
  jsFirstVisitBr: 70 * 1024,
  jsReturningBr: 15 * 1024,
  newsListHtmlBr: 100 * 1024,
  // issue 14 and 12, unchanged
  eventPageP95Ms: 150,
  eventVisibleP95Ms: 3_000,
  deployP95Ms: 2_000,
  lighthouse: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as Record<string, number>,
};

export const SERVE_ROUTES_FIXED = ['/', '/news', '/spielplan'];

export function lighthouseRoutes(mode: BenchMode): string[] {
  return mode === 'smoke' ? ['/'] : ['/', '/news', '/spielplan', '/mitglied-werden'];
}

/** Content pages whose weight is measured, for both visitors. */
export function weightRoutes(mode: BenchMode, ids: { newsRoute: string; teamId: string }): string[] {
  if (mode === 'smoke') return ['/', ids.newsRoute];
  return [
    '/',
    '/news',
    '/news/alle',
    ids.newsRoute,
    '/mannschaften',
    `/team/${ids.teamId}`,
    '/nachwuchs',
    '/spielplan',
    '/shop',
    '/sponsoren',
    '/kontakt',
    '/mitglied-werden',
    '/vereinsgeschichte',
    '/impressum',
    '/datenschutz',
  ];
}
