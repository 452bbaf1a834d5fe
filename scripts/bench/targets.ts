// The verdicts: one PASS or FAIL per target of issue 16 (and the issue 12/14
// targets the first round added), from the measured numbers.
import { astroRenderRate, type AstroBuild } from './astro-reference';
import type { LighthouseRoute } from './lighthouse';
import type { LiveResult } from './live';
import type { MemoryReport } from './memory';
import type { NewsListWeight } from './news-list';
import { TARGETS } from './options';
import type { PublishingResult } from './publishing';
import type { ServingRun } from './serving';
import { kb, round } from './stats';
import type { RouteWeight } from './weight';

export type Check = { section: string; measure: string; value: string; target: string; pass: boolean };

export type Measured = {
  serving: ServingRun[];
  nginxError: string | null;
  memory: MemoryReport & { whileServing: MemoryReport };
  publishing: PublishingResult;
  live: LiveResult | { error: string };
  astroBuild: AstroBuild;
  weight: RouteWeight[];
  newsList: NewsListWeight;
  lighthouse: LighthouseRoute[];
};

export function judge(m: Measured): Check[] {
  const checks: Check[] = [];
  const check = (section: string, measure: string, value: string, target: string, pass: boolean) => checks.push({ section, measure, value, target, pass });

  for (const run of m.serving) {
    for (const s of run.routes) {
      check('serving', `${s.route} req/s ours ÷ nginx (${run.pass})`, s.ratio === null ? `n/a (${m.nginxError ?? 'no nginx'})` : `${s.ratio}`, `≥ ${TARGETS.servingRatio}`, s.ratio !== null && s.ratio >= TARGETS.servingRatio);
      check(
        'serving',
        `${s.route} p99 latency, ${s.node.tool === 'wrk' ? '' : `${s.node.tool}, `}50 connections (${run.pass})`,
        `${round(s.node.p99Ms, 2)} ms`,
        `≤ ${TARGETS.servingP99Ms} ms`,
        s.node.p99Ms <= TARGETS.servingP99Ms && s.node.errors === 0 && s.node.non2xx === 0,
      );
    }
  }
  check(
    'memory',
    `all ${m.memory.maxProcesses} server processes, summed PSS at peak (RSS ${m.memory.peakRssMb} MB; while serving only ${m.memory.whileServing.peakPssMb} MB PSS)`,
    `${m.memory.peakPssMb} MB`,
    `≤ ${TARGETS.memoryPssMb} MB`,
    m.memory.peakPssMb <= TARGETS.memoryPssMb,
  );

  const { publish, republish, deployed } = m.publishing;
  check('republish', 'news edit p95', `${republish.news.p95} ms`, `≤ ${TARGETS.newsEditP95Ms} ms`, republish.news.p95 <= TARGETS.newsEditP95Ms && republish.news.failedPages === 0);
  check('republish', 'match result p95', `${republish.match.p95} ms`, `≤ ${TARGETS.matchResultP95Ms} ms`, republish.match.p95 <= TARGETS.matchResultP95Ms && republish.match.failedPages === 0);
  check(
    'republish',
    `footer change p95 (${republish.footer.pages} pages touched)`,
    `${republish.footer.p95} ms`,
    `≤ ${TARGETS.footerP95Ms} ms, ≥ ${TARGETS.footerMinPages} pages`,
    republish.footer.p95 <= TARGETS.footerP95Ms && republish.footer.pages >= TARGETS.footerMinPages && republish.footer.failedPages === 0,
  );
  check('republish', 'match event → match page on disk p95', `${republish.event.p95} ms`, `≤ ${TARGETS.eventPageP95Ms} ms`, republish.event.p95 <= TARGETS.eventPageP95Ms && republish.event.failedPages === 0);
  check(
    'republish',
    'match event → visible in an open match page p95',
    'error' in m.live ? `n/a (${m.live.error.slice(0, 80)})` : `${m.live.p95} ms`,
    `≤ ${TARGETS.eventVisibleP95Ms} ms, no reload`,
    !('error' in m.live) && m.live.p95 <= TARGETS.eventVisibleP95Ms && m.live.reloads === 0,
  );
  check('deploy', `save → page in the bucket p95 (${deployed.n} edits, p50 ${deployed.p50} ms)`, `${deployed.p95} ms`, `≤ ${TARGETS.deployP95Ms} ms`, deployed.p95 <= TARGETS.deployP95Ms);

  check('publish', `full publish (${publish.pages} pages, cold)`, `${publish.coldPagesPerSec} pages/s`, `≥ ${TARGETS.publishPagesPerSec} pages/s`, publish.coldPagesPerSec >= TARGETS.publishPagesPerSec && publish.failed === 0);
  const astroRate = astroRenderRate(m.astroBuild);
  check(
    'publish',
    `full publish (cold) ÷ astro build render rate (${astroRate ?? '?'} pages/s)`,
    astroRate === null ? 'n/a' : `${round(publish.coldPagesPerSec / astroRate, 2)}`,
    `≥ ${TARGETS.publishTimesAstro}`,
    astroRate !== null && publish.coldPagesPerSec >= TARGETS.publishTimesAstro * astroRate && publish.failed === 0,
  );

  for (const w of m.weight) {
    const limit = w.visitor === 'first' ? TARGETS.jsFirstVisitBr : TARGETS.jsReturningBr;
    const who = w.visitor === 'first' ? 'first visit' : 'returning visitor, choice stored';
    check('weight', `${w.route} JavaScript before interaction, ${who}`, `${kb(w.jsBytesBr)} KB br`, `≤ ${limit / 1024} KB`, w.status === 200 && w.jsBytesBr <= limit);
    if (w.visitor === 'first') check('weight', `${w.route} render-blocking scripts`, `${w.blockingScripts.length}`, '0', w.blockingScripts.length === 0);
  }
  const heaviest = m.newsList.heaviest;
  check(
    'weight',
    `news list, heaviest of ${m.newsList.pages.length} pages${heaviest ? ` (${heaviest.route})` : ''}, HTML`,
    heaviest ? `${kb(heaviest.htmlBytesBr)} KB br` : 'n/a',
    `< ${TARGETS.newsListHtmlBr / 1024} KB`,
    heaviest !== null && heaviest.htmlBytesBr < TARGETS.newsListHtmlBr && m.newsList.pages.every((p) => p.status === 200),
  );

  for (const l of m.lighthouse) {
    for (const [category, min] of Object.entries(TARGETS.lighthouse)) {
      const score = l.scores[category as keyof typeof l.scores];
      check('lighthouse', `${l.route} ${category}`, score === null ? `n/a${l.error ? ` (${l.error.slice(0, 60)})` : ''}` : `${score}`, min === 100 ? '100' : `≥ ${min}`, score !== null && score >= min);
    }
  }
  return checks;
}
