// Starts the server on an existing build (no build check): what the browser
// tests run. `npm start` is scripts/start.ts, which builds first.
const { startApp } = await import('../src/server/app');
const app = await startApp();
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
export {};
