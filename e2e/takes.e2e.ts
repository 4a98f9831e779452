import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl, audioFile } from './browser';
import { serviceSnapshot } from './tuner-helpers';
import { TEST_TIMEOUT_MS, WAIT_MS } from './wait';

/**
 * Takes (issue 12): record from the tuner through the fake microphone (concert A4, written B4 on
 * the default B♭ trumpet, 1.3 s of note then silence, looping), stop, reload, find it in the list,
 * play it back with the trace under a moving cursor while the microphone is released, export and
 * import it, refuse a malformed file, delete it and see its space freed.
 */
const browser = sharedBrowser({ wav: audioFile('clean/sr44100/tpt_n069_A4_v110.wav') });

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: WAIT_MS });
const connected = async (page: Page): Promise<void> => {
  await poll(async () => (await serviceSnapshot(page)).state).toBe('connected');
};
/** What the page's IndexedDB holds for takes: rows and stored chunk bytes. */
const stored = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ takes: number; chunks: number; audioBytes: number }>((resolve, reject) => {
        const open = indexedDB.open('embouchure-history');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['takes', 'takeChunks'], 'readonly');
          const takes = tx.objectStore('takes').count();
          const chunks = tx.objectStore('takeChunks').getAll();
          tx.oncomplete = () => {
            const rows = chunks.result as { audio: Blob }[];
            resolve({
              takes: takes.result,
              chunks: rows.length,
              audioBytes: rows.reduce((sum, row) => sum + row.audio.size, 0),
            });
            db.close();
          };
        };
      }),
  );
const takesModal = (page: Page) => page.locator('ion-modal[data-testid="takes-modal"]');

