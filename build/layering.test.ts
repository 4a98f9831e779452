import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { LAYERS, SUB_LAYERS } from './eslint-layering.js';
import { importGraph } from './import-graph.js';

/**
 * Each wall of the layering (eslint.config.js, build/eslint-layering.js) with a probe import that
 * breaks it: if a rule were dropped or mistyped, its probe would lint clean and this test fails.
 * The probes are linted as if they were files at those paths; nothing is written.
 */
// Type-aware linting loads the TypeScript project on the first probe (seconds on a busy machine).
vi.setConfig({ testTimeout: 120_000 });

const eslint = new ESLint({
  cwd: process.cwd(),
  // Probe files exist only here: the type-aware rules get them a default TypeScript project.
  overrideConfig: {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['src/*/probe*.ts?(x)', 'src/*/*/probe*.ts'],
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 64,
        },
      },
    },
  },
});

async function errorsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.message);
}

describe('import direction (lint)', () => {
  it.each([
    ['a feature importing a page', 'src/tuner/probe.ts', "import '../pages/TunerPage';"],
    ['a feature importing the shell', 'src/exercise/probe.ts', "import '../shell/startup';"],
    ['history importing the shell', 'src/history/probe.ts', "import '../shell/HomeTabs';"],
    ['audio importing settings', 'src/audio/probe.ts', "import '../settings';"],
    ['audio importing a feature', 'src/audio/probe.ts', "import '../tuner/display-filter';"],
    ['music importing audio', 'src/music/probe.ts', "import '../audio/pitch-service';"],
    ['takes importing a page', 'src/takes/probe.ts', "import '../pages/TunerPage';"],
    ['audio importing takes', 'src/audio/probe.ts', "import '../takes/take-format';"],
    ['history importing takes', 'src/history/probe.ts', "import '../takes/take-store';"],
    ['settings importing a feature', 'src/settings/probe.ts', "import '../tuner/tuner-display';"],
  ])('%s fails lint', async (_name, filePath, code) => {
    expect(await errorsFor(filePath, code)).toContainEqual(expect.stringMatching(/may not import/));
  });

  it('other folders reach src/music only through its entry point', async () => {
    expect(await errorsFor('src/tuner/probe.ts', "import '../music/notes';")).toEqual([
      expect.stringMatching(/through its entry point \('\.\.\/music'\)/),
    ]);
    expect(await errorsFor('src/tuner/probe.ts', "import '../music';")).toEqual([]);
  });

  it.each([
    ['React in src/music', 'src/music/probe.ts', "import 'react';"],
    ['React in a session module', 'src/exercise/probe-session.ts', "import 'react';"],
    ['a DOM global in a session module', 'src/exercise/probe-session.ts', 'document.title = "";'],
    ['Web Audio in the note tracker', 'src/audio/stream/note-tracker.ts', 'new AudioContext();'],
    [
      'audio code (not a type) in a session',
      'src/exercise/probe-session.ts',
      "import { createPitchService } from '../audio/pitch-service'; createPitchService;",
    ],
    ['Web Audio outside src/audio', 'src/tuner/probe.ts', 'new AudioContext();'],
    ['Web Audio in the takes view', 'src/takes/probe.tsx', 'new OfflineAudioContext(1, 1, 8000);'],
    ['the DOM in the pure take format', 'src/takes/take-format.ts', 'document.title = "";'],
    ['Capacitor outside src/native', 'src/tuner/probe.ts', "import '@capacitor/core';"],
    ['Firebase outside src/analytics', 'src/history/probe.ts', "import '@firebase/app';"],
  ])('%s fails lint', async (_name, filePath, code) => {
    expect((await errorsFor(filePath, code)).length).toBeGreaterThan(0);
  });

  it.each(['src/shell/probe.tsx', 'src/tuner/probe.tsx', 'src/analytics/probe.tsx'])(
    'IonIcon (cut from the build) fails lint in %s, other Ionic components do not',
    async (filePath) => {
      const code =
        "import { IonIcon, IonButton } from '@ionic/react';\nexport const probe = [IonIcon, IonButton];\n";
      expect(await errorsFor(filePath, code)).toEqual([
        expect.stringMatching(/Use <Icon> from src\/shared-ui\/Icon\.tsx/),
      ]);
    },
  );

  it('a session module may import the stream types (data, no Web Audio)', async () => {
    const code =
      "import type { PitchReading } from '../audio/pitch-service-types';\nexport type R = PitchReading;\n";
    expect(await errorsFor('src/exercise/probe-session.ts', code)).toEqual([]);
  });
});

