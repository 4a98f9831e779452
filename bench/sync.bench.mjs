// `npm run bench:sync`: loads bench/sync-run.ts through Vite's module runner (the sync engine's
// modules are TypeScript without file extensions), against the real embedded sync server.
import { resolve } from 'node:path';
import { runnerImport } from 'vite';

const { module } = await runnerImport(resolve(import.meta.dirname, 'sync-run.ts'), {
  configFile: false,
  logLevel: 'error',
});
await module.main(process.argv.slice(2));
