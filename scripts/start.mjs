// `npm start`: build what is missing, then run the compiled server (scripts/serve.ts
// as built: migrate, publish the whole site, serve it, stop gracefully on SIGTERM or
// SIGINT). Plain JavaScript, so the server process never loads the tsx loader
// (docs/decisions/048).
import { pathToFileURL } from 'node:url';
import { buildIfNeeded, ownerEntry } from './build-if-needed.mjs';

buildIfNeeded();
await import(pathToFileURL(ownerEntry()).href);
