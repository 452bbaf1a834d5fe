// Starts the server on an existing build (no build check). Compiled with the build
// into <dist>/server-owner/serve.mjs (src/server/server-bundles.ts), which the tests,
// the systemd unit and `npm start` (scripts/start.mjs) run without the tsx loader
// (docs/decisions/048); `node --import tsx scripts/serve.ts` runs the sources. With
// SERVE_WORKERS (default: one per core) static workers serve the files and this
// process owns the rest (docs/decisions/037); SERVE_WORKERS=0 is one process.
const { startServing } = await import('../src/server/cluster');
const { config } = await import('../src/server/config');
const { staleBuildWarning } = await import('../src/server/settings-check');
const { buildIsStale } = await import('./build-stamp.mjs');
// run by the systemd unit without a build step: after an update without `npm run build` the old code would
// serve, and migrate the database to the new sources' migrations
if (buildIsStale(config.projectRoot, config.distDir)) console.warn(staleBuildWarning(config.distDir));
// said in our words (Astro's node adapter, loaded later, logs them too, as from a page's rendering): each place
// that starts work in a callback catches its own errors, and one missed is a line in the log, not a stopped site
process.on('unhandledRejection', (reason) => console.error('[server] unhandled rejection (the server goes on):', reason));
const { exitOnSignals } = await import('../src/server/http/shutdown');
// a signal while migrating and loading: nothing is served yet
const exitWhileStarting = () => process.exit(0);
process.once('SIGTERM', exitWhileStarting).once('SIGINT', exitWhileStarting);
const app = await startServing();
process.off('SIGTERM', exitWhileStarting).off('SIGINT', exitWhileStarting);
// from here on the server answers: a stop is graceful, also during the start's whole-site publish
exitOnSignals(app.close);
await app.published;
export {};
