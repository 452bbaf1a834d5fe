// The build runs without Vite's own variable names from the environment: with
// DEV=1 (a vitest worker's) a build shipped every page without its script policy.
import { afterEach, describe, expect, it } from 'vitest';
import config from '../../astro.config.mjs';
import { VITE_ENV_NAMES, buildWithoutViteEnvNames } from './build-env';

const saved = Object.fromEntries(VITE_ENV_NAMES.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of VITE_ENV_NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

type Setup = (options: { command: string }) => void;
const setup = () => buildWithoutViteEnvNames().hooks['astro:config:setup'] as unknown as Setup;

describe('the build environment', () => {
  it('a build drops DEV, PROD, SSR, MODE and BASE_URL; the dev server and astro check keep them', () => {
    for (const name of VITE_ENV_NAMES) process.env[name] = '1';
    setup()({ command: 'dev' });
    setup()({ command: 'sync' });
    expect(VITE_ENV_NAMES.map((name) => process.env[name])).toEqual(['1', '1', '1', '1', '1']);
    setup()({ command: 'build' });
    expect(VITE_ENV_NAMES.filter((name) => name in process.env)).toEqual([]);
  });

  it('is the first integration of the site, before any other reads the environment', () => {
    expect(config.integrations?.[0]).toMatchObject({ name: 'anstoss:build-env' });
  });
});
