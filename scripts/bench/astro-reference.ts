// The reference build runs as a child (it is Astro's own build,
// astro-static-build.ts). The full run starts it after everything else, alone on
// the machine; the smoke run, whose numbers mean nothing, starts it at once so
// that it overlaps the other parts.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { round } from './stats';

export type AstroBuild =
  | {
      totalMs: number;
      bundleMs: number | null;
      generateMs: number | null;
      renderPagesMs: number | null;
      /** HTML pages and text endpoints */
      pages: number;
      /** share images and icons, rendered in the same step */
      images: number;
      prerenderedRoutes: number;
    }
  | { error: string };

/**
 * Astro's own render rate: the files it generated (pages, text endpoints and
 * images, as the publisher counts its own) ÷ its timing of "generating static routes".
 */
export function astroRenderRate(build: AstroBuild): number | null {
  if ('error' in build || !build.renderPagesMs) return null;
  return round(((build.pages + build.images) / build.renderPagesMs) * 1000, 0);
}

export function startAstroBuild(o: { root: string; workDir: string; onChild: (child: ChildProcess) => void }): Promise<AstroBuild> {
  const staticOut = path.join(o.root, '.tmp', `bench-astro-static-${process.pid}`);
  const resultFile = path.join(o.workDir, 'astro-static.json');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(o.root, 'scripts', 'bench', 'astro-static-build.ts'), staticOut, resultFile], {
    cwd: o.root,
    env: { ...process.env, ANSTOSS_DIST: staticOut },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  o.onChild(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      fs.rmSync(staticOut, { recursive: true, force: true });
      try {
        const result = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
        // Astro's own timing of "generating static routes" (rendering every page, nothing else):
        // the last "Completed in" before it rearranges the server assets
        const before = output.slice(0, Math.max(0, output.indexOf('Rearranging server assets')));
        const seconds = [...before.matchAll(/Completed in ([\d.]+)(m?s)/g)].pop();
        result.renderPagesMs = seconds ? Math.round(Number(seconds[1]) * (seconds[2] === 'ms' ? 1 : 1000)) : null;
        resolve(result);
      } catch {
        const tail = output.split('\n').filter((l) => !l.includes('Astro.request.headers')).slice(-15).join('\n');
        resolve({ error: `astro build failed (exit ${code}): ${tail}` });
      }
    });
  });
}
