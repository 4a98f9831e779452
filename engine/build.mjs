// Compile the AssemblyScript pitch engine to engine/build/pitch-engine.wasm (run by
// `npm run build:engine`). Stub runtime and no imports: the module instantiates with `{}` in
// Node, a page or an AudioWorkletGlobalScope.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import asc from 'assemblyscript/asc';

const here = dirname(fileURLToPath(import.meta.url));
const outFile = join(here, 'build', 'pitch-engine.wasm');
mkdirSync(dirname(outFile), { recursive: true });

const args = [
  join(here, 'assembly', 'index.ts'),
  '--outFile',
  outFile,
  '--textFile',
  join(here, 'build', 'pitch-engine.wat'),
  '--runtime',
  'stub',
  '--optimizeLevel',
  '3',
  '--shrinkLevel',
  '0',
  '--converge',
  '--noAssert',
  '--enable',
  'simd',
  // No `env.abort` import: the engine never throws, and an import-free module is simpler to load.
  '--use',
  'abort=',
  '--initialMemory',
  '1',
];

const { error, stderr } = await asc.main(args, {});
if (error) {
  console.error(stderr.toString());
  console.error(`pitch engine build failed: ${error.message}`);
  process.exit(1);
}
console.log(`pitch engine: ${outFile}`);
