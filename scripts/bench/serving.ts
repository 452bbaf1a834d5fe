// Serving: our server and nginx on the same published folder, route by route,
// in two passes of the same run: quiet (nothing else running), then loaded
// (stress-ng keeps one core busy while each server is measured; background-load.ts).
// On the first route, Node's floor too (node-floor.ts): the most any Node server reaches here.
import { runLoad, type LoadResult } from './load';
import { startBackgroundLoad } from './background-load';
import { round } from './stats';

export type ServingPass = 'quiet' | 'loaded';

export type ServingRoute = {
  route: string;
  node: LoadResult;
  nginx: LoadResult | null;
  ratio: number | null;
  encoding: { node: string | null; nginx: string | null };
  sameBody: boolean | null;
};

/** Node's floor on one route: a bare node:http cluster answering that route's bytes from memory (node-floor.ts). */
export type ServingFloor = {
  route: string;
  workers: number;
  result: LoadResult;
  /** the floor ÷ nginx: the most a Node server reaches against nginx on this machine */
  ratioToNginx: number | null;
  /** ours ÷ the floor: what our server's own code costs (1 = nothing measurable) */
  oursToFloor: number;
};

export type ServingRun = {
  pass: ServingPass;
  /** the background load of the loaded pass (null when quiet) */
  background: { tool: string; command: string } | null;
  routes: ServingRoute[];
  /** null when the run started no floor server */
  floor: ServingFloor | null;
};

type Settings = {
  nodeBase: string;
  nginxBase: string | null;
  /** Node's floor server (node-floor.ts), answering the first route's page; null: not measured */
  floor: { base: string; workers: number } | null;
  routes: string[];
  connections: number;
  durationSec: number;
  warmupSec: number;
  loadTool: 'wrk' | 'autocannon';
  log: (line: string) => void;
};

/** Both servers must answer each route with the same page, brotli-compressed. */
async function sameAnswer(s: Settings, route: string): Promise<{ node: string | null; nginx: string | null; sameBody: boolean | null }> {
  const get = async (base: string) => {
    const res = await fetch(base + route, { headers: { 'accept-encoding': 'br, gzip' } });
    return { status: res.status, encoding: res.headers.get('content-encoding'), body: await res.text() };
  };
  const ours = await get(s.nodeBase);
  if (ours.status !== 200) throw new Error(`our server answers ${route} with ${ours.status}`);
  const theirs = s.nginxBase ? await get(s.nginxBase) : null;
  return { node: ours.encoding, nginx: theirs?.encoding ?? null, sameBody: theirs ? theirs.body === ours.body : null };
}

async function measureOne(s: Settings, url: string, pass: ServingPass): Promise<{ result: LoadResult; background: { tool: string; command: string } | null }> {
  // the same background for each server: started before its warm-up, stopped after its run
  const background = pass === 'loaded' ? await startBackgroundLoad() : null;
  try {
    const load = { url, connections: s.connections, durationSec: s.durationSec };
    if (s.warmupSec > 0) await runLoad({ ...load, durationSec: s.warmupSec }, s.loadTool);
    const result = await runLoad(load, s.loadTool);
    return { result, background: background && { tool: background.tool, command: background.command } };
  } finally {
    await background?.stop();
  }
}

export async function measureServing(s: Settings, pass: ServingPass): Promise<ServingRun> {
  const routes: ServingRoute[] = [];
  let background: ServingRun['background'] = null;
  let floor: ServingFloor | null = null;
  for (const route of s.routes) {
    const answer = await sameAnswer(s, route);
    const ours = await measureOne(s, s.nodeBase + route, pass);
    background = ours.background;
    const theirs = s.nginxBase ? await measureOne(s, s.nginxBase + route, pass) : null;
    const nginx = theirs?.result ?? null;
    const ratio = nginx ? round(ours.result.requestsPerSecond / nginx.requestsPerSecond, 2) : null;
    routes.push({ route, node: ours.result, nginx, ratio, encoding: { node: answer.node, nginx: answer.nginx }, sameBody: answer.sameBody });
    if (s.floor && floor === null) {
      const bare = (await measureOne(s, s.floor.base + route, pass)).result;
      floor = {
        route,
        workers: s.floor.workers,
        result: bare,
        ratioToNginx: nginx ? round(bare.requestsPerSecond / nginx.requestsPerSecond, 2) : null,
        oursToFloor: round(ours.result.requestsPerSecond / bare.requestsPerSecond, 2),
      };
      s.log(`[bench] serve (${pass}) ${route}: node:http floor ${Math.round(bare.requestsPerSecond)}/s (${floor.ratioToNginx ?? '-'} × nginx); ours ${floor.oursToFloor} × the floor`);
    }
    s.log(
      `[bench] serve (${pass}) ${route}: ours ${Math.round(ours.result.requestsPerSecond)}/s p99 ${ours.result.p99Ms} ms; nginx ${nginx ? Math.round(nginx.requestsPerSecond) : '-'}/s; ratio ${ratio ?? '-'}`,
    );
  }
  return { pass, background, routes, floor };
}