describe('one storage layer (issue 35)', () => {
  it.each([
    ['localStorage in a feature', 'src/tuner/probe.ts', 'localStorage.getItem("x");'],
    ['indexedDB in a feature', 'src/history/probe.ts', 'indexedDB.open("x");'],
    ['sessionStorage in the shell', 'src/shell/probe.ts', 'sessionStorage.clear();'],
    ['localStorage in a pure module', 'src/exercise/routine/routine.ts', 'localStorage.clear();'],
    ['localStorage in the stream', 'src/audio/stream/probe.ts', 'localStorage.clear();'],
    ['indexedDB in the audio thread', 'src/audio/worklet/probe.ts', 'indexedDB.open("x");'],
    ['Dexie in a feature', 'src/takes/probe.ts', "import Dexie from 'dexie'; new Dexie('x');"],
    ['a Dexie type in a feature', 'src/pieces/probe.ts', "import type { Table } from 'dexie';"],
    ['Dexie in a pure module', 'src/music/probe.ts', "import 'dexie';"],
  ])('%s fails lint', async (_name, filePath, code) => {
    expect(await errorsFor(filePath, code)).toContainEqual(
      expect.stringMatching(/Only src\/storage opens IndexedDB|AudioWorkletGlobalScope/),
    );
  });

  it('src/storage may open IndexedDB and localStorage, and may not touch Web Audio', async () => {
    expect(
      await errorsFor(
        'src/storage/probe.ts',
        "import Dexie from 'dexie';\nexport const p = [new Dexie('x'), localStorage, indexedDB];\n",
      ),
    ).toEqual([]);
    expect(await errorsFor('src/storage/probe.ts', 'new AudioContext();')).toContainEqual(
      expect.stringMatching(/Only src\/audio may touch Web Audio/),
    );
  });

  it('storage imports nothing above lib', async () => {
    expect(await errorsFor('src/storage/probe.ts', "import '../settings';")).toContainEqual(
      expect.stringMatching(/may not import/),
    );
  });
});

describe('the walls added with the house (issue 20)', () => {
  it('a folder missing from the layering table fails lint, as importer and as imported', async () => {
    expect(await errorsFor('src/newfolder/probe.ts', "import '../lib/observable';")).toContainEqual(
      expect.stringMatching(/src\/newfolder is not in the layering table/),
    );
    expect(await errorsFor('src/tuner/probe.ts', "import '../newfolder/thing';")).toContainEqual(
      expect.stringMatching(/src\/newfolder is not in the layering table/),
    );
  });

  it.each([
    ['the stream', "import '../stream/pitch-service';"],
    ['lib', "import '../../lib/observable';"],
    ['a package', "import 'react';"],
  ])('audio-thread code importing %s fails lint', async (_name, code) => {
    expect(await errorsFor('src/audio/worklet/probe.ts', code)).toContainEqual(
      expect.stringMatching(/Audio-thread code \(src\/audio\/worklet\) may import only/),
    );
  });

  it('audio-thread code touching the DOM fails lint', async () => {
    expect(await errorsFor('src/audio/worklet/probe.ts', 'document.title = "";')).toContainEqual(
      expect.stringMatching(/AudioWorkletGlobalScope, which has no document/),
    );
  });

  it('an import cycle fails lint; a type-only import back does not', async () => {
    // transposition.ts imports notes.ts: notes.ts importing transposition.ts closes a cycle.
    const file = 'src/music/theory/notes.ts';
    expect(
      await errorsFor(file, "import { INSTRUMENT_IDS } from './transposition';\nINSTRUMENT_IDS;"),
    ).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Import cycle: music\/theory\/notes\.ts → /)]),
    );
    const typeOnly =
      "import type { InstrumentId } from './transposition';\nexport type I = InstrumentId;";
    expect((await errorsFor(file, typeOnly)).filter((m) => m.startsWith('Import cycle'))).toEqual(
      [],
    );
  });

  it('type-aware rules: a cast that changes nothing and a floating promise fail lint', async () => {
    // Linted as the content of a file the TypeScript project knows (type information needed).
    const file = 'src/lib/observable.ts';
    expect(await errorsFor(file, 'const n: number = 1;\nexport const m = n as number;\n')).toEqual([
      expect.stringMatching(/does not change the type of the expression/),
    ]);
    const floating = 'export function f(): void {\n  Promise.resolve(1);\n}\n';
    expect(await errorsFor(file, floating)).toEqual([
      expect.stringMatching(/Promises must be awaited/),
    ]);
  });

  it('the layering table lists only the edges the code uses', () => {
    const srcDir = path.join(process.cwd(), 'src');
    const used = new Map<string, Set<string>>();
    const folderOf = (file: string): string => {
      const parts = path.relative(srcDir, file).split(path.sep);
      return parts.length > 1 && parts[0] !== '..' ? parts[0] : '';
    };
    for (const [file, targets] of importGraph(srcDir, true)) {
      const from = folderOf(file);
      for (const target of targets) {
        const to = folderOf(target);
        if (from && to && from !== to) used.set(from, (used.get(from) ?? new Set()).add(to));
      }
    }
    const unused = Object.entries(LAYERS).flatMap(([from, allowed]) =>
      allowed.filter((to) => !used.get(from)?.has(to)).map((to) => `${from} → ${to}`),
    );
    expect(unused).toEqual([]);
  });
});

