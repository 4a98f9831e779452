// `npm run assess:table`: the characteristic performances of docs/assessment.md, rendered from
// the corpus's trumpet notes and graded by the CLI, printed as the markdown table.
import { resolve } from 'node:path';
import { runnerImport } from 'vite';

const { module } = await runnerImport(resolve(import.meta.dirname, 'teacher-table.ts'), {
  configFile: false,
  logLevel: 'error',
});
module.main();
