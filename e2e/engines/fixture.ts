import { afterAll, beforeAll, beforeEach } from 'vitest';
import { launchEngine, type LaunchedEngine } from './engine';
import type { EnginePage } from './engine-page';
import { showFailures } from './helpers';

/** Whether the page still runs a script within `ms` (a stalled engine does not). */
async function answers(page: EnginePage, ms = 5000): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const answered = page.evaluate(() => true).catch(() => false);
  const result = await Promise.race([answered, late]);
  clearTimeout(timer);
  return result;
}

/**
 * One browser for a test file (`beforeAll`, closed in `afterAll`), set up by `setup` (e.g. what
 * the microphone hears). Firefox ESR has stalled a page for good (docs/testing.md "Other
 * engines"): before each test, a page that no longer answers is replaced by a fresh browser, said
 * in the output, so a retried test (vitest.engines.config.ts) does not meet the same dead page.
 */
export function engineFixture(setup: (engine: LaunchedEngine) => void = () => undefined) {
  let engine: LaunchedEngine | undefined;
  const launch = async (): Promise<void> => {
    engine = await launchEngine();
    setup(engine);
  };
  beforeAll(launch);
  afterAll(async () => {
    await engine?.close();
  });
  showFailures(() => engine);
  beforeEach(async () => {
    if (!engine || (await answers(engine.page))) return;
    console.error(
      `engines: the ${engine.page.engine} page stopped answering (an engine stall, docs/testing.md): a fresh browser for the next test`,
    );
    await engine.close().catch(() => undefined);
    await launch();
  });
  return (): LaunchedEngine => {
    if (!engine) throw new Error('engines: no browser (beforeAll failed)');
    return engine;
  };
}
