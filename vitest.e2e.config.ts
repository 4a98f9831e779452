import { defineConfig } from 'vitest/config';
import { TEST_TIMEOUT_MS, WAIT_MS } from './e2e/wait.ts';

// End-to-end tests drive the production build in real headless Chromium (playwright-core).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: TEST_TIMEOUT_MS,
    // Every expect.poll without its own timeout waits this long for its state (e2e/wait.ts).
    expect: { poll: { timeout: WAIT_MS, interval: 100 } },
    fileParallelism: false,
    globalSetup: ['e2e/global-setup.ts'],
  },
});
