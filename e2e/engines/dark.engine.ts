import { afterAll, describe, expect, it } from 'vitest';
import { audioFile } from '../paths';
import { brassTone, synthWavDir, writeSynthWav } from '../synth-wav';
import type { EnginePage } from './engine-page';
import { engineName } from './engine';
import { engineFixture } from './fixture';
import { ACTIVE, listening, poll, shotPath } from './helpers';

/**
 * The dark theme as a player picks it (Settings › Theme: Dark; no engine here can emulate the
 * system's `prefers-color-scheme` over WebDriver): the tuner reading a note and a long tone mid-run,
 * at 390x844 (`tuner-dark.png`, `exercise-dark.png` in the shots folder, for a person to look at).
 */
const SETTINGS = 'ion-modal.settings-modal:not(.overlay-hidden)';
const wavs = synthWavDir('engines-dark');
afterAll(() => wavs.remove());
const engine = engineFixture((e) => e.hear(audioFile('clean/sr44100/tpt_n065_F4_v110.wav')));

/** Relative luminance (0 black … 1 white) of the visible page's background. */
const pageLuminance = (page: EnginePage) =>
  page.evaluate(() => {
    const content = document.querySelector('.ion-page:not(.ion-page-hidden) ion-content');
    const colour =
      (content && getComputedStyle(content).getPropertyValue('--background').trim()) ||
      getComputedStyle(document.body).backgroundColor;
    const probe = document.createElement('div');
    probe.style.color = colour;
    document.body.append(probe);
    const [r, g, b] = (getComputedStyle(probe).color.match(/[\d.]+/g) ?? []).map(Number);
    probe.remove();
    return (0.2126 * (r ?? 255) + 0.7152 * (g ?? 255) + 0.0722 * (b ?? 255)) / 255;
  });

describe(`dark theme screenshots (${engineName()})`, () => {
  it('Theme: Dark in Settings darkens the tuner, which reads its note (phone screenshot)', async () => {
    const { page } = engine();
    await page.goto('/home/tuner');
    await listening(page);
    await page.click(`${ACTIVE} [data-testid="open-settings"]`);
    await poll(() => page.text(`${SETTINGS} ion-title`)).toBe('Settings');
    await page.setValue(`${SETTINGS} [data-testid="theme"]`, 'dark');
    await page.click(`${SETTINGS} [data-testid="close-settings"]`);
    await poll(() => page.count(SETTINGS)).toBe(0);
    await poll(() =>
      page.evaluate(() => document.documentElement.classList.contains('ion-palette-dark')),
    ).toBe(true);
    expect(await pageLuminance(page)).toBeLessThan(0.2);
    await poll(() => page.attribute(`${ACTIVE} [data-testid="tuner-reading"]`, 'data-note')).toBe(
      'G4',
    );
    await page.screenshot(shotPath(page, 'tuner-dark'));
    expect(page.pageErrors).toEqual([]);
  });

  it('a long tone mid-run in the dark theme, the app opened again (phone screenshot)', async () => {
    // Last: in WebKitGTK a navigation after a screenshot of a listening long tone never
    // answered (exercise.engine.ts).
    const { page } = engine();
    engine().hear(writeSynthWav(wavs.path, 'g4.wav', 4, brassTone(392, 44100), 44100));
    await page.goto('/home/exercise');
    await poll(() => page.count(`${ACTIVE} [data-testid="practice-summary"]`)).toBe(1);
    expect(await pageLuminance(page)).toBeLessThan(0.2);
    await page.click(`${ACTIVE} [data-testid="open-long-tones"]`);
    await page.setValue(`${ACTIVE} [data-testid="lt-pattern"]`, 'single');
    await page.setValue(`${ACTIVE} [data-testid="lt-note"]`, 'A4');
    await page.setValue(`${ACTIVE} [data-testid="lt-hold"]`, '5');
    await page.click(`${ACTIVE} [data-testid="lt-start"]`);
    await poll(() => page.text(`${ACTIVE} [data-testid="target-note"]`)).toBe('A4');
    await poll(() => page.count(`${ACTIVE} [data-testid="staff"] svg`)).toBe(1);
    await listening(page);
    await page.screenshot(shotPath(page, 'exercise-dark'));
    expect(page.pageErrors).toEqual([]);
  });
});
