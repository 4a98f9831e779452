// `npm run studies:build`: writes the bundled studies (src/pieces/studies/catalogue.ts) as MusicXML
// into public/studies/, removing files of studies no longer in the catalogue. Loads the TypeScript
// through Vite's module runner, as cli/assess.mjs does.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runnerImport } from 'vite';

const root = resolve(import.meta.dirname, '..');
const { module } = await runnerImport(join(root, 'src/pieces/studies/study-build.ts'), {
  configFile: false,
  logLevel: 'error',
});
const folder = join(root, 'public', module.STUDIES_FOLDER);
mkdirSync(folder, { recursive: true });
const files = module.bundledStudyFiles();
const names = new Set(files.map((file) => file.fileName));
for (const name of readdirSync(folder)) {
  if (name.endsWith('.musicxml') && !names.has(name)) rmSync(join(folder, name));
}
for (const { fileName, xml } of files) writeFileSync(join(folder, fileName), xml);
process.stdout.write(`studies:build: ${files.length} files in public/${module.STUDIES_FOLDER}/\n`);
