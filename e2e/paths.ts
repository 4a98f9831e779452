import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (the folder holding package.json). */
export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The labelled trumpet recordings (GPL-2, read by path, never copied into the repo):
 * `$EMBOUCHURE_AUDIO_DIR` if set, else `../shared/audio` beside the project root.
 */
export function audioDir(): string {
  const fromEnv = process.env.EMBOUCHURE_AUDIO_DIR;
  if (fromEnv) return isAbsolute(fromEnv) ? fromEnv : resolve(projectRoot, fromEnv);
  return resolve(projectRoot, '..', 'shared', 'audio');
}

/** Absolute path of one file of the corpus; throws a clear error if it is missing. */
export function audioFile(name: string): string {
  const filePath = join(audioDir(), name);
  if (!existsSync(filePath)) {
    throw new Error(
      `e2e: audio file ${filePath} not found (set EMBOUCHURE_AUDIO_DIR to the corpus folder)`,
    );
  }
  return filePath;
}

/**
 * The production build the e2e tests serve: `dist/`, or `$EMBOUCHURE_DIST_DIR` (a build made
 * elsewhere, e.g. `vite build --outDir /tmp/x`, so a test run does not race another build).
 */
export function distDir(): string {
  const fromEnv = process.env.EMBOUCHURE_DIST_DIR;
  if (fromEnv) return isAbsolute(fromEnv) ? fromEnv : resolve(projectRoot, fromEnv);
  return join(projectRoot, 'dist');
}
