import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { layeringPlugin, PURE_FILES } from './build/eslint-layering.js';

// Layering (see README "Layout"): the import direction between the folders of src/ is one rule
// over one table (build/eslint-layering.js); pure logic (src/music and the pure session modules,
// PURE_FILES) knows nothing of the UI or the platform; only src/audio touches Web Audio /
// getUserMedia; only src/native imports @capacitor/*. build/layering.test.ts proves each wall
// with a probe import that must fail.
const uiAndPlatform = [
  {
    group: ['react', 'react-dom', 'react-dom/*', 'react/*'],
    message: 'Pure modules must not import React.',
  },
  { group: ['@ionic/*', 'ionicons', 'ionicons/*'], message: 'Pure modules must not import Ionic.' },
  {
    group: ['@capacitor/*', '@capacitor-community/*', '@independo/*'],
    message: 'Only src/native may import Capacitor plugins.',
  },
  {
    group: [
      '**/native/*',
      '**/pages/*',
      '**/shell/*',
      '**/shared-ui/*',
      '**/settings/*',
      '**/lib/use-observable',
    ],
    message: 'Pure modules must not import the shell, UI kit, settings or native code.',
  },
  {
    // The stream's types (readings, note events) are data: a type import carries no Web Audio.
    group: ['**/audio/*'],
    allowTypeImports: true,
    message: 'Pure modules may import only types from src/audio (the stream is data to them).',
  },
];
// Icons are drawn by src/shared-ui/Icon.tsx: build/ionic-per-component.ts cuts IonIcon (and
// ionicons' own Stencil runtime, ~8 kB of initial JS) out of the build.
const noIonIcon = {
  name: '@ionic/react',
  importNames: ['IonIcon'],
  message:
    'Use <Icon> from src/shared-ui/Icon.tsx: IonIcon is cut from the build (README, Bundle size).',
};
// Analytics is consent-first and loaded on demand: only src/analytics may import Firebase.
const firebaseOnlyInAnalytics = {
  group: ['@firebase/*', 'firebase', 'firebase/*'],
  message: 'Only src/analytics may import Firebase (loaded after consent, README "Production").',
};
const webAudioGlobals = [
  'AudioContext',
  'AudioWorkletNode',
  'OfflineAudioContext',
  'AnalyserNode',
  'GainNode',
  'OscillatorNode',
  'MediaStreamAudioSourceNode',
].map((name) => ({
  name,
  message: 'Only src/audio may touch Web Audio.',
}));

// One storage layer (issue 35): only src/storage opens IndexedDB (directly or through Dexie) or
// touches localStorage; everything else asks it (src/storage/index.ts).
const storageMessage = 'Only src/storage opens IndexedDB or touches localStorage (issue 35).';
const storageGlobals = ['localStorage', 'sessionStorage', 'indexedDB'].map((name) => ({
  name,
  message: storageMessage,
}));
const dexieOnlyInStorage = { name: 'dexie', message: storageMessage };

// One AudioContext (issue 20): constructed only in src/audio/clock/app-audio-context.ts, whose
// function only the audio session (the owner) and the web's early start (which hands its context
// to the session) call. OfflineAudioContext (decoding, no clock) is not the one context.
const contextName = '/^(webkit)?AudioContext$/';
const oneContextMessage =
  'Only src/audio/clock/app-audio-context.ts constructs an AudioContext: ask the audio session (getAudioSession().acquire()).';
const newAudioContext = [
  { selector: `NewExpression[callee.name=${contextName}]`, message: oneContextMessage },
  {
    selector: `NewExpression[callee.type='MemberExpression'][callee.object.name=/^(window|globalThis|self)$/][callee.property.name=${contextName}]`,
    message: oneContextMessage,
  },
];
const appContextImport = [
  'ImportDeclaration',
  'ImportExpression',
  'ExportNamedDeclaration',
  'ExportAllDeclaration',
].map((node) => ({
  selector: `${node}[source.value=/app-audio-context$/]`,
  message:
    'Only the audio session and the early start make the one AudioContext (app-audio-context.ts).',
}));

// Pure modules decide; they do not store, fetch, wait, broadcast or read a clock (issue 41): the
// time comes in with the readings or the caller's arguments, what to keep goes back to the caller.
const pureMessage = (what) =>
  `Pure modules must not ${what}: take it as an argument or a callback (issue 41).`;
