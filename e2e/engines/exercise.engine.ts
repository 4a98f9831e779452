import { afterAll, describe, expect, it } from 'vitest';
import { brassTone, synthWavDir, writeSynthWav } from '../synth-wav';
import { engineFixture } from './fixture';
import { ACTIVE, poll, startLongToneA4, shotPath } from './helpers';

/**
 * One exercise as a player does it (docs/exercises.md): a one-note long tone on written A4 held
 * 1 s, played into the virtual microphone (a brass-like concert G4: 2.5 s of note, 0.7 s of
 * breath, looping: the corpus' 1.3 s notes left a 1 s hold 0.3 s of margin), scored, coached,
 * saved, and in the history after a reload (IndexedDB of this engine).
 */
const RATE = 44100;
const wavs = synthWavDir('engines-exercise');
afterAll(() => wavs.remove());
const engine = engineFixture((e) => e.hear(heldG4()));

/** Concert G4 for 2.5 s (10 ms fades), then 0.7 s of silence. */
function heldG4(): string {
  const tone = brassTone(392, RATE);
  const noteSamples = 2.5 * RATE;
  return writeSynthWav(
    wavs.path,
    'g4-held.wav',
    3.2,
    (i) => (i < noteSamples ? tone(i) * Math.min(1, i / 441, (noteSamples - i) / 441) : 0),
    RATE,
  );
}

describe(`exercise (${process.env.EMBOUCHURE_ENGINE ?? 'webkit'})`, () => {
  it('a long tone on the target is scored, coached in tune, saved, and listed after a reload', async () => {
    const { page } = engine();
    await startLongToneA4(page);
    await poll(() => page.count(`${ACTIVE} [data-testid="staff"] svg`)).toBe(1);
    await poll(() => page.count(`${ACTIVE} [data-testid="results"]`)).toBe(1);
    // This synthetic tone scores ~70 in Chromium too (pitch and steadiness 100, ~70 % of the hold
    // counted in tune); a wrong note, no sound or WebKit's 2× clock (0–37 with the corpus note) did not.
    await poll(async () =>
      Number(await page.text(`${ACTIVE} [data-testid="score"]`)),
    ).toBeGreaterThanOrEqual(60);
    await poll(async () => (await page.text(`${ACTIVE} [data-testid="coach"]`)) ?? '').toMatch(
      /In tune: A4/,
    );
    await poll(() => page.text(`${ACTIVE} [data-testid="save-message"]`)).toBe(
      'Saved to your history.',
    );

    await page.reload();
    await page.click(`${ACTIVE} [data-testid="tab-history"]`);
    const row = `${ACTIVE} [data-testid="attempt-row"]`;
    await poll(() => page.count(row)).toBe(1);
    const text = (await page.text(row)) ?? '';
    expect(text).toContain('Long tones');
    expect(text).toContain('A4');
    await page.screenshot(shotPath(page, 'history'));
    expect(page.pageErrors).toEqual([]);
  });

  it('mid-run, the exercise shows the target note on the staff with its fingering (phone screenshot)', async () => {
    // Last in the file: in WebKitGTK, a WebDriver navigation after a screenshot taken while a
    // long tone was listening never answered (4 runs of 4; none without the screenshot).
    const { page } = engine();
    await page.goto('/home/exercise');
    await poll(() => page.count(`${ACTIVE} [data-testid="practice-summary"]`)).toBe(1);
    await page.click(`${ACTIVE} [data-testid="open-long-tones"]`);
    await page.setValue(`${ACTIVE} [data-testid="lt-pattern"]`, 'single');
    await page.setValue(`${ACTIVE} [data-testid="lt-note"]`, 'A4');
    await page.setValue(`${ACTIVE} [data-testid="lt-hold"]`, '3');
    await page.click(`${ACTIVE} [data-testid="lt-start"]`);
    await poll(() => page.text(`${ACTIVE} [data-testid="target-note"]`)).toBe('A4');
    await poll(() => page.count(`${ACTIVE} [data-testid="staff"] svg`)).toBe(1);
    await page.screenshot(shotPath(page, 'exercise'));
    expect(page.pageErrors).toEqual([]);
  });
});