describe('layers inside folders (issue 41)', () => {
  it.each([
    [
      'theory importing assessment',
      'src/music/theory/probe.ts',
      "import '../assessment/assessor';",
    ],
    ['theory importing score', 'src/music/theory/probe.ts', "import '../score/score-model';"],
    ['score importing assessment', 'src/music/score/probe.ts', "import '../assessment/summary';"],
    ['a music layer importing its entry point', 'src/music/score/probe.ts', "import '..';"],
    [
      'the stream importing the output',
      'src/audio/stream/probe.ts',
      "import '../output/metronome';",
    ],
    [
      'the stream importing recording',
      'src/audio/stream/probe.ts',
      "import '../recording/recorder';",
    ],
    [
      'output importing recording (peers)',
      'src/audio/output/probe.ts',
      "import '../recording/recorder';",
    ],
    ['the clock importing the stream', 'src/audio/clock/probe.ts', "import '../stream/reading';"],
    [
      'the stream importing the wiring',
      'src/audio/stream/probe.ts',
      "import '../web-pitch-service';",
    ],
    [
      'a type import upward',
      'src/audio/stream/probe.ts',
      "import type { AudioRecorder } from '../recording/recorder';",
    ],
  ])('%s fails lint', async (_name, filePath, code) => {
    expect(await errorsFor(filePath, code)).toContainEqual(
      expect.stringMatching(/layers are .* SUB_LAYERS/),
    );
  });

  it('a folder the audio layers do not list fails lint', async () => {
    expect(
      await errorsFor('src/audio/newlayer/probe.ts', "import '../stream/reading';"),
    ).toContainEqual(expect.stringMatching(/src\/audio\/newlayer is not a layer of src\/audio/));
  });

  it.each([
    ['output importing the clock', 'src/audio/output/probe.ts', "import '../clock/audio-clock';"],
    [
      'recording importing the stream',
      'src/audio/recording/probe.ts',
      "import '../stream/microphone-tap';",
    ],
    ['the wiring importing the output', 'src/audio/probe.ts', "import './output/audio-session';"],
    ['assessment importing theory', 'src/music/assessment/probe.ts', "import '../theory/notes';"],
  ])('%s (downward) lints clean', async (_name, filePath, code) => {
    expect(await errorsFor(filePath, code)).toEqual([]);
  });

  it('src/audio has no cycle between its folders (type imports and tests counted out)', () => {
    // Folder → folders it imports at run time or for types, from the files on disk (not tests:
    // a test may check layers together). A cycle here means no order of layers fits the code.
    const audioDir = path.join(process.cwd(), 'src', 'audio');
    const edges = new Map<string, Set<string>>();
    for (const [file, targets] of importGraph(audioDir, true)) {
      if (/\.test\.tsx?$/.test(file)) continue;
      const from = path.relative(audioDir, file).split(path.sep);
      if (from.length < 2) continue;
      for (const target of targets) {
        const to = path.relative(audioDir, target).split(path.sep);
        if (to.length < 2 || to[0] === '..' || to[0] === from[0]) continue;
        edges.set(from[0], (edges.get(from[0]) ?? new Set()).add(to[0]));
      }
    }
    const cycles: string[] = [];
    const walk = (folder: string, trail: string[]): void => {
      if (trail.includes(folder)) {
        cycles.push([...trail.slice(trail.indexOf(folder)), folder].join(' → '));
        return;
      }
      for (const next of edges.get(folder) ?? []) walk(next, [...trail, folder]);
    };
    for (const folder of edges.keys()) walk(folder, []);
    expect(cycles).toEqual([]);
    // And the edges that exist all point down the ranks of SUB_LAYERS.
    const rankOf = (folder: string) =>
      (SUB_LAYERS.audio ?? []).findIndex((rank) => rank.includes(folder));
    const upward = [...edges].flatMap(([from, tos]) =>
      [...tos].filter((to) => rankOf(to) >= rankOf(from)).map((to) => `${from} → ${to}`),
    );
    expect(upward).toEqual([]);
    expect(edges.size).toBeGreaterThan(3); // the graph was read (a wrong path would pass empty)
  });
});

