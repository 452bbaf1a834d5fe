// The benchmark's printed report: Markdown tables (pasted into bench/README.md
// as they are), the quiet and loaded serving runs side by side, then one line per
// target with PASS or FAIL and the count.
import { astroRenderRate } from './astro-reference';
import type { Check, Measured } from './targets';
import { kb, round } from './stats';

export type TableInput = Measured & {
  date: string;
  mode: string;
  machine: { cpu: string; cores: number; memoryGb: number; node: string; nginx: string | null; loadTool: string; fileSystem: string };
  dataCounts: Record<string, number>;
  coldSave: { ms: number; pages: number };
  checks: Check[];
  durationSec: number;
  outFile: string;
};

const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
/** routes with an id, shown by their pattern */
const shown = (route: string) => route.replace(/\/(news|team|mannschaften|spiel)\/[0-9a-f-]{36}/g, '/$1/{id}');
/** a process by the script it runs: 'node --max-semi-space-size=4 serve.mjs' → 'serve.mjs', 'node render-worker.mjs entry.mjs' → 'render-worker.mjs' */
const scriptOf = (command: string) => command.split(' ').find((arg) => /\.(m?[jt]s)$/.test(arg)) ?? command.split(' ').slice(0, 2).join(' ');
const ms = (value: number) => `${round(value, 2)} ms`;

function servingTable(t: TableInput): string[] {
  const quiet = t.serving.find((r) => r.pass === 'quiet');
  const loaded = t.serving.find((r) => r.pass === 'loaded');
  const rows: string[] = [];
  const background = loaded?.background ? `${loaded.background.tool} (${loaded.background.command})` : '-';
  rows.push(`Serving, ${t.machine.loadTool}, 50 connections; quiet, and loaded with one core kept busy by ${background}`);
  const half = (label: string) => [`${label}: ours req/s`, 'nginx req/s', 'ours ÷ nginx', 'ours p50', 'ours p99', 'nginx p99'];
  rows.push(line(['Route', ...half('quiet'), ...half('loaded')]));
  rows.push(line(['---', ...Array(12).fill('---:')]));
  const cells = (run: typeof quiet, route: string) => {
    const s = run?.routes.find((r) => r.route === route);
    if (!s) return Array(6).fill('-');
    return [
      Math.round(s.node.requestsPerSecond),
      s.nginx ? Math.round(s.nginx.requestsPerSecond) : '-',
      s.ratio ?? '-',
      ms(s.node.p50Ms),
      ms(s.node.p99Ms),
      s.nginx ? ms(s.nginx.p99Ms) : '-',
    ];
  };
  for (const route of (quiet ?? loaded)?.routes.map((r) => r.route) ?? []) rows.push(line([shown(route), ...cells(quiet, route), ...cells(loaded, route)]));
  const floors = [quiet, loaded].flatMap((run) => (run?.floor ? [{ pass: run.pass, ...run.floor }] : []));
  if (floors.length > 0) {
    rows.push('');
    rows.push(
      `Node's floor on ${shown(floors[0].route)} (a bare node:http cluster of ${floors[0].workers} workers answering the page's bytes from memory, scripts/bench/node-floor.ts): ` +
        floors
          .map((f) => `${f.pass} ${Math.round(f.result.requestsPerSecond)} req/s, ${f.ratioToNginx ?? '-'} × nginx, p99 ${ms(f.result.p99Ms)}; ours ${f.oursToFloor} × the floor`)
          .join('; '),
    );
  }
  return rows;
}

