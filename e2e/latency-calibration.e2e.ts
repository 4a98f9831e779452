import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl } from './browser';
import { loopbackAndCount } from './loopback';
import { synthWavDir, roomNoise, writeSynthWav } from './synth-wav';
import { TEST_TIMEOUT_MS, WAIT_MS } from './wait';

/**
 * Issue 20, the one-tap latency calibration, in Chromium with the browser's input latency hidden
 * (the track's `latency` removed from getSettings, as Firefox and Safari report none): the app
 * says "input latency unknown" and offers the calibration. A perfect player is a tone the test
 * starts on the audio clock exactly at each click the calibration schedules; the app's output
 * reaches the microphone through the loop's delay (e2e/loopback.ts), set here to 120 ms.
 *
 * What the calibration must measure: the loop's delay less the output latency the stream already
 * subtracts (the loop runs inside the graph, never through the speakers, so the reported output
 * latency is not in it; on a phone the sound goes out through the speaker and back through the
 * microphone, and what is left is exactly the unreported input latency). Then it is applied: a
 * second run measures (nearly) nothing more, so its result equals the first.
 *
 * Screenshots (390x844, light and dark) when LAYOUT_SHOTS names a folder.
 */
const LOOP_DELAY_S = 0.12;
/**
 * Against the injected delay: the stream's onsets are themselves a few ms off a note's true start
 * (median 2.6–4 ms, docs/benchmarks.md "Latency and onsets"; on this tone 4–7 ms early over 4
 * runs, 2026-11-26, while the clicks' heard times and the stream's clock agreed within 0.06 ms),
 * and the calibration takes them as they are, on purpose: timing is judged by the same onsets.
 */
const TOLERANCE_MS = 8;
/** Applied: a second run on top of the first moves it by at most this (unapplied: twice it). */
const APPLIED_TOLERANCE_MS = 3;
const dir = synthWavDir('latency-calibration');
afterAll(() => dir.remove());

const browser = sharedBrowser(
  () => ({
    wav: writeSynthWav(dir.path, 'room.wav', 4, roomNoise(3)),
    viewport: { width: 390, height: 844 },
  }),
  async ({ page }) => {
    await page.addInitScript((delayS: number) => {
      (globalThis as { __loopbackDelayS?: number }).__loopbackDelayS = delayS;
      // The browser reports no input latency (Firefox, Safari).
      const getSettings = MediaStreamTrack.prototype.getSettings;
      MediaStreamTrack.prototype.getSettings = function (this: MediaStreamTrack) {
        const settings: MediaTrackSettings & { latency?: number } = getSettings.call(this);
        delete settings.latency;
        return settings;
      };
    }, LOOP_DELAY_S);
    await page.addInitScript(loopbackAndCount);
  },
);

type Globals = {
  __embouchurePitchService?: {
    status: { get(): { state: string } };
    microphoneTap(): { context: AudioContext } | null;
  };
  __embouchureAudioSession?: {
    clicks: {
      play: (
        source: unknown,
        options: unknown,
      ) => { clicks: { subscribe(l: (c: { atS: number; beat: number }) => void): void } };
    };
  };
  __notesPlayed: number;
};

