// `npm run soak [-- --minutes=10]`: loads bench/soak-run.ts through Vite's module runner (see
// bench/latency.mjs). Needs --expose-gc (the npm script passes it) to measure the heap after GC.
import { resolve } from 'node:path';
import { runnerImport } from 'vite';

const { module } = await runnerImport(resolve(import.meta.dirname, 'soak-run.ts'), {
  configFile: false,
  logLevel: 'error',
});
await module.main(process.argv.slice(2));
