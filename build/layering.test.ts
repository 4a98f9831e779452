import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Each wall of the layering (eslint.config.js, build/eslint-layering.js) with a probe import that
 * breaks it: if a rule were dropped or mistyped, its probe would lint clean and this test fails.
 * The probes are linted as if they were files at those paths; nothing is written.
 */
const eslint = new ESLint({ cwd: process.cwd() });

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