async function shoot(page: Page, name: string): Promise<void> {
  const out = process.env.LAYOUT_SHOTS;
  if (!out) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${out}/${name}-${colorScheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const storedCalibration = (page: Page): Promise<number | null> =>
  page.evaluate(() => {
    const raw = localStorage.getItem('embouchure.settings.v1');
    return raw
      ? ((JSON.parse(raw) as { inputLatencyCalibrationMs?: number | null })
          .inputLatencyCalibrationMs ?? null)
      : null;
  });

async function calibrate(page: Page): Promise<string> {
  const settings = page.locator('ion-modal').filter({ has: page.getByTestId('settings-audio') });
  await settings.getByTestId('calibrate-latency').click();
  await expect
    .poll(() => settings.getByTestId('latency-progress').getAttribute('data-phase'))
    .toBe('playing');
  await shoot(page, 'latency-calibrating');
  const outcome = settings.getByTestId('latency-outcome');
  await outcome.waitFor({ timeout: WAIT_MS });
  return (await outcome.textContent()) ?? '';
}

describe('latency calibration (input latency unknown)', () => {
  it(
    'says the latency is unknown, measures the injected delay by playing on the click, and applies it',
    async () => {
      const { page } = browser;
      await page.goto(appUrl('/home/tuner'));
      await page.waitForFunction(
        () =>
          (globalThis as unknown as Globals).__embouchurePitchService?.status.get().state ===
          'connected',
      );
      // The perfect player: a short tone started exactly at each click to play on.
      await page.evaluate(() => {
        const g = globalThis as unknown as Globals;
        const session = g.__embouchureAudioSession;
        if (!session) throw new Error('no audio session');
        g.__notesPlayed = 0;
        const play = session.clicks.play.bind(session.clicks);
        session.clicks.play = (source, options) => {
          const track = play(source, options);
          track.clicks.subscribe((click) => {
            const context = g.__embouchurePitchService?.microphoneTap()?.context;
            if (!context || click.beat < 2) return; // two clicks to get ready
            const tone = context.createOscillator();
            tone.frequency.value = 466.16; // concert B♭4
            const gain = context.createGain();
            gain.gain.setValueAtTime(0, click.atS);
            gain.gain.linearRampToValueAtTime(0.3, click.atS + 0.005);
            gain.gain.setValueAtTime(0.3, click.atS + 0.25);
            gain.gain.linearRampToValueAtTime(0, click.atS + 0.26);
            tone.connect(gain).connect(context.destination);
            tone.start(click.atS);
            tone.stop(click.atS + 0.3);
            g.__notesPlayed++;
          });
          return track;
        };
      });
      const outputLatencyMs = await page.evaluate(() => {
        const context = (globalThis as unknown as Globals).__embouchurePitchService?.microphoneTap()
          ?.context;
        return ((context?.baseLatency ?? 0) + (context?.outputLatency ?? 0)) * 1000;
      });

      await activePage(page).getByTestId('open-settings').click();
      const settings = page
        .locator('ion-modal')
        .filter({ has: page.getByTestId('settings-audio') });
      const status = settings.getByTestId('latency-status');
      await expect.poll(() => status.getAttribute('data-status')).toBe('unknown');
      await expect(status.textContent()).resolves.toMatch(/Input latency: Unknown/);
      await settings.getByTestId('settings-audio').scrollIntoViewIfNeeded();
      await shoot(page, 'latency-unknown');

      const first = await calibrate(page);
      const firstMs = await storedCalibration(page);
      const expectedMs = LOOP_DELAY_S * 1000 - outputLatencyMs;
      console.log(
        `calibration: "${first}" stored ${String(firstMs)} ms; loop delay ${LOOP_DELAY_S * 1000} ms ` +
          `less the reported output latency ${outputLatencyMs.toFixed(1)} ms = ${expectedMs.toFixed(1)} ms`,
      );
      expect(first).toMatch(/^Measured \d+ ms/);
      expect(Math.abs((firstMs ?? Number.NaN) - expectedMs)).toBeLessThanOrEqual(TOLERANCE_MS);
      await expect.poll(() => status.getAttribute('data-status')).toBe('calibrated');
      await settings.getByTestId('settings-audio').scrollIntoViewIfNeeded();
      await shoot(page, 'latency-calibrated');

      // Applied: the same player measured again needs (nearly) no more correction.
      const second = await calibrate(page);
      const secondMs = await storedCalibration(page);
      console.log(`calibrated again: "${second}" stored ${String(secondMs)} ms`);
      expect(Math.abs((secondMs ?? Number.NaN) - (firstMs ?? Number.NaN))).toBeLessThanOrEqual(
        APPLIED_TOLERANCE_MS,
      );

      // Forgotten: unknown again.
      await settings.getByTestId('reset-latency').click();
      await expect.poll(() => status.getAttribute('data-status')).toBe('unknown');
      expect(await storedCalibration(page)).toBeNull();
      await settings.getByTestId('close-settings').click();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a take recorded with the latency unknown says so in its study, with Calibrate one tap away',
    async () => {
      const { page } = browser;
      const record = activePage(page).getByTestId('record-button');
      await record.click();
      await expect.poll(() => record.getAttribute('data-state')).toBe('recording');
      await expect
        .poll(async () => (await activePage(page).getByTestId('record-time').textContent()) ?? '', {
          timeout: WAIT_MS,
        })
        .toMatch(/^0:0[2-9]$/);
      await record.click();
      await expect
        .poll(
          async () => (await activePage(page).getByTestId('record-message').textContent()) ?? '',
          { timeout: WAIT_MS },
        )
        .toMatch(/^Take saved/);
      await activePage(page).getByTestId('open-takes').click();
      const modal = page.locator('ion-modal[data-testid="takes-modal"]');
      await modal.getByTestId('play-take').first().click();
      const note = modal.getByTestId('take-study').getByTestId('latency-unknown');
      await note.waitFor();
      await expect(note.textContent()).resolves.toMatch(/^Input latency unknown/);
      await note.scrollIntoViewIfNeeded();
      await shoot(page, 'take-latency-unknown');
      await note.getByTestId('open-calibration').click();
      const calibration = page.locator('ion-modal[data-testid="latency-modal"]');
      await calibration.locator('[data-presented="true"]').waitFor();
      await calibration.getByTestId('calibrate-latency').waitFor();
      await shoot(page, 'take-latency-calibrate-modal');
    },
    TEST_TIMEOUT_MS,
  );
});
