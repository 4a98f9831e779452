// `npm run bench:cursor`: the pieces' live cursor on rendered performances (bench/cursor-run.ts),
// loaded through Vite's module runner (the worklet and its imports are TypeScript).
import { resolve } from 'node:path';
import { runnerImport } from 'vite';

const { module } = await runnerImport(resolve(import.meta.dirname, 'cursor-run.ts'), {
  configFile: false,
  logLevel: 'error',
});
module.main();
