/* global indexedDB, document -- used inside page.evaluate, which runs in the page */
// `npm run soak:take [-- --minutes=10]`: records one take of N minutes (default 10) in the
// production build, in headless Chromium with the fake microphone looping the corpus phrase, and
// reports every minute the page's JS heap after a forced GC, the take's stored audio and the
// browser's storage estimate. The heap must stay flat: audio and readings go to IndexedDB a chunk
// (~1 s) at a time, never one growing buffer. Serves `dist/` (or $EMBOUCHURE_DIST_DIR).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { audioFile, distDir } from '../e2e/paths.ts';
import { startStaticServer } from '../e2e/static-server.ts';

const minutesArg = process.argv.find((a) => a.startsWith('--minutes='));
const minutes = minutesArg ? Number(minutesArg.slice('--minutes='.length)) : 10;
if (!(minutes > 0 && minutes <= 120)) throw new RangeError('--minutes must be 0–120');

const server = await startStaticServer(distDir());
const profile = mkdtempSync(join(tmpdir(), 'take-soak-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--autoplay-policy=no-user-gesture-required',
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-audio-capture=${audioFile('phrase/sr48000/phrase_1.wav')}`,
  ],
});
const page = context.pages()[0] ?? (await context.newPage());
const cdp = await context.newCDPSession(page);
const heapMb = async () => {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1e6;
};
const storage = () =>
  page.evaluate(async () => {
    const { usage } = await navigator.storage.estimate();
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('embouchure-history');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const rows = !db.objectStoreNames.contains('takes')
      ? []
      : await new Promise((resolve) => {
          const request = db.transaction('takes').objectStore('takes').getAll();
          request.onsuccess = () => resolve(request.result);
        });
    db.close();
    const take = rows[0];
    return {
      usageMb: usage / 1e6,
      takeMb: (take?.bytes ?? 0) / 1e6,
      durationMs: take?.durationMs ?? 0,
    };
  });

const active = '.ion-page:not(.ion-page-hidden)';
await page.goto(`${server.url}/home/tuner`);
await page.waitForFunction(
  () => globalThis.__embouchurePitchService?.status.get().state === 'connected',
  undefined,
  { timeout: 30_000 },
);
const rows = [];
const sample = async (minute) => {
  const row = { minute, heapMb: await heapMb(), ...(await storage()) };
  rows.push(row);
  console.log(
    `minute ${String(minute).padStart(2)}: JS heap ${row.heapMb.toFixed(2)} MB, take ${row.takeMb.toFixed(2)} MB (${(row.durationMs / 1000).toFixed(0)} s stored), storage used ${row.usageMb.toFixed(2)} MB`,
  );
};
await page.click(`${active} [data-testid="open-takes"]`); // the app opens (and creates) its database
await page.waitForSelector('ion-modal [data-testid="take-list"]', { timeout: 30_000 });
await page.click('ion-modal [data-testid="takes-close"]');
await sample(0);
await page.click(`${active} [data-testid="record-button"]`);
for (let minute = 1; minute <= minutes; minute++) {
  await page.waitForTimeout(60_000);
  await sample(minute);
}
await page.click(`${active} [data-testid="record-button"]`);
await page.waitForFunction(
  () =>
    /Take saved/.test(document.querySelector('[data-testid="record-message"]')?.textContent ?? ''),
  undefined,
  { timeout: 60_000 },
);
await sample(minutes);
const last = rows.at(-1);
const takeMinutes = last.durationMs / 60_000;
const heaps = rows.slice(1).map((r) => r.heapMb); // from minute 1: the recorder's chunks are loaded
console.log(
  `take soak: ${minutes} min; JS heap after GC ${rows[0].heapMb.toFixed(2)} MB before, ${heaps[0].toFixed(2)} MB at minute 1, ${last.heapMb.toFixed(2)} MB at the end (minutes 1–${minutes}: ${Math.min(...heaps).toFixed(2)}–${Math.max(...heaps).toFixed(2)} MB); ` +
    `take audio ${(last.takeMb / takeMinutes).toFixed(2)} MB per minute, storage used ${((last.usageMb - rows[0].usageMb) / takeMinutes).toFixed(2)} MB per minute (browser estimate)`,
);
await context.close();
await server.close();
rmSync(profile, { recursive: true, force: true });
