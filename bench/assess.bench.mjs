// `npm run bench:assess [-- --no-tempo --no-corpus --no-sweeps --no-cost]`: loads bench/assess-run.ts through
// Vite's module runner (the worklet and its imports are TypeScript without file extensions).
import { resolve } from 'node:path';
import { runnerImport } from 'vite';

const { module } = await runnerImport(resolve(import.meta.dirname, 'assess-run.ts'), {
  configFile: false,
  logLevel: 'error',
});
module.main(process.argv.slice(2));
