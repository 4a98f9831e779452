// `node bench/studies-real.mjs [study ids…]` (SEED=n): loads bench/studies-real.ts through Vite's
// module runner, as bench/assess.bench.mjs does.
import { resolve } from 'node:path';
import { runnerImport } from 'vite';

const { module } = await runnerImport(resolve(import.meta.dirname, 'studies-real.ts'), {
  configFile: false,
  logLevel: 'error',
});
module.main(process.argv.slice(2), Number(process.env.SEED ?? 1));
