// `npm run soak:metronome [-- --minutes=60]`: loads bench/metronome-soak-run.ts through Vite's
// module runner (as bench/soak.mjs does). Needs --expose-gc (the npm script passes it).
import { resolve } from 'node:path';
import { runnerImport } from 'vite';

const { module } = await runnerImport(resolve(import.meta.dirname, 'metronome-soak-run.ts'), {
  configFile: false,
  logLevel: 'error',
});
module.main(process.argv.slice(2));
