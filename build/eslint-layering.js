// The import direction of src/, as one ESLint rule over one table (README "Layout"). Data flows one
// way: mic → audio → the stream → features (views, sessions) → pages → the shell. A folder may
// import only the folders its row allows; other folders reach src/music through its entry point.
import fs from 'node:fs';
import path from 'node:path';
import { importGraph, pathBetween, resolveImport } from './import-graph.js';

/**
 * For each folder of src/, the folders of src/ it imports (its own is always allowed): only the
 * edges the code uses (build/layering.test.ts fails on an edge nobody uses, so a wall that is no
 * longer needed cannot stay open). A folder missing from the table fails lint; the top-level files
 * (main.tsx, App.tsx) may import anything.
 */
export const LAYERS = {
  lib: [],
  music: [],
  // The only code that opens IndexedDB or touches localStorage, and the account's sync.
  storage: ['lib'],
  // The audio thread and the stream know nothing of settings, features, pages or the shell. The
  // offline engine (src/audio/offline) knows a score's lowest note, for the engine's floor.
  audio: ['lib', 'music'],
  // The plugins' wrappers use only the app's smallest helpers (base64 for shared files).
  native: ['lib'],
  analytics: ['lib', 'settings'],
  settings: ['lib', 'music', 'storage'],
  'shared-ui': ['lib', 'audio', 'music', 'settings', 'storage'],
  tuner: ['audio', 'music', 'settings', 'shared-ui', 'storage'],
  // Exercises keep their attempts in the history database.
  exercise: ['audio', 'lib', 'music', 'settings', 'shared-ui', 'history', 'storage'],
  history: ['analytics', 'lib', 'music', 'native', 'settings', 'shared-ui', 'storage'],
  // The settings screen shows the tuner's options panel.
  'settings-screen': ['analytics', 'lib', 'settings', 'shared-ui', 'storage', 'tuner'],
  pwa: ['audio', 'lib', 'shared-ui'],
  // Takes store their rows in the history database.
  takes: ['audio', 'history', 'lib', 'music', 'native', 'settings', 'shared-ui', 'storage'],
  // Metronome, progress, reminders and the teacher's report read the history database.
  companion: ['audio', 'history', 'lib', 'music', 'native', 'settings', 'shared-ui', 'storage'],
  // Imported pieces draw with the exercises' staff code and keep their data beside the history.
  pieces: [
    'audio',
    'exercise',
    'history',
    'lib',
    'music',
    'native',
    'settings',
    'shared-ui',
    'storage',
    'takes',
  ],
  // Pages compose features; the shell composes pages.
  pages: [
    'companion',
    'exercise',
    'history',
    'lib',
    'music',
    'pieces',
    'settings',
    'settings-screen',
    'shared-ui',
    'takes',
    'tuner',
  ],
  // The shell also composes the account's sync from every feature's records (app-sync.ts).
  shell: [
    'analytics',
    'audio',
    'companion',
    'exercise',
    'history',
    'lib',
    'music',
    'native',
    'pages',
    'pieces',
    'settings',
    'shared-ui',
    'storage',
    'takes',
    'tuner',
  ],
};

/**
 * Layers inside a folder, VS Code's code-layering idea: a layer is a sub-folder, it may sit at any
 * depth (the key is the folder's path under src/), and each rank may import only lower ranks, not
 * its peers. A file directly in the folder (its entry point, its wiring) stands above all of them;
 * a sub-folder missing from its table fails lint. Tests may cross (they check layers together).
 */
export const SUB_LAYERS = {
  // Pitch names and cents know no score; a score knows no verdict.
  music: [['theory'], ['score'], ['assessment']],
  // The audio thread; the one context and its time; the stream; what plays, what records it and
  // the engine run offline over a file (the CLI, the benches, the grading worker). Test support
  // stands above all (it fakes the stream and drives the worklet).
  audio: [['worklet'], ['clock'], ['stream'], ['output', 'recording', 'offline'], ['testing']],
};

