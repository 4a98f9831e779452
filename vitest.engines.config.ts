import { defineConfig } from 'vitest/config';
import { TEST_TIMEOUT_MS, WAIT_MS } from './e2e/wait.ts';

// The player's flows on one engine (EMBOUCHURE_ENGINE=chromium|webkit|firefox, default webkit):
// the production build, a PulseAudio virtual microphone (docs/testing.md "Other engines").
export default defineConfig({
  test: {
    include: ['e2e/engines/**/*.engine.ts'],
    environment: 'node',
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: TEST_TIMEOUT_MS,
    expect: { poll: { timeout: WAIT_MS, interval: 100 } },
    fileParallelism: false,
    // Firefox ESR stalls a page for good now and then (docs/testing.md "Other engines"; 4 stalls
    // in 8 tests in one run): up to two retries there, each in a fresh browser
    // (e2e/engines/fixture.ts), said in the output.
    retry: process.env.EMBOUCHURE_ENGINE === 'firefox' ? 2 : 0,
    globalSetup: ['e2e/global-setup.ts', 'e2e/engines/global-setup.ts'],
  },
});
