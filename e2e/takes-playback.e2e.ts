import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl, audioFile } from './browser';
import { serviceSnapshot } from './tuner-helpers';
import { TEST_TIMEOUT_MS, WAIT_MS } from './wait';

/**
 * Takes (issue 12), the parts takes.e2e.ts does not cover: rename (kept after a reload), a loop
 * dragged across the trace (the media element jumps back to the loop's start at its end; Clear
 * loop plays on), the speeds (the media element's playbackRate and preservesPitch), the storage
 * warning from a browser estimate at 85 %, deleting takes frees the browser's storage estimate,
 * and recording refused with its message when IndexedDB is unavailable while practice goes on.
 * Fake microphone: concert A4 (written B4 on the default B♭ trumpet), looping.
 */
const browser = sharedBrowser({ wav: audioFile('clean/sr44100/tpt_n069_A4_v110.wav') });

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: WAIT_MS });
const text = async (page: Page, testId: string): Promise<string> =>
  (await activePage(page).getByTestId(testId).textContent()) ?? '';
const connected = async (page: Page): Promise<void> => {
  await poll(async () => (await serviceSnapshot(page)).state).toBe('connected');
};
const takesModal = (page: Page) => page.locator('ion-modal[data-testid="takes-modal"]');

/** Records from the tuner until the running time reads `seconds`, then stops. */
async function recordTake(page: Page, seconds: number): Promise<void> {
  await page.goto(appUrl('/home/tuner'));
  await connected(page);
  const record = activePage(page).getByTestId('record-button');
  await record.click();
  await poll(() => text(page, 'record-time')).toBe(`0:0${seconds}`);
  await record.click();
  await poll(() => text(page, 'record-message')).toMatch(/^Take saved/);
}

async function deleteAll(page: Page): Promise<void> {
  const modal = takesModal(page);
  await modal.getByTestId('delete-all-takes').click();
  await page.locator('ion-alert button', { hasText: 'Delete' }).click();
  await poll(() => modal.getByTestId('take-row').count()).toBe(0);
}

/**
 * Keeps every media element the app creates with `new Audio()` (src/takes/take-player.ts) in
 * `__takeAudio`, so the test reads the element's own currentTime, playbackRate, preservesPitch.
 */
function keepAudioElements(): void {
  const kept: HTMLAudioElement[] = [];
  const scope = globalThis as unknown as { Audio: typeof Audio; __takeAudio: HTMLAudioElement[] };
  scope.__takeAudio = kept;
  scope.Audio = new Proxy(scope.Audio, {
    construct(target, args: [string?]) {
      const element = new target(...args);
      kept.push(element);
      return element;
    },
  });
}
type MediaField = 'currentTime' | 'playbackRate' | 'preservesPitch' | 'ended';
/** A field of the media element of the take being played (the newest one). */
const media = (page: Page, field: MediaField): Promise<number | boolean> =>
  page.evaluate((name) => {
    const kept = (globalThis as unknown as { __takeAudio: HTMLAudioElement[] }).__takeAudio;
    return kept[kept.length - 1][name];
  }, field);

