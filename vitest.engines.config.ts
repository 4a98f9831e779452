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
    globalSetup: ['e2e/global-setup.ts', 'e2e/engines/global-setup.ts'],
  },
});
