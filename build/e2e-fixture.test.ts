import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One browser fixture (issue 20, docs/testing.md): every Chromium test in `e2e/` gets its browser
 * from `e2e/app-fixture.ts` (`sharedBrowser`, `browserPerTest`), which launches it, checks its
 * page errors and closes it in one place. No other file there launches Chromium itself. The
 * engine tests (`e2e/engines/`) have their own harness and are not checked.
 */
const FIXTURE_FILES = new Set([
  'browser.ts', // defines launchBrowser
  'app-fixture.ts', // the fixture
]);

/** Lines of a source that import or call `launchBrowser` (comments left out). */
export function privateLaunches(source: string): string[] {
  return source
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .filter((line) => /\blaunchBrowser\b/.test(line))
    .map((line) => line.trim());
}

describe('e2e browsers come from the fixture', () => {
  it('finds an import and a call of launchBrowser, not a comment (the probe can fail)', () => {
    expect(privateLaunches("import { appUrl, launchBrowser } from './browser';")).toHaveLength(1);
    expect(privateLaunches('import {\n  activePage,\n  launchBrowser,\n} from')).toHaveLength(1);
    expect(privateLaunches('  const b = await launchBrowser({ wav });')).toHaveLength(1);
    expect(privateLaunches(' * `launchBrowser` of e2e/browser.ts\n// launchBrowser')).toEqual([]);
    expect(privateLaunches('const browser = sharedBrowser({ mic: "none" });')).toEqual([]);
  });

  it('no file in e2e/ but the fixture launches Chromium itself', () => {
    const dir = join(import.meta.dirname, '..', 'e2e');
    const found = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .filter((entry) => !FIXTURE_FILES.has(entry.name))
      .flatMap((entry) =>
        privateLaunches(readFileSync(join(dir, entry.name), 'utf8')).map(
          (line) => `e2e/${entry.name}: ${line}`,
        ),
      );
    expect(found).toEqual([]);
  });
});
