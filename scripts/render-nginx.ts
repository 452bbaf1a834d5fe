// `npm run --silent nginx-config -- [options] > nginx.conf`, or `--out FILE`: deploy/nginx.conf.template for
// this install, a complete nginx.conf with Debian's paths by default (the pid file its systemd unit waits for,
// its log and temp folders, the www-data user), the published site and uploads of DATA_DIR, this checkout's
// assets and the Node server on PORT. `nginx -t` checks it before a reload (README, "Deploying behind nginx").
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { config } from '../src/server/config';
import { renderNginxConfig } from './nginx-config';

const USAGE = `Aufruf: npm run --silent nginx-config -- [--out DATEI] [--listen 80] [--upstream 127.0.0.1:${config.port}]
  [--tls-listen 443 --certificate DATEI --key DATEI] [--acme-root /var/www/letsencrypt] [--user www-data]
  [--pid-file /run/nginx.pid] [--error-log /var/log/nginx/error.log] [--temp-dir /var/lib/nginx] [--workers auto]`;

function fail(message: string): never {
  console.error(`Fehler: ${message}\n${USAGE}`);
  process.exit(1);
}

const NAMES = ['out', 'listen', 'upstream', 'tls-listen', 'certificate', 'key', 'acme-root', 'user', 'pid-file', 'error-log', 'temp-dir', 'workers'];
let values: Record<string, string | undefined>;
try {
  const parsed = parseArgs({ options: { ...Object.fromEntries(NAMES.map((name) => [name, { type: 'string' as const }])), help: { type: 'boolean' } } });
  if (parsed.values.help) {
    console.info(USAGE);
    process.exit(0);
  }
  values = parsed.values as Record<string, string | undefined>;
} catch (error) {
  fail((error as Error).message);
}
const tlsParts = [values['tls-listen'], values.certificate, values.key];
if (tlsParts.some(Boolean) && !tlsParts.every(Boolean)) fail('HTTPS braucht --tls-listen, --certificate und --key zusammen.');
const workers = values.workers ?? 'auto';
if (workers !== 'auto' && !/^[1-9]\d{0,2}$/.test(workers)) fail(`--workers ist 'auto' oder eine Zahl, nicht '${workers}'.`);

// `npm run` runs in the checkout: a relative path means the folder the command was typed in
const here = (file: string | undefined) => (file === undefined ? undefined : path.resolve(process.env.INIT_CWD ?? process.cwd(), file));

const conf = renderNginxConfig({
  listen: values.listen ?? '80',
  upstream: values.upstream ?? `127.0.0.1:${config.port}`,
  siteDir: path.join(config.dataDir, 'site'),
  clientDir: config.clientDir,
  earlierBuildsDir: config.earlierBuildsDir,
  uploadsDir: config.uploadsDir,
  runDir: '/run',
  pidFile: here(values['pid-file']) ?? '/run/nginx.pid',
  errorLog: here(values['error-log']) ?? '/var/log/nginx/error.log',
  tempDir: here(values['temp-dir']) ?? '/var/lib/nginx',
  user: values.user ?? 'www-data',
  workers: workers === 'auto' ? 'auto' : Number(workers),
  tls: values['tls-listen'] ? { listen: values['tls-listen'], certificate: here(values.certificate)!, key: here(values.key)! } : undefined,
  acmeRoot: here(values['acme-root']),
});

if (!values.out) {
  process.stdout.write(conf);
} else {
  // beside the target and renamed over it: nginx never reads half a file
  const out = here(values.out)!;
  const temp = path.join(path.dirname(out), `.${path.basename(out)}.${process.pid}.tmp`);
  try {
    // 'wx': never through a link someone put there under that name (/etc/nginx is root's, a run as root elsewhere may not be)
    fs.writeFileSync(temp, conf, { mode: 0o644, flag: 'wx' });
    fs.renameSync(temp, out);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    fail(`${out} konnte nicht geschrieben werden: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  console.info(`${out} geschrieben; prüfen mit: nginx -t -c ${out}`);
}
