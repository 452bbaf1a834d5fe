// `npm run migrate`: applies the committed migrations (also done on every start).
import './as-data-owner';
import { saidIfFailed } from './command-line';

const { config } = await import('../src/server/config');
const { getDb } = await import('../src/server/db/client');
await saidIfFailed(() => getDb());
console.info(`[migrate] ${config.dbPath} is up to date`);
export {};
