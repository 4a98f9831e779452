/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Vite inlines small assets as data: URLs; the pitch engine must stay a real file so it can be
// fetched same-origin (and precached, and allowed by a strict CSP).
const neverInlineWasm = (filePath: string): boolean | undefined =>
  filePath.endsWith('.wasm') ? false : undefined;

export default defineConfig({
  plugins: [react()],
  build: {
    assetsInlineLimit: neverInlineWasm,
    target: 'es2022',
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'engine/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
  },
});
