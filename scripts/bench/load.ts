// Load generation for the serving part of the benchmark: wrk when it is
// installed (C, multi-threaded, so the load generator is not the bottleneck),
// autocannon otherwise. Both send 'Accept-Encoding: br, gzip' like a browser,
// so both servers answer with their precompressed brotli files.
import { spawn, spawnSync } from 'node:child_process';

export type LoadResult = {
  tool: 'wrk' | 'autocannon';
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  non2xx: number;
};

export type LoadOptions = { url: string; connections: number; durationSec: number; threads?: number };

export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error === undefined;
}

/** wrk's durations: '850.00us', '1.20ms', '2.01s' → milliseconds */
function parseDuration(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return NaN;
  const value = Number(m[1]);
  return m[2] === 'us' ? value / 1000 : m[2] === 'ms' ? value : m[2] === 's' ? value * 1000 : value * 60_000;
}

export function parseWrk(output: string): Omit<LoadResult, 'tool'> {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? NaN);
  const p50 = parseDuration(/^\s+50%\s+(\S+)/m.exec(output)?.[1] ?? '');
  const p99 = parseDuration(/^\s+99%\s+(\S+)/m.exec(output)?.[1] ?? '');
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? NaN);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const errors = socketErrors ? socketErrors.slice(1).reduce((a, b) => a + Number(b), 0) : 0;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  return { requestsPerSecond: rps, p50Ms: p50, p99Ms: p99, requests, errors, non2xx };
}

function runWrk(o: LoadOptions): Promise<LoadResult> {
  const args = [
    `-t${o.threads ?? 2}`,
    `-c${o.connections}`,
    `-d${o.durationSec}s`,
    '--latency',
    '-H',
    'Accept-Encoding: br, gzip',
    o.url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`wrk exited with ${code}:\n${out}`));
      const parsed = parseWrk(out);
      if (!Number.isFinite(parsed.requestsPerSecond)) return reject(new Error(`could not read wrk's output:\n${out}`));
      resolve({ tool: 'wrk', ...parsed });
    });
  });
}

async function runAutocannon(o: LoadOptions): Promise<LoadResult> {
  // autocannon ships no types; the shape used here is its documented result
  const specifier = 'autocannon';
  const { default: autocannon } = (await import(specifier)) as {
    default: (opts: Record<string, unknown>) => Promise<{
      requests: { average: number; total: number };
      latency: { p50: number; p99: number };
      errors: number;
      non2xx: number;
    }>;
  };
  const result = await autocannon({
    url: o.url,
    connections: o.connections,
    duration: o.durationSec,
    headers: { 'accept-encoding': 'br, gzip' },
  });
  return {
    tool: 'autocannon',
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function runLoad(o: LoadOptions, tool: 'wrk' | 'autocannon'): Promise<LoadResult> {
  return tool === 'wrk' ? runWrk(o) : runAutocannon(o);
}
