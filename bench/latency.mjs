// `npm run bench:latency [-- file.wav] [--rate=44100]`: loads bench/latency-run.ts through Vite's
// module runner (the worklet and its imports are TypeScript without file extensions).
import { resolve } from 'node:path';
import { runnerImport } from 'vite';

const { module } = await runnerImport(resolve(import.meta.dirname, 'latency-run.ts'), {
  configFile: false,
  logLevel: 'error',
});
const args = process.argv.slice(2);
await (args.includes('--accuracy') ? module.accuracy(args) : module.main(args));
