// `npm start`: build what is missing, then what scripts/serve.ts does (migrate,
// publish the whole site, serve it, stop gracefully on SIGTERM or SIGINT).
import { buildIfNeeded } from './build-if-needed';

buildIfNeeded();
await import('./serve');
