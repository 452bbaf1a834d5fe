// Starts the server on an existing build (no build check): what the browser
// tests run, and the second half of `npm start` (scripts/start.ts).
const { startApp } = await import('../src/server/app');
const { exitOnSignals } = await import('../src/server/http/shutdown');
// a signal while starting: nothing is served yet and files are written atomically
const exitWhileStarting = () => process.exit(0);
process.once('SIGTERM', exitWhileStarting).once('SIGINT', exitWhileStarting);
const app = await startApp();
process.off('SIGTERM', exitWhileStarting).off('SIGINT', exitWhileStarting);
exitOnSignals(app.close);
export {};