/** Files of a feature folder that hold pure logic (no React, DOM or Web Audio; lint-enforced). */
export const PURE_FILES = [
  'src/music/**/*.ts',
  'src/exercise/**/*-session.ts',
  'src/exercise/routine/routine.ts',
  'src/exercise/note-context.ts',
  'src/audio/stream/note-tracker.ts',
  'src/audio/worklet/onset-locator.ts',
  'src/takes/take-format.ts',
  'src/takes/take-study.ts',
  'src/companion/logic/**/*.ts',
];

function srcFolderOf(file, srcDir) {
  const relative = path.relative(srcDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  if (parts.length > 1) return parts[0];
  // `../settings` is the folder (its index), `./App` a top-level file.
  return fs.existsSync(file) && fs.statSync(file).isDirectory() ? parts[0] : '';
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the import direction between the folders of src/' },
    schema: [],
    messages: {
      direction:
        "src/{{from}} may not import src/{{to}} (allowed: {{allowed}}). The import direction is in build/eslint-layering.js and README 'Layout'.",
      unlisted:
        'src/{{folder}} is not in the layering table (build/eslint-layering.js LAYERS): add its row, listing only the folders it imports.',
      worklet:
        "Audio-thread code (src/audio/worklet) may import only src/audio/worklet, not '{{source}}': it runs in the AudioWorkletGlobalScope (no DOM, no fetch, no packages).",
      entryPoint:
        "Import src/music through its entry point ('{{entry}}'), not '{{source}}': other folders see only what src/music/index.ts exports.",
      subLayer:
        'src/{{folder}}/{{from}} may not import src/{{folder}}/{{to}}: inside src/{{folder}} the layers are {{order}} (each imports only those before it; build/eslint-layering.js SUB_LAYERS).',
      subUnlisted:
        'src/{{folder}}/{{layer}} is not a layer of src/{{folder}} (build/eslint-layering.js SUB_LAYERS): add it to the ranks.',
    },
  },
  create(context) {
    const file = context.filename;
    const srcDir = path.join(context.cwd, 'src');
    const from = srcFolderOf(file, srcDir);
    if (from === null) return {};
    const workletDir = path.join(srcDir, 'audio', 'worklet');
    const isTest = /\.test\.tsx?$/.test(file);
    const inWorklet = isInside(file, workletDir) && !isTest;
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      if (inWorklet) {
        const target = source.startsWith('.') ? path.resolve(path.dirname(file), source) : null;
        if (target === null || !isInside(target, workletDir)) {
          context.report({ node, messageId: 'worklet', data: { source } });
          return;
        }
      }
      if (!source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      if (!isTest) {
        const wrong = subLayerProblem(file, target, srcDir);
        if (wrong) {
          context.report({ node, ...wrong });
          return;
        }
      }
      const to = srcFolderOf(target, srcDir);
      if (to === null || to === '' || to === from) return;
      // Fail closed: a folder the table does not know may neither import nor be imported.
      if (!(to in LAYERS)) {
        context.report({ node, messageId: 'unlisted', data: { folder: to } });
        return;
      }
      const allowed = LAYERS[from];
      if (allowed && !allowed.includes('*') && !allowed.includes(to)) {
        context.report({
          node,
          messageId: 'direction',
          data: { from, to, allowed: allowed.length ? allowed.join(', ') : 'none' },
        });
        return;
      }
      const inside = path.relative(path.join(srcDir, 'music'), target);
      // Two front doors: index.ts for everyone, testing.ts for tests (no-testing keeps it there).
      const doors = ['', 'index', 'index.ts', ...(isTest ? ['testing', 'testing.ts'] : [])];
      if (to === 'music' && !doors.includes(inside)) {
        const entry = path.relative(path.dirname(file), path.join(srcDir, 'music')) || '.';
        context.report({
          node,
          messageId: 'entryPoint',
          data: { source, entry: entry.startsWith('.') ? entry : `./${entry}` },
        });
      }
    };
    return {
      Program(node) {
        if (from !== '' && !(from in LAYERS)) {
          context.report({ node, messageId: 'unlisted', data: { folder: from } });
        }
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** The sub-layer a file belongs to under `dir` ('' for a file directly in it). */
function subLayerOf(file, dir) {
  const parts = path.relative(dir, file).split(path.sep);
  return parts.length > 1 ? parts[0] : '';
}

/** Why importing `target` from `file` breaks a folder's layers (SUB_LAYERS), or null. */
function subLayerProblem(file, target, srcDir) {
  for (const [folder, ranks] of Object.entries(SUB_LAYERS)) {
    const dir = path.join(srcDir, folder);
    // `..` from a layer names the folder itself: its entry point.
    if (!isInside(file, dir) || (target !== dir && !isInside(target, dir))) continue;
    const from = subLayerOf(file, dir);
    const to = subLayerOf(target, dir);
    if (from === to || from === '') continue;
    const rankOf = (layer) => ranks.findIndex((rank) => rank.includes(layer));
    for (const layer of [from, to]) {
      if (layer !== '' && rankOf(layer) < 0) {
        return { messageId: 'subUnlisted', data: { folder, layer } };
      }
    }
    // A layer importing its folder's own top (the entry point or wiring) reaches above itself.
    if (to === '' || rankOf(to) >= rankOf(from)) {
      const order = ranks.map((rank) => rank.join(', ')).join(' ← ');
      return {
        messageId: 'subLayer',
        data: { folder, from, to: to || path.basename(target), order },
      };
    }
  }
  return null;
}

function isInside(file, dir) {
  const relative = path.relative(dir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

// The graph of the files on disk, read once per lint run (a run lints every file anyway).
let graphOnDisk = null;

/**
 * No import cycles in src/ (what import/no-cycle does, on the graph of build/import-graph.js): a
 * cycle makes module start-up order matter and hides which layer owns a truth. Type-only imports
 * are erased at build time and cannot form one.
 */
const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between the files of src/' },
    schema: [],
    messages: {
      cycle: 'Import cycle: {{route}}. Move the shared part to a module both can import.',
    },
  },
  create(context) {
    const file = context.filename;
    const srcDir = path.join(context.cwd, 'src');
    if (!isInside(file, srcDir)) return {};
    graphOnDisk ??= importGraph(srcDir);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || node.importKind === 'type' || node.exportKind === 'type') {
        return;
      }
      const specifiers = node.specifiers ?? [];
      if (
        specifiers.length > 0 &&
        specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type')
      ) {
        return;
      }
      const target = resolveImport(file, source);
      if (target === null) return;
      const route = pathBetween(graphOnDisk, target, file);
      if (route === null) return;
      const names = [file, ...route].map((f) => path.relative(srcDir, f)).join(' → ');
      context.report({ node, messageId: 'cycle', data: { route: names } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** A test, or test support (a `testing/` folder, test data): the files that may use test support. */
export function isTestFile(file) {
  return (
    /\.test\.tsx?$|\.test-data\.ts$|[\\/]testing\.ts$/.test(file) ||
    file.split(path.sep).includes('testing')
  );
}

/**
 * Test support stays out of production (issue 41): outside tests, no import names a `testing`
 * folder or module (src/audio/testing's fakes, src/music/testing.ts). Code that production needs
 * lives beside production (src/audio/offline); a test helper cannot ship by accident.
 */
const noTesting = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports of test support outside tests' },
    schema: [],
    messages: {
      testing:
        "Production code may not import test support ('{{source}}'): move what it needs out of testing/ (e.g. src/audio/offline).",
    },
  },
  create(context) {
    if (isTestFile(context.filename)) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const parts = source.split('?')[0].split('/');
      if (parts.some((part) => part === 'testing' || /^testing\.tsx?$/.test(part))) {
        context.report({ node, messageId: 'testing', data: { source } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const layeringPlugin = {
  rules: { 'import-direction': rule, 'no-cycle': noCycle, 'no-testing': noTesting },
};
