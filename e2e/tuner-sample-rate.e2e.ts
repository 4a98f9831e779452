import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserPerTest } from './app-fixture';
import { appUrl, audioDir, audioFile } from './browser';
import { WAIT_MS } from './wait';
import { centsOff, serviceSnapshot } from './tuner-helpers';

/**
 * The tuner with the page's AudioContext forced to another rate (pro interfaces run at 88.2/96
 * kHz, Bluetooth headsets at 16–24 kHz) and fast response on. Before the analysis window scaled
 * with the rate, 96 kHz fast mode failed with "minHz must be 187.50..2000 Hz at 96000 Hz with
 * frameSize 1024" and the player saw "could not be loaded … Retry".
 */
interface Truth {
  files: { file: string; notes: { name: string; measured_hz: number }[] }[];
}
const truth = JSON.parse(readFileSync(`${audioDir()}/truth.json`, 'utf8')) as Truth;
const FILE = 'clean/sr48000/tpt_n064_E4.wav';
const note = truth.files.find((f) => f.file === FILE)?.notes[0];
if (!note) throw new Error(`${FILE} is not in truth.json`);

// Each test launches its own browser (closed after it, no page errors allowed).
const perTest = browserPerTest();

/** Every AudioContext the page creates runs at `rate` (the app asks for none itself). */
function forceSampleRate(rate: number): void {
  const Native = window.AudioContext;
  class ForcedRate extends Native {
    constructor(options?: AudioContextOptions) {
      super({ ...options, sampleRate: rate });
    }
  }
  window.AudioContext = ForcedRate;
}

describe('tuner at a forced AudioContext rate, fast response on', () => {
  for (const rate of [96000, 22050]) {
    it(`reads a corpus note at ${rate} Hz`, async () => {
      const browser = await perTest.launch({ wav: audioFile(FILE) });
      const { page } = browser;
      await page.addInitScript(forceSampleRate, rate);
      // Settings as the settings screen stores them: concert pitch, fast response.
      await page.addInitScript(
        (value: string) => {
          localStorage.setItem('embouchure.settings.v1', value);
        },
        JSON.stringify({ transposition: 'concert', fastResponse: true }),
      );
      await page.goto(appUrl('/home/tuner'));
      await expect
        .poll(async () => (await serviceSnapshot(page)).state, { timeout: WAIT_MS })
        .toBe('connected');
      const { diagnostics } = await serviceSnapshot(page);
      expect(diagnostics.sampleRate).toBe(rate);
      expect(diagnostics.response).toBe('fast');
      // The looped E4 is shown, within the soundfont loop's wobble of the truth.
      const reading = page.locator('[data-testid="tuner-reading"]');
      await expect
        .poll(
          async () => {
            const shown = await reading.getAttribute('data-concert-note');
            const hz = Number(await reading.getAttribute('data-hz'));
            return shown === note.name && Math.abs(centsOff(hz, note.measured_hz)) < 15;
          },
          { timeout: WAIT_MS },
        )
        .toBe(true);
      expect((await serviceSnapshot(page)).state).toBe('connected');
    });
  }
});