const pureGlobals = [
  ...webAudioGlobals,
  ...storageGlobals,
  ...['navigator', 'window', 'document', 'globalThis', 'self'].map((name) => ({
    name,
    message: pureMessage('touch the platform'),
  })),
  { name: 'fetch', message: pureMessage('use the network') },
  { name: 'XMLHttpRequest', message: pureMessage('use the network') },
  { name: 'BroadcastChannel', message: pureMessage('broadcast') },
  ...['setTimeout', 'setInterval', 'requestAnimationFrame', 'queueMicrotask'].map((name) => ({
    name,
    message: pureMessage('schedule work'),
  })),
];
const pureClocks = [
  { object: 'performance', property: 'now', message: pureMessage('read a clock') },
  { object: 'Date', property: 'now', message: pureMessage('read a clock') },
];
const pureImports = [
  {
    // fflate is the one package: the .mxl unzip (src/music/score/mxl.ts), plain code over bytes.
    regex: '^(?![./]|fflate$)',
    message: pureMessage('import a package'),
  },
  {
    group: ['**/lib/clean-pass', '**/lib/practice-activity'],
    message: pureMessage('report to an app-wide bus'),
  },
];
// A module singleton's getter (getHistoryStore, getSettingsStore, …): the store is the caller's.
const pureStoreGetters = [
  {
    selector: 'ImportSpecifier[imported.name=/^get\\w*Store$/]',
    message: pureMessage('reach a store (get*Store)'),
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'android',
      'ios',
      'engine/assembly/**',
      'engine/build/**',
      'coverage',
      '.scratch',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { layering: layeringPlugin },
    rules: { 'layering/import-direction': 'error', 'layering/no-cycle': 'error' },
  },
  {
    // Test support out of production: the app, the CLI and the benches (issue 41).
    files: ['src/**/*.{ts,tsx}', 'cli/**/*.{ts,mjs,js}', 'bench/**/*.{ts,mjs,js}'],
    plugins: { layering: layeringPlugin },
    rules: { 'layering/no-testing': 'error' },
  },
  {
    // The one AudioContext, in lint (replaces a regex scan of src/): tests and fakes may build them.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/testing/**'],
    rules: { 'no-restricted-syntax': ['error', ...newAudioContext, ...appContextImport] },
  },
  {
    files: ['src/audio/clock/app-audio-context.ts'],
    rules: { 'no-restricted-syntax': ['error', ...appContextImport] },
  },
  {
    files: ['src/audio/output/audio-session.ts', 'src/audio/stream/early-start.ts'],
    rules: { 'no-restricted-syntax': ['error', ...newAudioContext] },
  },
  {
    files: PURE_FILES,
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [dexieOnlyInStorage], patterns: [...uiAndPlatform, firebaseOnlyInAnalytics] },
      ],
      'no-restricted-globals': [
        'error',
        ...webAudioGlobals,
        ...storageGlobals,
        { name: 'navigator', message: 'Pure modules must not touch the platform.' },
        { name: 'window', message: 'Pure modules must not touch the platform.' },
        { name: 'document', message: 'Pure modules must not touch the platform.' },
      ],
    },
  },
  {
    // The pure code itself (its tests may use vitest, timers and fakes).
    files: PURE_FILES,
    ignores: ['**/*.test.ts', '**/testing/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [dexieOnlyInStorage],
          patterns: [...uiAndPlatform, firebaseOnlyInAnalytics, ...pureImports],
        },
      ],
      'no-restricted-globals': ['error', ...pureGlobals],
      'no-restricted-properties': ['error', ...pureClocks],
      'no-restricted-syntax': [
        'error',
        ...newAudioContext,
        ...appContextImport,
        ...pureStoreGetters,
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/native/**', 'src/storage/**', ...PURE_FILES],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noIonIcon, dexieOnlyInStorage],
          patterns: [uiAndPlatform[2], firebaseOnlyInAnalytics],
        },
      ],
    },
  },
  {
    // Tests may write a database as an older version of the app did (migration tests).
    files: ['src/storage/**/*.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    ignores: ['src/native/**', ...PURE_FILES],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [noIonIcon], patterns: [uiAndPlatform[2], firebaseOnlyInAnalytics] },
      ],
    },
  },
  {
    files: ['src/analytics/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [noIonIcon, dexieOnlyInStorage], patterns: [uiAndPlatform[2]] },
      ],
    },
  },
  {
    files: ['src/native/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [dexieOnlyInStorage], patterns: [firebaseOnlyInAnalytics] },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/audio/**', 'src/storage/**', ...PURE_FILES],
    rules: {
      'no-restricted-globals': ['error', ...webAudioGlobals, ...storageGlobals],
      'no-restricted-properties': [
        'error',
        {
          object: 'navigator',
          property: 'mediaDevices',
          message: 'Only src/audio may touch getUserMedia.',
        },
      ],
    },
  },
  {
    // src/storage may touch storage, not Web Audio; src/audio (outside the worklet) the reverse.
    files: ['src/storage/**/*.{ts,tsx}'],
    rules: { 'no-restricted-globals': ['error', ...webAudioGlobals] },
  },
  {
    files: ['src/audio/**/*.{ts,tsx}'],
    ignores: ['src/audio/worklet/**', ...PURE_FILES],
    rules: { 'no-restricted-globals': ['error', ...storageGlobals] },
  },
  {
    // The audio thread: no DOM or platform globals (tsconfig.worklet.json checks the types too).
    files: ['src/audio/worklet/**/*.ts'],
    ignores: ['src/audio/worklet/**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...webAudioGlobals,
        ...[
          'window',
          'document',
          'navigator',
          'fetch',
          'localStorage',
          'indexedDB',
          'setTimeout',
        ].map((name) => ({
          name,
          message:
            'Audio-thread code runs in the AudioWorkletGlobalScope, which has no ' + name + '.',
        })),
      ],
    },
  },
  {
    // Module size (issue 41): a file over 300 lines is split, or says on its first line why it
    // stays long (`/* eslint-disable max-lines -- <reason> */`). Tests are lists of cases, left out.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/testing/**', 'src/**/*.test-data.ts'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    // Web Workers: their own realm (issue 41), like the audio thread's. A worker has no window,
    // document or storage, and renders nothing, so React and Ionic have no place in one.
    files: ['src/**/*.worker.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...webAudioGlobals,
        ...storageGlobals,
        ...['window', 'document'].map((name) => ({
          name,
          message: `A Web Worker (*.worker.ts) has no ${name}: post what the page needs back to it.`,
        })),
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [noIonIcon, dexieOnlyInStorage],
          patterns: [
            {
              group: [
                'react',
                'react-dom',
                'react-dom/*',
                'react/*',
                '@ionic/*',
                'ionicons',
                'ionicons/*',
              ],
              message: 'A Web Worker (*.worker.ts) renders nothing: no React or Ionic in it.',
            },
            uiAndPlatform[2],
            firebaseOnlyInAnalytics,
          ],
        },
      ],
    },
  },
  {
    // Type-aware rules (typescript-eslint, with the project's tsconfigs): promises that are never
    // awaited or handled, awaits of non-promises, and casts that change nothing (`x as number`
    // where x is a number already). Left out, with reasons: restrict-template-expressions and
    // no-confusing-void-expression (style: ~800 sites of `${n}` and `() => void`),
    // no-unnecessary-condition (it reads noUncheckedIndexedAccess guards as dead), only-throw-error
    // (the pitch service throws its typed PitchServiceError data on purpose), no-deprecated (the
    // ScriptProcessor fallback in src/audio/recording is deliberate), no-unnecessary-type-conversion
    // (validators call String() on values that are typed but may come from JSON), and the
    // no-unsafe-* rules in tests (JSON.parse of fixtures).
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/no-unnecessary-type-arguments': 'error',
      '@typescript-eslint/no-unnecessary-boolean-literal-compare': 'error',
      '@typescript-eslint/no-meaningless-void-operator': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Browser tests wait for states, never for a time (docs/testing.md): no sleep, no Playwright
    // waitForTimeout, no awaited bare timer. A timer that bounds a wait (a Promise.race cap, a
    // failure deadline) is not a wait and is not matched.
    files: ['e2e/**/*.ts'],
    // waitUntil's 100 ms between checks that a process is ready: a poll interval, not a wait.
    ignores: ['e2e/engines/processes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.name='sleep']",
          "CallExpression[callee.property.name='waitForTimeout']",
          "AwaitExpression > NewExpression[callee.name='Promise'] > ArrowFunctionExpression > CallExpression.body[callee.name='setTimeout']",
          "AwaitExpression > NewExpression[callee.name='Promise'] > ArrowFunctionExpression > BlockStatement > ExpressionStatement > CallExpression[callee.name='setTimeout']",
        ].map((selector) => ({
          selector,
          message:
            'e2e tests wait for a state, never for a time (docs/testing.md): use expect.poll or a locator.',
        })),
      ],
    },
  },
  {
    files: [
      '*.{js,mjs,ts}',
      'bench/**/*.{js,mjs,ts}',
      'cli/**/*.{js,mjs,ts}',
      'server/**/*.ts',
      'build/**/*.ts',
      'e2e/**/*.ts',
      'engine/*.{mjs,ts}',
      'engine/**/*.test.ts',
      '.ci/**/*.mjs',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
);
