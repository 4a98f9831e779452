import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Browser tests wait for states, never for a time (docs/testing.md): no `sleep`, no Playwright
 * `waitForTimeout`, no awaited bare timer in `e2e/`. A timer that bounds a wait (a `Promise.race`
 * cap, a failure deadline) is not a wait and is not matched.
 */
const TIMED_WAITS = [
  /\bwaitForTimeout\s*\(/,
  /\bsleep\s*\(/,
  /await\s+new\s+Promise\s*(<[^>]*>)?\s*\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*setTimeout\s*\(\s*\2\s*,/,
];

/** Awaited timers that are a poll interval between checks of a state, with why. */
const ALLOWED = new Map([
  ['e2e/engines/processes.ts', "waitUntil's 100 ms between checks that a process is ready"],
]);

export function timedWaits(source: string): string[] {
  return source
    .split('\n')
    .filter((line) => !line.trim().startsWith('//') && !line.trim().startsWith('*'))
    .filter((line) => TIMED_WAITS.some((pattern) => pattern.test(line)))
    .map((line) => line.trim());
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('e2e waits are for states', () => {
  it('finds a sleep, a waitForTimeout and an awaited bare timer (the probe can fail)', () => {
    expect(timedWaits('await sleep(4000);')).toHaveLength(1);
    expect(timedWaits('await page.waitForTimeout(500);')).toHaveLength(1);
    expect(
      timedWaits('    await new Promise((resolve) => setTimeout(resolve, 1500));'),
    ).toHaveLength(1);
    expect(timedWaits('await new Promise<void>((r) => setTimeout(r, 10));')).toHaveLength(1);
  });

  it('leaves a timer that bounds a wait alone (a race cap, a deadline)', () => {
    expect(
      timedWaits(
        'await Promise.race([close(), new Promise((resolve) => setTimeout(resolve, 5000))]);',
      ),
    ).toEqual([]);
    expect(timedWaits('const timer = setTimeout(() => reject(new Error("late")), ms);')).toEqual(
      [],
    );
  });

  it('no file in e2e/ waits for a time', () => {
    const root = join(import.meta.dirname, '..');
    const found = sources(join(root, 'e2e'))
      .map((path) => ({ file: relative(root, path).split('\\').join('/'), path }))
      .filter(({ file }) => !ALLOWED.has(file))
      .flatMap(({ file, path }) =>
        timedWaits(readFileSync(path, 'utf8')).map((l) => `${file}: ${l}`),
      );
    expect(found).toEqual([]);
  });
});
