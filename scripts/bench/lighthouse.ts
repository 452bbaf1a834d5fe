// Lighthouse 12 scores on our Node server: mobile (its default form factor and
// simulated throttling), the system Chromium, only the four categories the
// issue names. One Chromium for all routes, one route after the other. A run
// that cannot measure a page (no score: a timeout on a busy machine) is tried
// once more, and its reason kept (`firstTry`).
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM } from '../../tests/fixtures/browsers';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export type LighthouseRoute = {
  route: string;
  scores: Record<Category, number | null>;
  /** audits that cost points, per category, so that the owner of the page knows what to fix */
  failing: { category: Category; id: string; title: string; score: number | null; displayValue?: string; where?: string[] }[];
  metrics: { fcpMs?: number; lcpMs?: number; tbtMs?: number; cls?: number; speedIndexMs?: number };
  error?: string;
  /** why the first run could not measure the page, when it was run a second time */
  firstTry?: string;
};

type Lhr = {
  /** set when Lighthouse could not measure the page at all (e.g. NO_FCP, a timeout): every score is then null */
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      id: string;
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      displayValue?: string;
      numericValue?: number;
      details?: { items?: { node?: { selector?: string; snippet?: string; explanation?: string }; url?: string }[] };
    }
  >;
};

export async function runLighthouse(base: string, routes: string[], reportDir: string | null): Promise<LighthouseRoute[]> {
  const { default: lighthouse } = (await import('lighthouse')) as unknown as { default: RunLighthouse };
  const launcher = (await import('chrome-launcher')) as unknown as {
    launch: (o: Record<string, unknown>) => Promise<{ port: number; kill: () => Promise<void> | void }>;
  };
  const chrome = await launcher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    logLevel: 'silent',
  });
  const results: LighthouseRoute[] = [];
  try {
    for (const route of routes) {
      const first = await measureRoute(lighthouse, chrome.port, base, route, reportDir);
      if (!unmeasured(first)) {
        results.push(first);
        continue;
      }
      // a run that could not measure the page (a timeout on a busy machine) is tried once more;
      // the first run's reason stays in the report
      const again = await measureRoute(lighthouse, chrome.port, base, route, reportDir);
      results.push({ ...again, firstTry: first.error ?? 'no score' });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

type RunLighthouse = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: Lhr; report: string | string[] } | undefined>;

const unmeasured = (result: LighthouseRoute) => CATEGORIES.some((c) => result.scores[c] === null);

async function measureRoute(lighthouse: RunLighthouse, port: number, base: string, route: string, reportDir: string | null): Promise<LighthouseRoute> {
  try {
    const run = await lighthouse(base + route, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!run) throw new Error('Lighthouse returned no result');
    const { lhr } = run;
    if (reportDir) {
      fs.mkdirSync(reportDir, { recursive: true });
      const name = route === '/' ? 'home' : route.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
      fs.writeFileSync(path.join(reportDir, `${name}.json`), Array.isArray(run.report) ? run.report[0] : run.report);
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score! * 100)]),
    ) as Record<Category, number | null>;
    const failing: LighthouseRoute['failing'] = [];
    for (const category of CATEGORIES) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (!audit || ref.weight === 0) continue;
        if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual' || audit.scoreDisplayMode === 'informative') continue;
        if (audit.score !== null && audit.score >= 1) continue;
        // where on the page: the elements an accessibility audit names, the URLs a performance audit names
        const where = (audit.details?.items ?? [])
          .slice(0, 8)
          .map((item) =>
            item.node
              ? `${item.node.selector ?? ''} ${item.node.snippet ?? ''}${item.node.explanation ? ` (${item.node.explanation.split('\n').slice(1).join(' ').trim() || item.node.explanation})` : ''}`.trim()
              : (item.url ?? ''),
          )
          .filter((text) => text !== '');
        failing.push({ category, id: audit.id, title: audit.title, score: audit.score, displayValue: audit.displayValue, ...(where.length ? { where } : {}) });
      }
    }
    const metric = (id: string) => lhr.audits[id]?.numericValue;
    return {
      route,
      scores,
      failing,
      metrics: {
        fcpMs: metric('first-contentful-paint'),
        lcpMs: metric('largest-contentful-paint'),
        tbtMs: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        speedIndexMs: metric('speed-index'),
      },
      ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
    };
  } catch (error) {
    return {
      route,
      scores: { performance: null, accessibility: null, 'best-practices': null, seo: null },
      failing: [],
      metrics: {},
      error: error instanceof Error ? error.message : String(error),
    };
  }
}