export function renderTable(t: TableInput): string {
  const { publish, republish, deployed } = t.publishing;
  const out: string[] = [];
  out.push(
    `Anstoss benchmark (${t.mode}), ${t.date.slice(0, 16).replace('T', ' ')} UTC, ${t.machine.cpu}, ${t.machine.cores} cores, ${t.machine.memoryGb} GB, ${t.machine.node}, nginx ${t.machine.nginx ?? '-'}, ${t.machine.loadTool}, work folder on ${t.machine.fileSystem}`,
  );
  out.push(`Data: ${Object.entries(t.dataCounts).map(([k, v]) => `${v} ${k}`).join(', ')}; ${publish.pages} published files`);
  out.push('');
  out.push(...servingTable(t));
  out.push('');
  out.push(
    `Memory of all server processes (up to ${t.memory.maxProcesses} at once: the server, its workers and render processes), summed: while serving (both passes) peak ${t.memory.whileServing.peakPssMb} MB PSS, ${t.memory.whileServing.peakRssMb} MB RSS; from then to the server's stop (page weight, a live match with saves, Lighthouse) peak ${t.memory.peakPssMb} MB PSS, ${t.memory.peakRssMb} MB RSS (judged on this PSS); at the peak: ${t.memory.atPeak.map((p) => `${scriptOf(p.command)} ${p.pssMb}/${p.rssMb} MB`).join('; ')} (PSS/RSS)`,
  );
  out.push('');
  out.push(line(['Republish', 'edits', 'p50', 'p95', 'max', 'first', 'pages per edit']));
  out.push(line(['---', '---:', '---:', '---:', '---:', '---:', '---:']));
  for (const r of Object.values(republish)) out.push(line([r.kind, r.n, `${r.p50} ms`, `${r.p95} ms`, `${r.max} ms`, `${r.firstMs} ms`, r.pages]));
  out.push(`(a save with no render process alive, before the admin panel prepared one: ${t.coldSave.ms} ms for ${t.coldSave.pages} pages)`);
  const f = t.publishing.footerFloor;
  out.push(
    `The footer change's floor (copies of the ${f.pages} published pages beside the site, scripts/bench/file-floor.ts): their ${f.files} files replaced alone, a temp file made apart (decision 050) and a rename each, ${f.replaceMs} ms (${f.replaceMsPerFile} ms per file); the pages brotli-compressed alone ${f.brotliMs} ms on one thread, ${f.brotliMsOnAllCores} ms spread over ${t.machine.cores} cores`,
  );
  out.push(
    'error' in t.live
      ? `Match event → visible in an open match page: not measured (${t.live.error})`
      : `Match event → visible in an open match page (live stream, no reload): p50 ${t.live.p50} ms, p95 ${t.live.p95} ms over ${t.live.n} events`,
  );
  out.push(`Save → page in the S3 bucket (s3rver): p50 ${deployed.p50} ms, p95 ${deployed.p95} ms over ${deployed.n} edits; the first full deploy ${deployed.firstFullMs} ms`);
  out.push('');
  const a = t.astroBuild;
  const astroLine =
    'error' in a
      ? `astro build: failed (${a.error.split('\n')[0]})`
      : `astro build (static, same ${a.pages} pages and ${a.images} images): ${round(a.totalMs / 1000, 1)} s in all, of which ${a.renderPagesMs === null ? '?' : round(a.renderPagesMs / 1000, 1)} s rendering the pages (${astroRenderRate(a) ?? '?'} pages/s)`;
  out.push(
    `Full publish: ${publish.pages} pages in ${publish.coldMs} ms cold (${publish.coldPagesPerSec} pages/s), ${publish.warmMs} ms warm (${publish.warmPagesPerSec} pages/s), ${publish.renderProcesses} render processes; ${astroLine}`,
  );
  out.push('');
  const returning = new Map(t.weight.filter((w) => w.visitor === 'returning').map((w) => [w.route, w]));
  out.push(line(['Page (mobile)', 'HTML br', 'JS br first visit', 'JS br returning', 'of it inline', 'total transfer', 'of it SW precache', 'blocking scripts']));
  out.push(line(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']));
  for (const w of t.weight.filter((x) => x.visitor === 'first')) {
    const r = returning.get(w.route);
    out.push(
      line([
        shown(w.route),
        `${kb(w.htmlBytesBr)} KB`,
        `${kb(w.jsBytesBr)} KB`,
        r ? `${kb(r.jsBytesBr)} KB` : '-',
        `${kb(w.inlineJsBytesBr)} / ${r ? kb(r.inlineJsBytesBr) : '-'} KB`,
        `${kb(w.totalTransferBytes)} KB`,
        `${kb(w.serviceWorkerBytes)} KB`,
        w.blockingScripts.length,
      ]),
    );
  }
  const lists = t.newsList.pages;
  out.push(
    `News list: ${lists.length} HTML pages (${lists.slice(0, 4).map((p) => p.route).join(', ')}${lists.length > 4 ? ', …' : ''}); heaviest ${t.newsList.heaviest ? `${t.newsList.heaviest.route} ${kb(t.newsList.heaviest.htmlBytesBr)} KB br` : '-'}`,
  );
  out.push('');
  out.push(line(['Lighthouse (mobile)', 'performance', 'accessibility', 'best practices', 'SEO']));
  out.push(line(['---', '---:', '---:', '---:', '---:']));
  for (const l of t.lighthouse) out.push(line([shown(l.route), l.scores.performance ?? '-', l.scores.accessibility ?? '-', l.scores['best-practices'] ?? '-', l.scores.seo ?? '-']));
  out.push('');
  out.push(line(['Target', 'measured', 'target', 'result']));
  out.push(line(['---', '---:', '---:', '---']));
  for (const c of t.checks) out.push(line([`${c.section}: ${shown(c.measure)}`, c.value, c.target, c.pass ? 'PASS' : 'FAIL']));
  out.push('');
  const passed = t.checks.filter((c) => c.pass).length;
  out.push(`${passed} PASS, ${t.checks.length - passed} FAIL in ${t.durationSec} s; results in ${t.outFile}`);
  return out.join('\n');
}