describe('every realm (issue 41)', () => {
  const pure = 'src/exercise/probe-session.ts';
  it.each([
    ['localStorage', 'localStorage.getItem("x");', /Only src\/storage/],
    ['indexedDB', 'indexedDB.open("x");', /Only src\/storage/],
    ['sessionStorage', 'sessionStorage.clear();', /Only src\/storage/],
    ['fetch', 'fetch("/x");', /must not use the network/],
    ['setTimeout', 'setTimeout(() => {}, 1);', /must not schedule work/],
    ['setInterval', 'setInterval(() => {}, 1);', /must not schedule work/],
    ['BroadcastChannel', 'new BroadcastChannel("x");', /must not broadcast/],
    ['performance.now()', 'performance.now();', /must not read a clock/],
    ['Date.now()', 'Date.now();', /must not read a clock/],
    ['globalThis.document', 'globalThis.document.title = "";', /must not touch the platform/],
    ['a package (dexie)', "import 'dexie';", /Only src\/storage|must not import a package/],
    ['a package (vexflow)', "import 'vexflow';", /must not import a package/],
    [
      'a type from a package',
      "import type { Factory } from 'vexflow';",
      /must not import a package/,
    ],
    [
      'the clean-pass bus',
      "import { reportPass } from '../lib/clean-pass'; reportPass;",
      /must not report to an app-wide bus/,
    ],
    [
      'the practice-activity bus',
      "import '../lib/practice-activity';",
      /must not report to an app-wide bus/,
    ],
    [
      'the history store',
      "import { getHistoryStore } from '../history/history-db'; getHistoryStore;",
      /must not reach a store/,
    ],
    [
      'the settings store',
      "import { getSettingsStore } from '../settings'; getSettingsStore;",
      /must not reach a store/,
    ],
  ])('a pure module using %s fails lint', async (_name, code, message) => {
    expect(await errorsFor(pure, code)).toContainEqual(expect.stringMatching(message));
  });

  it('the one package pure code may use is the .mxl unzip', async () => {
    expect(
      await errorsFor(
        'src/music/probe.ts',
        "import { unzipSync } from 'fflate';\nexport const unzip = unzipSync;\n",
      ),
    ).toEqual([]);
  });

  it.each([
    ['the document', 'document.title = "";', /Web Worker \(\*\.worker\.ts\) has no document/],
    ['the window', 'window.alert("x");', /Web Worker \(\*\.worker\.ts\) has no window/],
    ['localStorage', 'localStorage.clear();', /Only src\/storage/],
    ['React', "import 'react';", /Web Worker \(\*\.worker\.ts\) renders nothing/],
    ['Ionic', "import '@ionic/react';", /Web Worker \(\*\.worker\.ts\) renders nothing/],
  ])('a Web Worker using %s fails lint', async (_name, code, message) => {
    expect(await errorsFor('src/pieces/probe.worker.ts', code)).toContainEqual(
      expect.stringMatching(message),
    );
  });
});

describe('test support out of production (issue 41)', () => {
  it.each([
    ['a feature', 'src/pieces/probe.ts', "import '../audio/testing/stream';"],
    ['a Web Worker', 'src/pieces/probe.worker.ts', "import '../audio/testing/fake-web-audio';"],
    [
      'src/music',
      'src/music/probe.ts',
      "export { synthPerformance } from './assessment/testing/synthetic-performance';",
    ],
    ['its front door for tests', 'src/tuner/probe.ts', "import '../music/testing';"],
    ['the CLI', 'cli/probe.ts', "import '../src/audio/testing/stream';"],
    ['a bench', 'bench/probe.ts', "import('../src/audio/testing/noise');"],
  ])('%s importing test support fails lint', async (_name, filePath, code) => {
    expect(await errorsFor(filePath, code)).toContainEqual(
      expect.stringMatching(/Production code may not import test support/),
    );
  });

  it('tests and test support may import it', async () => {
    const code = "import '../music/testing';\nimport '../audio/testing/stream';\n";
    expect(await errorsFor('src/tuner/probe.test.ts', code)).toEqual([]);
    expect(await errorsFor('src/audio/testing/probe.ts', "import './stream';")).toEqual([]);
  });

  it('the offline engine is production code (the CLI, the benches and the grading worker)', async () => {
    const code = "import '../audio/offline/offline-engine';\n";
    expect(await errorsFor('src/pieces/probe.worker.ts', code)).toEqual([]);
  });
});

