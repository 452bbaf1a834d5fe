import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A checkout may lie under a path with a space or an umlaut ('/home/jürgen/Verein Anstoß'): import.meta.url
// percent-encodes it. Compared with a plain 'file://' + path, `npm run bench` bundled nothing (and ran a stale
// harness); read as a URL's pathname, two unit tests read a folder that is not there.
const PLAIN_FILE_URL = 'file:' + '//${';
const URL_PATHNAME = 'URL(import.meta.url)' + '.pathname';

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return /\.(ts|tsx|mjs|js|astro)$/.test(entry.name) ? [full] : [];
  });
}

describe('the code runs from a checkout whose path has a space or an umlaut', () => {
  it('compares and reads module addresses as URLs (pathToFileURL, fileURLToPath)', () => {
    const files = ['scripts', 'src', 'tests', 'bench'].filter((dir) => fs.existsSync(dir)).flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    const found = files.filter((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return text.includes(PLAIN_FILE_URL) || text.includes(URL_PATHNAME);
    });
    expect(found).toEqual([]);
  });
});
