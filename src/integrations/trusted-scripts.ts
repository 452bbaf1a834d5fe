// The inline scripts a page may run, known when the site is built (docs/decisions/010, update of
// 2026-11-30): Astro's island loader, the scripts of its client directives (ours among them), the
// component scripts it inlined, and our own (src/lib/inline-scripts.ts). Their SHA-256 hashes go into
// <build>/server/trusted-scripts.json, which the policy (src/server/http/csp.ts) lists from. Before,
// the policy listed every inline script it found in a page: a script that reached a page because
// escaping failed somewhere was listed, and ran.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import { OWN_INLINE_SCRIPTS } from '../lib/inline-scripts';
import { TRUSTED_SCRIPTS_FILE, scriptSource } from '../server/http/csp';

export function trustedScripts(): AstroIntegration {
  let serverDir: string | null = null;
  return {
    name: 'anstoss:trusted-scripts',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = fileURLToPath(config.build.server);
      },
      'astro:build:ssr': ({ manifest }) => {
        // islandScript: the loader Astro puts before the first island of a page (runtime/server/scripts.js)
        const texts = [islandScript, ...manifest.clientDirectives.map(([, text]) => text), ...manifest.inlinedScripts.map(([, text]) => text), ...OWN_INLINE_SCRIPTS];
        const hashes = [...new Set(texts.map(scriptSource))].sort();
        fs.mkdirSync(serverDir!, { recursive: true });
        fs.writeFileSync(path.join(serverDir!, TRUSTED_SCRIPTS_FILE), `${JSON.stringify({ hashes }, null, 1)}\n`);
      },
    },
  };
}