describe('takes: rename, loop, speed, storage', () => {
  it(
    'renames a take; the new name is listed and kept after a reload',
    async () => {
      const { page } = browser;
      await recordTake(page, 2);
      await activePage(page).getByTestId('open-takes').click();
      const modal = takesModal(page);
      const row = modal.getByTestId('take-row');
      await poll(() => row.count()).toBe(1);
      await modal.getByTestId('rename-take').click();
      const input = page.locator('ion-alert input');
      await input.fill('  Warm-up, first try  ');
      await page.locator('ion-alert button', { hasText: 'Save' }).click();
      await poll(async () => (await row.textContent()) ?? '').toMatch(/^Warm-up, first try/);

      // The takes screen is in the URL (?takes): a reload shows it again, no tap needed.
      await page.reload();
      await connected(page);
      await poll(() => modal.isVisible()).toBe(true);
      await poll(async () => (await row.first().textContent()) ?? '').toMatch(
        /^Warm-up, first try[^ ]/,
      );
      // The player shows it under that name too.
      await modal.getByTestId('play-take').click();
      await poll(async () => (await modal.locator('.take-player__name').textContent()) ?? '').toBe(
        'Warm-up, first try',
      );
      await modal.getByTestId('takes-back').click();
      await deleteAll(page);
      await modal.getByTestId('takes-close').click();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a drag across the trace loops playback inside it; Clear loop plays on to the end',
    async () => {
      const { page } = browser;
      await page.addInitScript(keepAudioElements);
      await recordTake(page, 5);
      await activePage(page).getByTestId('open-takes').click();
      const modal = takesModal(page);
      await poll(() => modal.getByTestId('take-row').count()).toBe(1);
      await modal.getByTestId('play-take').click();
      const trace = modal.getByTestId('take-trace');
      await poll(async () => (await trace.getAttribute('data-notes')) ?? '').toMatch(/B4/);
      const durationMs = Number(
        await modal.getByTestId('take-player').getAttribute('data-duration-ms'),
      );
      expect(durationMs).toBeGreaterThan(5000);

      // Drag from 20 % to 60 % of the trace.
      const box = await trace.boundingBox();
      if (!box) throw new Error('no trace');
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + box.width * 0.2, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.4, y, { steps: 5 });
      await page.mouse.move(box.x + box.width * 0.6, y, { steps: 5 });
      await page.mouse.up();
      await poll(async () => Number(await trace.getAttribute('data-loop-end-ms'))).toBeGreaterThan(
        0,
      );
      const startMs = Number(await trace.getAttribute('data-loop-start-ms'));
      const endMs = Number(await trace.getAttribute('data-loop-end-ms'));
      expect(startMs / durationMs).toBeCloseTo(0.2, 1);
      expect(endMs / durationMs).toBeCloseTo(0.6, 1);
      const clear = modal.getByTestId('take-clear-loop');
      await expect(clear.textContent()).resolves.toMatch(/^Clear loop 0:0\d–0:0\d$/);
      // The drag put the playhead at the loop's start.
      expect(await media(page, 'currentTime')).toBeCloseTo(startMs / 1000, 1);

      // Sample the element's own clock while it plays.
      await page.evaluate(() => {
        const scope = globalThis as unknown as {
          __takeAudio: HTMLAudioElement[];
          __times: number[];
        };
        const element = scope.__takeAudio[scope.__takeAudio.length - 1];
        scope.__times = [];
        setInterval(() => scope.__times.push(element.currentTime), 20);
      });
      const times = () =>
        page.evaluate(() => (globalThis as unknown as { __times: number[] }).__times);
      const start = startMs / 1000;
      const end = endMs / 1000;
      /** Jumps back to the loop's start from near its end. */
      const wraps = (ts: number[]): number =>
        ts.filter(
          (t, i) =>
            i > 0 && t < ts[i - 1] && Math.abs(ts[i - 1] - end) < 0.3 && Math.abs(t - start) < 0.5,
        ).length;
      await modal.getByTestId('take-play').click();
      await poll(async () => wraps(await times())).toBeGreaterThanOrEqual(2);
      const looped = await times();
      // Never past the loop's end (one sampling step of slack), never before its start.
      expect(Math.max(...looped)).toBeLessThan(end + 0.25);
      expect(Math.min(...looped)).toBeGreaterThan(start - 0.05);

      // Clear loop: the button goes, playback passes the old end and stops at the take's end.
      await clear.click();
      await poll(() => clear.count()).toBe(0);
      await expect(trace.getAttribute('data-loop-end-ms')).resolves.toBeNull();
      await poll(async () => Math.max(...(await times()))).toBeGreaterThan(end + 0.5);
      await poll(() => modal.getByTestId('take-player').getAttribute('data-playing')).toBe('false');
      expect(await media(page, 'ended')).toBe(true);

      // The speeds set the element's rate, keeping the pitch (Chromium has preservesPitch).
      for (const rate of [0.5, 0.75, 1]) {
        await modal.getByTestId(`take-rate-${rate}`).click();
        await poll(() => media(page, 'playbackRate')).toBe(rate);
        expect(await media(page, 'preservesPitch')).toBe(true);
        await expect(modal.getByTestId(`take-rate-${rate}`).getAttribute('fill')).resolves.toBe(
          'solid',
        );
      }
      // At 0.5× the element's clock runs at half the wall clock's pace.
      await modal.getByTestId('take-rate-0.5').click();
      await modal.getByTestId('take-play').click();
      await poll(() => modal.getByTestId('take-player').getAttribute('data-playing')).toBe('true');
      const pace = await page.evaluate(async () => {
        const scope = globalThis as unknown as { __takeAudio: HTMLAudioElement[] };
        const element = scope.__takeAudio[scope.__takeAudio.length - 1];
        const t0 = element.currentTime;
        const w0 = performance.now();
        // Until the element has played 0.75 s of the take (a state, not a time).
        await new Promise<void>((resolve) => {
          const played = () => {
            if (element.currentTime - t0 < 0.75) return;
            element.removeEventListener('timeupdate', played);
            resolve();
          };
          element.addEventListener('timeupdate', played);
        });
        return (element.currentTime - t0) / ((performance.now() - w0) / 1000);
      });
      expect(pace).toBeGreaterThan(0.3);
      expect(pace).toBeLessThan(0.7);
      await expect(modal.locator('.take-player__hint').textContent()).resolves.not.toMatch(
        /lower in pitch/,
      );
      await modal.getByTestId('takes-back').click();
      await deleteAll(page);
      await modal.getByTestId('takes-close').click();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a take renamed while it records keeps the name typed (the list refreshes every second)',
    async () => {
      const { page } = browser;
      await page.goto(appUrl('/home/tuner'));
      await connected(page);
      const record = activePage(page).getByTestId('record-button');
      await record.click();
      await poll(() => record.getAttribute('data-state')).toBe('recording');
      await activePage(page).getByTestId('open-takes').click();
      const modal = takesModal(page);
      const row = modal.getByTestId('take-row');
      await poll(() => row.count()).toBe(1);
      await modal.getByTestId('rename-take').click();
      const input = page.locator('ion-alert input');
      await input.fill('Mid-take name');
      // Chunks land each second while the alert is open: what was typed stays.
      const bytes = modal.getByTestId('take-storage');
      const before = Number(await bytes.getAttribute('data-takes-bytes'));
      await poll(async () => Number(await bytes.getAttribute('data-takes-bytes'))).toBeGreaterThan(
        before,
      );
      await expect(input.inputValue()).resolves.toBe('Mid-take name');
      await page.locator('ion-alert button', { hasText: 'Save' }).click();
      await poll(async () => (await row.textContent()) ?? '').toMatch(/^Mid-take name/);
      // More chunks, then the final write: the recorder's own copy of the name must not win.
      const renamedAt = Number(await bytes.getAttribute('data-takes-bytes'));
      await poll(async () => Number(await bytes.getAttribute('data-takes-bytes'))).toBeGreaterThan(
        renamedAt,
      );
      await modal.getByTestId('takes-close').click();
      await record.click();
      await poll(() => text(page, 'record-message')).toMatch(/^Take saved/);
      await page.reload();
      await connected(page);
      await activePage(page).getByTestId('open-takes').click();
      await poll(async () => (await row.first().textContent()) ?? '').toMatch(/^Mid-take name/);
      await deleteAll(page);
      await modal.getByTestId('takes-close').click();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'deleting a take gives its space back in the browser’s storage estimate, round after round',
    async () => {
      // PCM takes (no MediaRecorder: ~88 kB/s of WAV), so a take's audio stands well above the
      // estimate's other movements (IndexedDB's own log of the readings, ~40 kB a round).
      const page = await browser.context.newPage();
      await page.addInitScript(() => {
        delete (globalThis as { MediaRecorder?: unknown }).MediaRecorder;
      });
      const usage = () =>
        page.evaluate(async () => (await navigator.storage.estimate()).usage ?? Number.NaN);
      await page.goto(appUrl('/home/tuner'));
      // The service worker's precache (~1.3 MB) is in the estimate once it is active.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      const rounds: { recorded: number; deleted: number; takeBytes: number }[] = [];
      for (let round = 0; round < 3; round++) {
        await recordTake(page, 5);
        await activePage(page).getByTestId('open-takes').click();
        const modal = takesModal(page);
        await poll(() => modal.getByTestId('take-row').count()).toBe(1);
        const takeBytes = Number(
          await modal.getByTestId('take-storage').getAttribute('data-takes-bytes'),
        );
        const recorded = await usage();
        await deleteAll(page);
        const deleted = await usage();
        rounds.push({ recorded, deleted, takeBytes });
        await modal.getByTestId('takes-close').click();
      }
      console.log('storage estimate per round (bytes)', JSON.stringify(rounds));
      for (const { recorded, deleted, takeBytes } of rounds) {
        expect(takeBytes).toBeGreaterThan(400_000);
        // The take's audio leaves the estimate as soon as it is deleted.
        expect(recorded - deleted).toBeGreaterThan(0.9 * takeBytes);
      }
      // Three takes recorded and deleted leave less than one take's audio behind.
      expect(rounds[2].deleted - rounds[0].deleted).toBeLessThan(rounds[0].takeBytes);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'the storage line warns from a browser estimate of 85 % full',
    async () => {
      const page = await browser.context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.addInitScript(() => {
        StorageManager.prototype.estimate = () => Promise.resolve({ usage: 8.5e9, quota: 10e9 });
      });
      await page.goto(appUrl('/home/tuner'));
      await connected(page);
      await activePage(page).getByTestId('open-takes').click();
      const storage = takesModal(page).getByTestId('take-storage');
      await poll(() => storage.getAttribute('data-nearly-full')).toBe('true');
      await expect(storage.textContent()).resolves.toMatch(
        /^Takes: \d+ kB · storage used 8\.5 GB of 10\.0 GB — almost full: delete or export old takes before recording more\.$/,
      );
      expect(errors).toEqual([]);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'without IndexedDB (private mode, storage blocked) recording is refused with why; the tuner goes on',
    async () => {
      const page = await browser.context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.addInitScript(() => {
        IDBFactory.prototype.open = () => {
          throw new DOMException('IndexedDB is disabled', 'InvalidStateError');
        };
      });
      await page.goto(appUrl('/home/tuner'));
      await connected(page);
      const record = activePage(page).getByTestId('record-button');
      await record.click();
      await poll(() => text(page, 'record-message')).toBe(
        'Storage is unavailable in this browser (private mode or storage blocked): the take cannot be recorded. Practice goes on.',
      );
      await expect(record.getAttribute('data-state')).resolves.toBe('idle');
      // Practice goes on: still listening, still naming the note played.
      const after = await serviceSnapshot(page);
      expect(after.state).toBe('connected');
      await poll(async () => (await serviceSnapshot(page)).hz).toBeGreaterThan(430);
      // The display follows the stream through its smoothing: wait for it, not for the stream.
      await poll(() => activePage(page).getByText('B4').first().isVisible()).toBe(true);
      // The takes screen says why it is empty.
      await activePage(page).getByTestId('open-takes').click();
      await poll(
        async () => (await takesModal(page).getByTestId('takes-error').textContent()) ?? '',
      ).toBe('Takes are unavailable in this browser (private mode or storage blocked).');
      expect(errors).toEqual([]);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});
