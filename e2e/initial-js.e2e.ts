import { expect, it } from 'vitest';
import { INITIAL_JS_BUDGET_GZIP_BYTES, measureInitialJs } from './initial-js';
import { distDir } from './paths';

it('the initial JS of the production build stays within the budget (141 kB gzip)', () => {
  const initial = measureInitialJs(distDir());
  const kB = (bytes: number) => (bytes / 1000).toFixed(1);
  console.log(
    `initial JS: ${initial.files.length} files, ${kB(initial.rawBytes)} kB raw, ` +
      `${kB(initial.gzipBytes)} kB gzip (budget ${kB(INITIAL_JS_BUDGET_GZIP_BYTES)} kB)`,
  );
  expect(initial.files.some((file) => /assets\/index-[^/]+\.js$/.test(file))).toBe(true);
  // The budget (issue 6, lowered by issue 13). Over it? See README "Bundle size" for what keeps
  // it down: Ionic components imported per component (build/ionic-per-component.ts), no IonIcon,
  // side-effect-free modules, lazy pages, the pitch service loaded beside the first render,
  // Capacitor loaded on native only.
  expect(initial.gzipBytes).toBeLessThanOrEqual(INITIAL_JS_BUDGET_GZIP_BYTES);
});