describe('takes', () => {
  it(
    'records 5 s from the tuner; after a reload the take is listed, plays with its trace, deletes',
    async () => {
      const { page } = browser;
      await page.goto(appUrl('/home/tuner'));
      await connected(page);
      const record = activePage(page).getByTestId('record-button');
      await record.click();
      await poll(() => record.getAttribute('data-state')).toBe('recording');
      // The running time counts up; stop once it reads 5 s.
      await poll(
        async () => (await activePage(page).getByTestId('record-time').textContent()) ?? '',
      ).toMatch(/^0:0[5-9]$/);
      await record.click();
      await poll(
        async () => (await activePage(page).getByTestId('record-message').textContent()) ?? '',
      ).toMatch(/^Take saved \(0:0[5-9]\)\.$/);

      await page.reload();
      await connected(page);
      await activePage(page).getByTestId('open-takes').click();
      const modal = takesModal(page);
      const row = modal.getByTestId('take-row');
      await poll(() => row.count()).toBe(1);
      await expect(row.textContent()).resolves.toMatch(/Tuner · 0:0[5-9] ·/);
      await expect(modal.getByTestId('take-notes').textContent()).resolves.toMatch(/^(B4 ?)+/);
      const before = await stored(page);
      expect(before.takes).toBe(1);
      expect(before.chunks).toBeGreaterThanOrEqual(5); // ~1 s chunks, never one growing buffer
      expect(before.audioBytes).toBeGreaterThan(10_000);

      // Playback: the trace shows the recorded note, the cursor advances, the mic is released.
      await modal.getByTestId('play-take').click();
      const trace = modal.getByTestId('take-trace');
      await poll(async () => (await trace.getAttribute('data-notes')) ?? '').toMatch(/^B4( B4)*$/);
      await modal.getByTestId('take-play').click();
      await poll(() => modal.getByTestId('take-player').getAttribute('data-playing')).toBe('true');
      await poll(async () => Number(await trace.getAttribute('data-cursor-ms'))).toBeGreaterThan(
        1000,
      );
      const whilePlaying = await serviceSnapshot(page);
      expect(whilePlaying.state).toBe('stopped'); // nothing hears or scores the playback
      expect(whilePlaying.diagnostics.tracksOpened).toBe(whilePlaying.diagnostics.tracksStopped);
      // Slow down, then tap near the end of the trace to seek there.
      await modal.getByTestId('take-rate-0.5').click();
      await modal.getByTestId('take-play').click(); // pause
      await poll(() => modal.getByTestId('take-player').getAttribute('data-playing')).toBe('false');
      const box = await trace.boundingBox();
      if (!box) throw new Error('no trace');
      await trace.click({ position: { x: box.width * 0.8, y: box.height / 2 } });
      await poll(async () => Number(await trace.getAttribute('data-cursor-ms'))).toBeGreaterThan(
        3500,
      );

      // Study: per-note rows with a median offset.
      await expect(modal.getByTestId('study-row').count()).resolves.toBeGreaterThan(0);

      // Delete: confirmed, the list empties and the stored audio is gone.
      await modal.getByTestId('takes-back').click();
      await modal.getByTestId('delete-take').click();
      await page.locator('ion-alert button', { hasText: 'Delete' }).click();
      await poll(() => modal.getByTestId('take-row').count()).toBe(0);
      await expect(stored(page)).resolves.toEqual({ takes: 0, chunks: 0, audioBytes: 0 });
      await expect(
        modal.getByTestId('take-storage').getAttribute('data-takes-bytes'),
      ).resolves.toBe('0');
      // Closing the screen listens again.
      await modal.getByTestId('takes-close').click();
      await connected(page);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'exports audio + JSON + CSV, imports them back, and refuses a malformed file with the reason',
    async () => {
      const { page } = browser;
      await page.goto(appUrl('/home/tuner'));
      await connected(page);
      const record = activePage(page).getByTestId('record-button');
      await record.click();
      await poll(
        async () => (await activePage(page).getByTestId('record-time').textContent()) ?? '',
      ).toMatch(/^0:0[2-9]$/);
      await record.click();
      await poll(
        async () => (await activePage(page).getByTestId('record-message').textContent()) ?? '',
      ).toMatch(/^Take saved/);
      await activePage(page).getByTestId('open-takes').click();
      const modal = takesModal(page);
      await poll(() => modal.getByTestId('take-row').count()).toBe(1);

      const downloads: Download[] = [];
      page.on('download', (download) => downloads.push(download));
      await modal.getByTestId('export-take').click();
      await poll(() => Promise.resolve(downloads.length)).toBe(3);
      const names = downloads.map((d) => d.suggestedFilename()).sort();
      expect(names).toEqual([
        expect.stringMatching(/^embouchure-take-[\d-]+\.csv$/),
        expect.stringMatching(/^embouchure-take-[\d-]+\.json$/),
        expect.stringMatching(/^embouchure-take-[\d-]+\.webm$/),
      ]);
      const paths = await Promise.all(downloads.map((d) => d.path()));
      const byExt = (ext: string) =>
        paths[downloads.findIndex((d) => d.suggestedFilename().endsWith(ext))];
      const json = JSON.parse(await readFile(byExt('.json'), 'utf8')) as {
        format: string;
        version: number;
        readings: { rows: number[][] };
        notes: unknown[];
      };
      expect(json).toMatchObject({ format: 'embouchure-take', version: 1 });
      expect(json.readings.rows.length).toBeGreaterThan(10);
      const csv = await readFile(byExt('.csv'), 'utf8');
      expect(csv.split('\n')[0]).toBe('timeMs,hz,clarity,levelDb,noteHz');

      const input = modal.getByTestId('import-take-input');
      // Malformed: refused with the reason, the existing take untouched.
      await input.setInputFiles({
        name: 'broken.json',
        mimeType: 'application/json',
        buffer: Buffer.from('{"format":"embouchure-take","version":9}'),
      });
      await poll(async () => (await modal.getByTestId('takes-error').textContent()) ?? '').toBe(
        'Invalid take file: version 9 is newer than this app reads (1): update the app. Nothing was imported.',
      );
      await expect(modal.getByTestId('take-row').count()).resolves.toBe(1);

      // Delete it, then bring it back from the exported pair.
      await modal.getByTestId('delete-all-takes').click();
      await page.locator('ion-alert button', { hasText: 'Delete' }).click();
      await poll(() => modal.getByTestId('take-row').count()).toBe(0);
      // The files as the player saved them (Playwright keeps downloads under random names).
      const asSaved = async (ext: string, mimeType: string) => ({
        name: names.find((n) => n.endsWith(ext)) ?? '',
        mimeType,
        buffer: await readFile(byExt(ext)),
      });
      await input.setInputFiles([
        await asSaved('.json', 'application/json'),
        await asSaved('.webm', 'audio/webm'),
      ]);
      await poll(() => modal.getByTestId('take-row').count()).toBe(1);
      await expect(modal.getByTestId('takes-notice').textContent()).resolves.toMatch(/^Imported/);
      await modal.getByTestId('play-take').click();
      await poll(
        async () => (await modal.getByTestId('take-trace').getAttribute('data-notes')) ?? '',
      ).toMatch(/B4/);
      await modal.getByTestId('takes-close').click();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a microphone lost mid-take closes the take and keeps it, listed as interrupted',
    async () => {
      const { page } = browser;
      await page.goto(appUrl('/home/tuner'));
      await connected(page);
      const record = activePage(page).getByTestId('record-button');
      await record.click();
      await poll(
        async () => (await activePage(page).getByTestId('record-time').textContent()) ?? '',
      ).toMatch(/^0:0[2-9]$/);
      // The device goes away: its track ends (what unplugging does; stop() would not fire it).
      await page.evaluate(() => {
        type Tap = { microphoneTap(): { stream: MediaStream } | null };
        const service = (globalThis as unknown as { __embouchurePitchService: Tap })
          .__embouchurePitchService;
        service.microphoneTap()?.stream.getAudioTracks()[0].dispatchEvent(new Event('ended'));
      });
      await poll(
        async () => (await activePage(page).getByTestId('record-message').textContent()) ?? '',
      ).toMatch(/the take was saved up to that point/);
      await activePage(page).getByTestId('open-takes').click();
      const modal = takesModal(page);
      const row = modal.getByTestId('take-row').first();
      await poll(async () => (await row.textContent()) ?? '').toMatch(/Interrupted/);
      await expect(row.textContent()).resolves.toMatch(/ · 0:0[2-9] · /);
      await modal.getByTestId('delete-all-takes').click();
      await page.locator('ion-alert button', { hasText: 'Delete' }).click();
      await poll(() => modal.getByTestId('take-row').count()).toBe(0);
      await modal.getByTestId('takes-close').click();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'without MediaRecorder the take is 16-bit PCM WAV from the same graph, and plays back',
    async () => {
      const { page } = browser;
      await page.addInitScript(() => {
        delete (globalThis as { MediaRecorder?: unknown }).MediaRecorder;
      });
      await page.goto(appUrl('/home/tuner'));
      await connected(page);
      const record = activePage(page).getByTestId('record-button');
      await record.click();
      await poll(
        async () => (await activePage(page).getByTestId('record-time').textContent()) ?? '',
      ).toMatch(/^0:0[3-9]$/);
      await record.click();
      await poll(
        async () => (await activePage(page).getByTestId('record-message').textContent()) ?? '',
      ).toMatch(/^Take saved/);
      const snapshot = await serviceSnapshot(page);
      expect(snapshot.diagnostics.tracksOpened).toBe(1); // no second getUserMedia
      await activePage(page).getByTestId('open-takes').click();
      const modal = takesModal(page);
      await poll(() => modal.getByTestId('take-row').count()).toBe(1);
      const bytes = await stored(page);
      // 44.1 kHz × 2 bytes: ~88 kB per second of take.
      expect(bytes.audioBytes).toBeGreaterThan(3 * 80_000);
      await modal.getByTestId('play-take').click();
      const trace = modal.getByTestId('take-trace');
      await poll(async () => (await trace.getAttribute('data-notes')) ?? '').toMatch(/B4/);
      await modal.getByTestId('take-play').click();
      await poll(async () => Number(await trace.getAttribute('data-cursor-ms'))).toBeGreaterThan(
        1000,
      );
      await modal.getByTestId('takes-close').click();
    },
    TEST_TIMEOUT_MS,
  );
});
