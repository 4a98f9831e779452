/// <reference types="vitest/config" />
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { cspMetaPlugin, syncConnectSources } from './build/csp.ts';
import { hasFirebaseConfig } from './build/firebase-env.ts';
import { ionicPerComponentPlugin } from './build/ionic-per-component.ts';
import { pwaPlugin } from './build/pwa.ts';
import { earlyMicrophonePlugin } from './build/early-microphone.ts';
import { startupPreloadPlugin } from './build/startup-preload.ts';

// Vite inlines small assets as data: URLs; the pitch engine must stay a real file so it can be
// fetched same-origin (and precached, and allowed by a strict CSP).
const neverInlineWasm = (filePath: string): boolean | undefined =>
  filePath.endsWith('.wasm') ? false : undefined;

// @ionic/react imports every Ionic web component; each `ion-*.js` module only defines classes and
// registers its element when its React wrapper first renders. Marking those modules side-effect
// free lets the bundler drop the components the app never uses (initial JS ~312 → see README).
const ionicComponentsAreSideEffectFree = [
  { test: /[\\/]@ionic[\\/]core[\\/]components[\\/]ion-[a-z-]+\.js$/, sideEffects: false },
  // The components barrel only re-exports (plus one function): importing it (as @ionic/react does
  // for the overlay controllers) must not keep every re-exported module in the entry. Without
  // this, an IonModal in a lazy chunk put Ionic's overlay code (focus trap, present/dismiss) in
  // the shared entry chunk: +3.6 kB gzip.
  { test: /[\\/]@ionic[\\/]core[\\/]components[\\/]index\.js$/, sideEffects: false },
  // The src/native barrel only re-exports: the entry imports currentPlatform through it, and the
  // native-only ports it also re-exports (microphone permission, status bar, keep-awake; used by
  // the lazy native start-up) must not come into the entry with it.
  { test: /[\\/]src[\\/]native[\\/]index\.ts$/, sideEffects: false },
  // src/music is pure by lint rule (eslint.config.js): an unused table there is dead code.
  { test: /[\\/]src[\\/]music[\\/][a-z-]+\.ts$/, sideEffects: false },
];

export default defineConfig(({ mode }) => {
  // One decision for the CSP and the app's code (src/analytics/env.d.ts): a build with the
  // analytics configuration in its environment, or one without, where no analytics code loads.
  const analyticsConfigured = hasFirebaseConfig(loadEnv(mode, process.cwd(), 'VITE_FIREBASE_'));
  // The account's sync server (src/storage/sync/shared-sync.ts reads the same variable).
  const syncUrl =
    loadEnv(mode, process.cwd(), 'VITE_SYNC_').VITE_SYNC_URL || 'http://127.0.0.1:5984';
  return {
    define: { __ANALYTICS_CONFIGURED__: JSON.stringify(analyticsConfigured) },
    plugins: [
      // Ionic components travel with the lazy page that uses them (initial JS budget, README).
      ionicPerComponentPlugin(),
      react(),
      // CSP meta tag in the built index.html; widened for Google's analytics only when configured.
      // Manifest + Workbox service worker precaching the whole build (offline after one visit).
      pwaPlugin(),
      cspMetaPlugin({ analytics: analyticsConfigured, sync: syncConnectSources(syncUrl) }),
      // The engine .wasm and the worklet are fetched from index.html, beside the entry script.
      startupPreloadPlugin(),
      // The page's first script asks for the microphone before the entry has arrived.
      earlyMicrophonePlugin(),
    ],
    build: {
      assetsInlineLimit: neverInlineWasm,
      // Every browser the app supports has modulepreload (Safari/iOS 17, Firefox 115, Chrome 66):
      // the polyfill was 0.4 kB of initial JS and a MutationObserver on the whole document.
      modulePreload: { polyfill: false },
      target: 'es2022',
      rolldownOptions: {
        output: {
          // The settings and the storage layer's key-value and error modules (with the small
          // modules they import: the observable, note names, transposition) in one chunk: the
          // first page needs all of them, and the lazy features share them. On their own the
          // storage modules were one more file and the initial JS went over its budget (141.4 kB
          // gzip); as one chunk it is 140.3 kB (issue 35). The settings' sync adapter is left out:
          // a group takes every module it matches, and only the lazy sync code needs that one.
          codeSplitting: {
            groups: [
              {
                name: 'settings',
                test: /[\\/]src[\\/](settings[\\/](?!settings-sync)|storage[\\/](key-value|storage-errors|synced-item|index)\.ts)/,
              },
            ],
          },
        },
        treeshake: {
          moduleSideEffects: ionicComponentsAreSideEffectFree,
          // @ionic/react builds some wrappers as `const IonX = createForwardRef(…)` at module level
          // without a pure annotation, so unused ones stayed in the entry (0.25 kB gzip). The call
          // only builds a component.
          manualPureFunctions: ['createForwardRef'],
        },
      },
    },
    server: { host: '127.0.0.1', port: 5173 },
    preview: { host: '127.0.0.1', port: 4173 },
    test: {
      include: [
        'src/**/*.test.ts',
        'src/**/*.test.tsx',
        'engine/**/*.test.ts',
        'bench/**/*.test.ts',
        'cli/**/*.test.ts',
        'build/**/*.test.ts',
        'server/**/*.test.ts',
      ],
      environment: 'node',
    },
  };
});
