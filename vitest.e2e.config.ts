import { defineConfig } from 'vitest/config';

// End-to-end tests drive the production build in real headless Chromium (playwright-core).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    globalSetup: ['e2e/global-setup.ts'],
  },
});
