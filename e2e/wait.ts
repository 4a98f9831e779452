/**
 * The one timeout every browser-test wait uses (`expect.poll`, `locator.waitFor`, Playwright
 * actions): generous, because the suite must pass on a loaded 2-core machine while another suite
 * runs (README "Browser tests"). Tests wait for a state with it, never for a time.
 */
export const WAIT_MS = 30_000;

/** A test may wait several times: its own limit is a few waits long. */
export const TEST_TIMEOUT_MS = 4 * WAIT_MS;
