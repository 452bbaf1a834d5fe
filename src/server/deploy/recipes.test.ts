// The deploy recipes are part of the product (issue 12): the Dockerfile is
// checked here line by line, as no Docker daemon runs in CI to build it (the
// nginx template and the systemd unit have their own tests: tests/e2e/deploy,
// tests/faults/service.fault.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');

/** The instructions, with continuation lines joined and comments dropped. */
function instructions(text: string): { op: string; args: string }[] {
  const joined = text.replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [op, ...rest] = line.split(/\s+/);
      return { op: op.toUpperCase(), args: rest.join(' ') };
    });
}

const all = instructions(dockerfile);
const env = Object.fromEntries(
  all.filter((i) => i.op === 'ENV').flatMap((i) => [...i.args.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]])),
);

describe('the Dockerfile', () => {
  it('uses only known instructions, on Node 20', () => {
    const known = new Set(['FROM', 'ENV', 'WORKDIR', 'RUN', 'COPY', 'USER', 'VOLUME', 'EXPOSE', 'HEALTHCHECK', 'STOPSIGNAL', 'CMD']);
    for (const { op } of all) expect(known, op).toContain(op);
    expect(all[0]).toEqual({ op: 'FROM', args: 'node:20-bookworm-slim' });
  });

  it('keeps the data in a volume outside the app, where the migrations of the image are not shadowed', () => {
    expect(env.DATA_DIR).toBe('/data');
    expect(all.find((i) => i.op === 'VOLUME')?.args).toBe('["/data"]');
    expect(fs.existsSync(path.join(root, 'data', 'migrations'))).toBe(true);
    expect(env.DATA_DIR.startsWith('/app')).toBe(false);
  });

  it('installs from the lock file, builds, runs as the unprivileged user and answers its health check on its port', () => {
    const runs = all.filter((i) => i.op === 'RUN').map((i) => i.args);
    expect(runs.some((r) => r.startsWith('npm ci'))).toBe(true);
    // the share images draw their titles with it (docs/decisions/023)
    expect(runs.some((r) => r.includes('fonts-dejavu-core'))).toBe(true);
    expect(runs.some((r) => r.includes('node scripts/build-if-needed.mjs --force'))).toBe(true);
    expect(all.find((i) => i.op === 'USER')?.args).toBe('node');
    expect(all.find((i) => i.op === 'EXPOSE')?.args).toBe(env.PORT);
    expect(all.find((i) => i.op === 'HEALTHCHECK')?.args).toContain(`http://127.0.0.1:${env.PORT}/healthz`);
    const cmd = JSON.parse(all.find((i) => i.op === 'CMD')!.args) as string[];
    expect(cmd[0]).toBe('node');
    // the compiled server, as npm start runs it (docs/decisions/048)
    expect(cmd.join(' ')).not.toContain('tsx');
    expect(fs.existsSync(path.join(root, cmd.at(-1)!))).toBe(true);
  });

  it('copies only what exists, and the image gets no data, build or modules of the machine it was built on', () => {
    for (const copy of all.filter((i) => i.op === 'COPY')) {
      const sources = copy.args.split(/\s+/).slice(0, -1);
      for (const source of sources) expect(fs.existsSync(path.join(root, source)), source).toBe(true);
    }
    const ignored = fs.readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['node_modules', 'dist', 'data/club.db*', 'data/site', 'data/uploads', '.git']) expect(ignored).toContain(entry);
    // backups and what a restore set aside hold the site's secret, password hashes and personal data
    for (const entry of ['data/backups', 'data/.before-restore-*', 'backups', '.env']) expect(ignored).toContain(entry);
  });

  it('points its readers at documents and sections that exist', () => {
    const references = [...dockerfile.matchAll(/\(([\w./-]+\.md), "([^"]+)"\)/g)];
    expect(references.length).toBeGreaterThan(0);
    for (const [, file, section] of references) {
      const headings = fs.readFileSync(path.join(root, file), 'utf8').split('\n').filter((line) => /^#{1,6} /.test(line));
      expect(headings.map((h) => h.replace(/^#+ /, '')), `${file}, "${section}"`).toContain(section);
    }
  });
});

describe('the update of a running install (docs/operations.md)', () => {
  it("stops the server, then builds with the stamp that the scripts compare with the sources, so that a backup or publish after it does not build again under the running server", () => {
    const operations = fs.readFileSync(path.join(root, 'docs', 'operations.md'), 'utf8');
    // stopped first: npm ci and the build pull the running server's modules and assets away
    expect(operations).toContain('systemctl stop anstoss && npm ci && npm run build && systemctl start anstoss');
    const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    // scripts/build-if-needed.mjs writes dist/.build-stamp after the build; a bare `astro build` did not
    expect(scripts.build).toBe('node scripts/build-if-needed.mjs --force');
  });
});
