import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, audioFile, launchBrowser, type LaunchedBrowser } from './browser';
import { serviceSnapshot } from './tuner-helpers';

/**
 * The real pitch service in headless Chromium: fake microphone fed from a corpus WAV, the
 * production build's worklet and engine. Reads the service through its test hook
 * (`globalThis.__embouchurePitchService`).
 */
let browser: LaunchedBrowser;

beforeAll(async () => {
  browser = await launchBrowser({ wav: audioFile('clean/sr44100/tpt_n069_A4_v110.wav') });
});

afterAll(async () => {
  expect(browser.pageErrors).toEqual([]);
  await browser.close();
});

const snapshot = () => serviceSnapshot(browser.page);

describe('pitch service in Chromium', () => {
  it('connects at start-up and emits the A4 of the fake microphone', async () => {
    await browser.page.goto(appUrl('/home/tuner'));
    await expect.poll(async () => (await snapshot()).state, { timeout: 10_000 }).toBe('connected');
    const seen: number[] = [];
    await expect
      .poll(
        async () => {
          const { hz } = await snapshot();
          if (hz > 0) seen.push(hz);
          return seen.filter((h) => Math.abs(1200 * Math.log2(h / 441.0)) < 20).length;
        },
        { timeout: 10_000, interval: 50 },
      )
      .toBeGreaterThan(3);
    const { diagnostics } = await snapshot();
    expect(diagnostics.sampleRate).toBe(44100);
    expect(diagnostics.engineMemoryBytes).toBeGreaterThan(0);
  });
});