describe('fitness checks in lint (issue 41)', () => {
  it.each([
    ['new AudioContext() in the stream', 'src/audio/stream/probe.ts', 'new AudioContext();'],
    ['new window.AudioContext() in a feature', 'src/tuner/probe.ts', 'new window.AudioContext();'],
    [
      'new globalThis.webkitAudioContext() in the output',
      'src/audio/output/probe.ts',
      'new globalThis.webkitAudioContext();',
    ],
    [
      'new self.AudioContext() in recording',
      'src/audio/recording/probe.ts',
      'new self.AudioContext();',
    ],
    [
      'its function outside the session and the early start',
      'src/audio/output/probe.ts',
      "import { createAppAudioContext } from '../clock/app-audio-context';\ncreateAppAudioContext();",
    ],
  ])('%s fails lint', async (_name, filePath, code) => {
    expect(await errorsFor(filePath, code)).toContainEqual(
      expect.stringMatching(
        /Only src\/audio\/clock\/app-audio-context\.ts constructs|Only the audio session and the early start make/,
      ),
    );
  });

  it('the one place constructs it, its two callers call it, and OfflineAudioContext is no AudioContext', async () => {
    const one = (m: string) => /app-audio-context/.test(m);
    const make =
      "export const make = (): AudioContext => new AudioContext({ latencyHint: 'interactive' });\n";
    expect((await errorsFor('src/audio/clock/app-audio-context.ts', make)).filter(one)).toEqual([]);
    const call =
      "import { createAppAudioContext } from '../clock/app-audio-context';\nexport const c = createAppAudioContext;\n";
    expect((await errorsFor('src/audio/output/audio-session.ts', call)).filter(one)).toEqual([]);
    expect((await errorsFor('src/audio/stream/early-start.ts', call)).filter(one)).toEqual([]);
    const offline = 'export const o = new OfflineAudioContext(1, 1, 8000);\n';
    expect((await errorsFor('src/audio/recording/probe.ts', offline)).filter(one)).toEqual([]);
  });
});

describe('module size (lint, issue 41)', () => {
  const long = Array.from({ length: 301 }, (_, i) => `export const n${i} = ${i};`).join('\n');
  it('a file over 300 lines fails lint, unless its first line says why', async () => {
    expect(await errorsFor('src/tuner/probe.ts', long)).toContainEqual(
      expect.stringMatching(/File has too many lines \(301\)\. Maximum allowed is 300/),
    );
    const why = `/* eslint-disable max-lines -- a probe: one table */\n${long}`;
    expect(await errorsFor('src/tuner/probe.ts', why)).toEqual([]);
  });
});

describe('e2e waits are for states (lint, issue 41)', () => {
  const sleepBan = /e2e tests wait for a state, never for a time/;
  it.each([
    ['a sleep', 'await sleep(4000);'],
    ['a waitForTimeout', 'await page.waitForTimeout(500);'],
    ['an awaited bare timer', 'await new Promise((resolve) => setTimeout(resolve, 1500));'],
    ['a typed one', 'await new Promise<void>((r) => setTimeout(r, 10));'],
    ['one in a block', 'await new Promise((r) => { setTimeout(r, 10); });'],
  ])('%s in e2e/ fails lint', async (_name, code) => {
    expect(await errorsFor('e2e/probe.e2e.ts', code)).toContainEqual(
      expect.stringMatching(sleepBan),
    );
  });

  it('a timer that bounds a wait lints clean (a race cap, a deadline)', async () => {
    const code = [
      'declare const close: () => Promise<void>;',
      'export async function f(reject: (e: Error) => void): Promise<void> {',
      '  await Promise.race([close(), new Promise((resolve) => setTimeout(resolve, 5000))]);',
      "  setTimeout(() => reject(new Error('late')), 10);",
      '}',
    ].join('\n');
    expect((await errorsFor('e2e/probe.e2e.ts', code)).filter((m) => sleepBan.test(m))).toEqual([]);
  });
});

// The reading's (house-reading-3 §2) probes still allowed, and why: each needs a later step.
describe('walls still to build', () => {
  it.todo('src/pages ← ../tuner/tail-gate fails lint: a front door for every feature (step 5)');
  it.todo(
    'src/pieces ← ../exercise/timed/timed-session fails lint: features never import features (step 5)',
  );
  it.todo(
    'cli/ and bench/ reach src/ only through src/<folder>/index.ts: ~40 deep imports to move behind front doors',
  );
  // src/audio/recording ← ../worklet/accumulator stays allowed: recording sits above the worklet in
  // the audio layers (it uses the frame tap's messages), and the layers decide direction only.
});
