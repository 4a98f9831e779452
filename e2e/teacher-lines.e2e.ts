import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { browserPerTest } from './app-fixture';
import { appUrl } from './browser';
import { brassTone, synthWavDir, writeSynthWav } from './synth-wav';
import { serviceSnapshot } from './tuner-helpers';
import { WAIT_MS } from './wait';

/**
 * Issue 22, "every line right", in the browser: the drone's label, the tuner's line under a sharp
 * E5 and the fingering shown in concert pitch, with a synthetic brass tone at a given pitch on the
 * fake microphone. With TEACHER_SHOTS=<dir> each test also saves 390x844 screenshots, light and
 * dark, of what it checked (for a person to look at; nothing is asserted on them).
 */
const RATE = 48000;
const dir = synthWavDir('teacher-lines');
// Each test launches its own browser (closed after it, no page errors allowed).
const perTest = browserPerTest();
afterAll(() => dir.remove());

/** A 20 s brass tone at `hz` (looped by the fake microphone). */
const tone = (name: string, hz: number): string =>
  writeSynthWav(dir.path, name, 20, brassTone(hz, RATE), RATE);

async function openTuner(wav: string, settings: Record<string, unknown>): Promise<Page> {
  const browser = await perTest.launch({ wav });
  const { page } = browser;
  await page.setViewportSize({ width: 390, height: 844 }); // a phone, for the screenshots
  await page.addInitScript((value: string) => {
    localStorage.setItem('embouchure.settings.v1', value);
  }, JSON.stringify(settings));
  await page.goto(appUrl('/home/tuner'));
  await expect
    .poll(async () => (await serviceSnapshot(page)).state, { timeout: WAIT_MS })
    .toBe('connected');
  return page;
}

/** Resolves when the element's trimmed text is exactly `text`. */
async function waitForText(page: Page, testId: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([id, expected]) =>
      document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() === expected,
    [testId, text] as const,
    { timeout: WAIT_MS },
  );
}

/** Every text the element shows from now on (a MutationObserver in the page). */
async function logTexts(page: Page, testId: string): Promise<() => Promise<string[]>> {
  await page.evaluate((id) => {
    const element = document.querySelector(`[data-testid="${id}"]`);
    if (!element) throw new Error(`no ${id}`);
    const log: string[] = [element.textContent ?? ''];
    (globalThis as unknown as Record<string, string[]>)[`__log_${id}`] = log;
    new MutationObserver(() => log.push(element.textContent ?? '')).observe(element, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  }, testId);
  return () =>
    page.evaluate(
      (id) => (globalThis as unknown as Record<string, string[]>)[`__log_${id}`],
      testId,
    );
}

async function shots(page: Page, name: string): Promise<void> {
  const out = process.env.TEACHER_SHOTS;
  if (!out) return;
  mkdirSync(out, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: join(out, `${name}-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('issue 22 in the browser: what a teacher reads on the tuner', () => {
  it('the drone for written B♭4 on a B♭ trumpet is labelled concert A♭4 (not G♯4)', async () => {
    const page = await openTuner(tone('a4.wav', 440), {
      transposition: 'bb-trumpet',
      droneRootWrittenMidi: 70,
    });
    await page.getByTestId('drone-open').click();
    const label = page.getByTestId('drone-toggle');
    await expect.poll(async () => label.textContent()).toMatch(/concert A♭4 \(/);
    expect(await label.textContent()).not.toMatch(/G♯/);
    await label.scrollIntoViewIfNeeded();
    await shots(page, 'drone-label');
  });

  it('a sharp written E5 (+20 ¢) states the tendency and never says "faster air"', async () => {
    // Written E5 on a B♭ trumpet sounds concert D5 (587.33 Hz); 20 ¢ sharp.
    const page = await openTuner(tone('e5-sharp.wav', 587.33 * 2 ** (20 / 1200)), {
      transposition: 'bb-trumpet',
    });
    await waitForText(page, 'tuner-hint', 'E5 · 5th partial · tends flat');
    const texts = await logTexts(page, 'tuner-hint');
    // Let the stream send a good run of further readings (whatever the machine's load).
    const start = (await serviceSnapshot(page)).diagnostics.messages;
    await expect
      .poll(async () => (await serviceSnapshot(page)).diagnostics.messages - start)
      .toBeGreaterThan(40);
    const seen = await texts();
    expect(seen.join('\n')).not.toMatch(/faster air/);
    expect(seen.filter((t) => t.startsWith('E5')).length).toBeGreaterThan(0);
    await shots(page, 'sharp-e5');
  });

  it('concert pitch shows the B♭ player’s fingering: concert A4 → written B4, valve 2', async () => {
    const page = await openTuner(tone('concert-a4.wav', 440), { transposition: 'concert' });
    await waitForText(page, 'tuner-note', 'A4');
    const fingering = page.getByTestId('tuner-fingering');
    await expect.poll(async () => fingering.getAttribute('data-valves')).toBe('2');
    expect(await fingering.locator('.tuner-fingering__title').textContent()).toBe(
      'B♭ trumpet fingering for written B4',
    );
    await waitForText(page, 'tuner-hint', 'B♭ trumpet: written B4 · 4th partial');
    await fingering.scrollIntoViewIfNeeded();
    await shots(page, 'concert-fingering');
  });

  it('just intonation over a major triad: a 7th aims low, and the line says which 7th', async () => {
    // Written B♭4 on a B♭ trumpet (concert A♭4, 415.30 Hz) played as a harmonic 7th (−31 ¢)
    // against a written C4 drone with its 3rd.
    const page = await openTuner(tone('harmonic-7th.wav', 415.3 * 2 ** (-31.2 / 1200)), {
      transposition: 'bb-trumpet',
      temperament: 'just',
      droneRootWrittenMidi: 60,
      droneThird: true,
    });
    // Just intonation belongs to a sounding drone (issue 23 row 4): play it, then choose Just.
    await page.getByTestId('drone-open').click();
    await page.getByTestId('drone-toggle').click();
    await page.getByTestId('temperament-just').click();
    await waitForText(page, 'tuner-target', 'B♭4 as the harmonic 7th of C: aim −31 ¢');
    const reading = page.getByTestId('tuner-reading');
    await expect
      .poll(async () => Math.abs(Number(await reading.getAttribute('data-cents'))))
      .toBeLessThan(3);
    await shots(page, 'just-7th');
  });

  it('a B♭ piccolo shows written D4 on its 4th valve, with 1-3 as the fallback', async () => {
    // Written D4 on a B♭ piccolo sounds a minor 7th higher: concert C5 (523.25 Hz).
    const page = await openTuner(tone('picc-d4.wav', 523.25), { transposition: 'bb-piccolo' });
    await waitForText(page, 'tuner-note', 'D4');
    const fingering = page.getByTestId('tuner-fingering');
    await expect.poll(async () => fingering.getAttribute('data-valves')).toBe('4');
    expect(await page.getByTestId('tuner-fingering-three-valve').textContent()).toMatch(
      /Without the 4th valve: .*1-3 \(3rd slide out\)/,
    );
    await waitForText(page, 'tuner-hint', 'D4 · 3rd partial');
    await fingering.scrollIntoViewIfNeeded();
    await shots(page, 'piccolo-d4');
  });
});
