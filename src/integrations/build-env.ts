// A build without the environment variables Vite reads as its own. Vite fills
// `import.meta.env.DEV`, `PROD`, `SSR`, `MODE` and `BASE_URL` from variables of
// these names where the environment has them: a build started from a vitest
// worker (which sets DEV=1, as a test that rebuilds a stale dist/ does) or from
// a shell with DEV=1 compiled `import.meta.env.DEV` as true, and the middleware
// then put no script policy on any page or answer (src/middleware.ts,
// docs/decisions/010). `astro dev`, `astro check` and the tests keep theirs.
import type { AstroIntegration } from 'astro';

export const VITE_ENV_NAMES = ['DEV', 'PROD', 'SSR', 'MODE', 'BASE_URL'] as const;

export function buildWithoutViteEnvNames(): AstroIntegration {
  return {
    name: 'anstoss:build-env',
    hooks: {
      'astro:config:setup': ({ command }) => {
        if (command === 'build') for (const name of VITE_ENV_NAMES) delete process.env[name];
      },
    },
  };
}
