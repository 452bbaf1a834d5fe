// The first half of `npm run bench`: compiles the benchmark's harness into dist-bench/run.mjs, which
// the second half runs with plain Node. Its publishing part runs the server's code in its own process,
// so that code is measured as the server runs it: compiled, without the tsx loader (docs/decisions/048).
// Outside dist/: the harness may build the app, which replaces dist/.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildBenchmark } from '../../src/server/server-bundles';

export const benchEntry = () => path.join(process.cwd(), 'dist-bench', 'run.mjs');

// as a URL: a checkout under '/home/jürgen/Verein Anstoß' is percent-encoded in import.meta.url (it bundled nothing)
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildBenchmark(path.dirname(benchEntry()));
