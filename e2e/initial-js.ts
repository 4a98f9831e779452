import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Initial JS budget: 141 kB gzip (1 kB = 1000 bytes), enforced by `initial-js.e2e.ts` in
 * `npm test`. Issue 13 asked for less than 141 kB; it was 150 before IonIcon was cut and the pitch
 * service went lazy, ~139 after.
 */
export const INITIAL_JS_BUDGET_GZIP_BYTES = 141_000;

export interface InitialJs {
  /** The entry script and the chunks index.html modulepreloads, e.g. `assets/index-abc.js`. */
  files: string[];
  rawBytes: number;
  /** gzip level 9 sum of the files, what a server with gzip would send. */
  gzipBytes: number;
}

/**
 * The JavaScript a first visit downloads before anything lazy: what `dist/index.html` loads
 * (`<script type="module" src>`) plus what it modulepreloads. Lazy page chunks are not counted.
 */
export function measureInitialJs(distDir: string): InitialJs {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const pattern = /<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/?([^"]+\.js)"/g;
  const files = [...html.matchAll(pattern)].map((match) => match[1]);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const bytes = readFileSync(join(distDir, file));
    rawBytes += bytes.length;
    gzipBytes += gzipSync(bytes, { level: 9 }).length;
  }
  return { files, rawBytes, gzipBytes };
}
