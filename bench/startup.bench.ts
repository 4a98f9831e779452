// `npm run bench:startup [-- --runs=10 --throttle]`: time from navigation to a usable tuner page
// in headless Chromium, on the production build (`npm run build` first; another build with
// EMBOUCHURE_DIST_DIR). Milestones, in ms after navigation start (performance.timeOrigin):
//   fcp       first contentful paint
//   visible   the tuner reading is on screen (page chunk loaded and rendered)
//   listening the pitch service is connected: microphone → worklet → .wasm engine running
//   pitch     the first reading with a pitch (the fake microphone plays a trumpet G4)
//   kB        bytes transferred (compressed, as sent) up to the first pitch
// "cold": a fresh browser context (empty cache, no service worker); "warm": a reload of the same
// context once the service worker has precached everything (a returning user).
// --throttle: 4× CPU slowdown and a 4G-like network (20 ms RTT, 9 Mbit/s down) through CDP.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startStaticServer } from '../e2e/static-server.ts';

interface Milestones {
  fcp: number;
  visible: number;
  listening: number;
  pitch: number;
  kB: number;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name: string): string | undefined =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const runs = Number(option('runs') ?? 10);
if (!Number.isInteger(runs) || runs < 1 || runs > 100) {
  throw new RangeError(`--runs must be an integer 1..100, got ${option('runs')}`);
}
const throttle = args.includes('--throttle');
const distDir = process.env.EMBOUCHURE_DIST_DIR
  ? resolve(root, process.env.EMBOUCHURE_DIST_DIR)
  : join(root, 'dist');
if (!existsSync(join(distDir, 'index.html'))) {
  throw new Error(`${distDir}/index.html not found: run npm run build first`);
}

/** Runs in the page before any script: records when each milestone is first reached. */
function recordMilestones(): void {
  type Hook = {
    __embouchurePitchService?: {
      status: { get(): { state: string } };
      reading: { get(): { hz: number } };
    };
  };
  const marks: Partial<Record<'visible' | 'listening' | 'pitch', number>> = {};
  (globalThis as unknown as { __startup: typeof marks }).__startup = marks;
  const check = () => {
    const reading = document.querySelector('[data-testid="tuner-reading"]');
    if (
      marks.visible === undefined &&
      reading &&
      reading.getBoundingClientRect().height > 0 &&
      !reading.closest('.ion-page-hidden')
    ) {
      marks.visible = performance.now();
    }
    const state = (globalThis as Hook).__embouchurePitchService?.status.get().state;
    if (marks.listening === undefined && state === 'connected') marks.listening = performance.now();
    const hz = (globalThis as Hook).__embouchurePitchService?.reading.get().hz ?? 0;
    if (marks.pitch === undefined && hz > 0) marks.pitch = performance.now();
    if (marks.visible === undefined || marks.listening === undefined || marks.pitch === undefined) {
      requestAnimationFrame(check);
    }
  };
  requestAnimationFrame(check);
}

async function measure(page: Page, load: () => Promise<unknown>): Promise<Milestones> {
  await load();
  const marks = await page.waitForFunction(
    () => {
      const m = (
        globalThis as unknown as {
          __startup?: { visible?: number; listening?: number; pitch?: number };
        }
      ).__startup;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      if (m?.visible === undefined || m.listening === undefined || m.pitch === undefined) return;
      if (fcp === undefined) return;
      const pitch = m.pitch;
      const bytes = [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource'),
      ]
        .filter((e) => (e as PerformanceResourceTiming).responseEnd <= pitch)
        .reduce((sum, e) => sum + ((e as PerformanceResourceTiming).transferSize || 0), 0);
      return { fcp, visible: m.visible, listening: m.listening, pitch, kB: bytes / 1000 };
    },
    undefined,
    { timeout: 60_000, polling: 50 },
  );
  return (await marks.jsonValue()) as Milestones;
}

async function applyThrottle(context: BrowserContext, page: Page): Promise<void> {
  if (!throttle) return;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: (9 * 1024 * 1024) / 8,
    uploadThroughput: (9 * 1024 * 1024) / 8,
  });
}

const fakeMicWav = resolve(
  root,
  '..',
  'shared',
  'audio',
  'clean',
  'sr44100',
  'tpt_n067_G4_v110.wav',
);
const server = await startStaticServer(distDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--autoplay-policy=no-user-gesture-required',
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    // A trumpet note at the microphone, so "first pitch" is reached (Chromium's own beep is not
    // always read as a pitch).
    ...(existsSync(fakeMicWav) ? [`--use-file-for-fake-audio-capture=${fakeMicWav}`] : []),
  ],
});

const cold: Milestones[] = [];
const warm: Milestones[] = [];
try {
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext();
    await context.grantPermissions(['microphone'], { origin: server.url });
    await context.addInitScript(recordMilestones);
    const page = await context.newPage();
    await applyThrottle(context, page);
    cold.push(await measure(page, () => page.goto(`${server.url}/home/tuner`)));
    // Returning user: wait until the service worker has precached everything, then reload.
    await page.waitForFunction(
      () =>
        (
          globalThis as unknown as { __embouchurePwa?: { get(): { offlineReady: boolean } } }
        ).__embouchurePwa?.get().offlineReady === true,
      undefined,
      { timeout: 60_000 },
    );
    warm.push(await measure(page, () => page.reload()));
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const row = (label: string, samples: Milestones[], key: keyof Milestones) => {
  const values = samples.map((sample) => sample[key]);
  const f = (ms: number) => `${Math.round(ms)}`.padStart(6);
  return `${label.padEnd(26)}${f(median(values))}${f(Math.min(...values))}${f(Math.max(...values))}`;
};
console.log(
  `startup to a usable tuner (${runs} runs, ${throttle ? '4x CPU + 4G-like network' : 'no throttling'}, ms after navigation)`,
);
console.log(`${''.padEnd(26)}${'median'.padStart(6)}${'min'.padStart(6)}${'max'.padStart(6)}`);
for (const [name, samples] of [
  ['cold', cold],
  ['warm (cached)', warm],
] as const) {
  console.log(row(`${name} fcp`, samples, 'fcp'));
  console.log(row(`${name} visible`, samples, 'visible'));
  console.log(row(`${name} listening`, samples, 'listening'));
  console.log(row(`${name} first pitch`, samples, 'pitch'));
  console.log(row(`${name} kB to first pitch`, samples, 'kB'));
}
