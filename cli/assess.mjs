// `npm run assess -- --score PIECE.musicxml --audio TAKE.wav [...]`: loads cli/assess-command.ts through
// Vite's module runner (the worklet and its imports are TypeScript without file extensions).
import { resolve } from 'node:path';
import { runnerImport } from 'vite';

const { module } = await runnerImport(resolve(import.meta.dirname, 'assess-command.ts'), {
  configFile: false,
  logLevel: 'error',
});
try {
  const { text } = module.runAssess(process.argv.slice(2));
  process.stdout.write(`${text}\n`);
} catch (error) {
  if (error instanceof module.UsageError) {
    process.stderr.write(`assess: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`assess: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
