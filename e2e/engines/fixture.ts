import { afterAll, beforeAll } from 'vitest';
import { launchEngine, type LaunchedEngine } from './engine';
import { showFailures } from './helpers';

/**
 * One browser for a test file (`beforeAll`, closed in `afterAll`, also on failure), set up by
 * `setup` (e.g. what the microphone hears). No retries and no fresh browser behind a test's back:
 * a page that stops answering fails its test (docs/testing.md "Other engines").
 */
export function engineFixture(
  setup: (engine: LaunchedEngine) => void = () => undefined,
  options: Parameters<typeof launchEngine>[0] = {},
) {
  let engine: LaunchedEngine | undefined;
  beforeAll(async () => {
    engine = await launchEngine(options);
    setup(engine);
  });
  afterAll(async () => {
    await engine?.close();
  });
  showFailures(() => engine);
  return (): LaunchedEngine => {
    if (!engine) throw new Error('engines: no browser (beforeAll failed)');
    return engine;
  };
}
