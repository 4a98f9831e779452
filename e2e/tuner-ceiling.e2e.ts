import { afterAll, describe, expect, it } from 'vitest';
import { browserPerTest } from './app-fixture';
import { appUrl } from './browser';
import { expectNoNoteOver, serviceSnapshot } from './tuner-helpers';
import { synthWavDir, writeSynthWav } from './synth-wav';
import { WAIT_MS } from './wait';

/**
 * Readings far above the horn are no pitch: a 20 kHz tone and a full-scale alternating signal
 * (+1, −1, … at the Nyquist frequency) showed C8/B7 before. The stream's ceiling is the
 * instrument's written C7 plus a whole tone (sounding C7, 2093 Hz, on B♭ trumpet).
 */
const RATE = 48000;
const dir = synthWavDir('ceiling');
afterAll(() => dir.remove());
// Each test launches its own browser (closed after it, no page errors allowed).
const perTest = browserPerTest();
const writeWav = (name: string, seconds: number, sample: (i: number) => number): string =>
  writeSynthWav(dir.path, name, seconds, sample, RATE);

describe('no false notes far above the horn', () => {
  it.each([
    ['a 20 kHz tone', (i: number) => 0.5 * Math.sin((2 * Math.PI * 20000 * i) / RATE)],
    ['a full-scale alternating signal', (i: number) => (i % 2 === 0 ? 1 : -1)],
  ])('%s reads as no pitch, never a note', async (name, sample) => {
    const wav = writeWav(`${name.replace(/\W+/g, '-')}.wav`, 3, sample);
    const { page } = await perTest.launch({ wav });
    await page.goto(appUrl('/home/tuner'));
    await expect
      .poll(async () => (await serviceSnapshot(page)).state, { timeout: WAIT_MS })
      .toBe('connected');
    // About two seconds of block-mode readings.
    await expectNoNoteOver(page, 20);
    expect((await serviceSnapshot(page)).hz).toBe(0);
  });
});
