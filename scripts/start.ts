// `npm start`: build what is missing, migrate, publish the whole site, serve it.
import { buildIfNeeded } from './build-if-needed';

buildIfNeeded();
const { startApp } = await import('../src/server/app');
const app = await startApp();
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
export {};
