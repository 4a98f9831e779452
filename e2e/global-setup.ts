import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { distDir as builtDir } from './paths';
import { startStaticServer } from './static-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the production build is served, e.g. `http://127.0.0.1:41234` (no trailing slash). */
    baseUrl: string;
  }
}

/** Serves `dist/` once for the whole e2e run; tests read the URL with `baseUrl()` from `./browser`. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const distDir = builtDir();
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(`e2e: ${distDir}/index.html not found: run npm run build first`);
  }
  const server = await startStaticServer(distDir);
  project.provide('baseUrl', server.url);
  return () => server.close();
}
