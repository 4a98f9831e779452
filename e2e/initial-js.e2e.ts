import { join } from 'node:path';
import { expect, it } from 'vitest';
import { measureInitialJs } from './initial-js';
import { projectRoot } from './paths';

it('the initial JS of the production build stays small (Ionic components tree-shaken)', () => {
  const initial = measureInitialJs(join(projectRoot, 'dist'));
  const kB = (bytes: number) => (bytes / 1000).toFixed(1);
  console.log(
    `initial JS: ${initial.files.length} files, ${kB(initial.rawBytes)} kB raw, ` +
      `${kB(initial.gzipBytes)} kB gzip`,
  );
  expect(initial.files.some((file) => /assets\/index-[^/]+\.js$/.test(file))).toBe(true);
  // Guard, not the budget (a later issue sets it): without the ion-*.js side-effect rule in
  // vite.config.ts every Ionic component is bundled (~312 kB for the shell alone).
  expect(initial.gzipBytes).toBeLessThan(250_000);
});
