// `npm run bench:startup [-- --runs=10 --throttle[=slow4g] --waterfall]`: time from navigation to
// a usable tuner page in headless Chromium, on the production build (`npm run build` first;
// another build with EMBOUCHURE_DIST_DIR). Milestones, in ms after navigation start
// (performance.timeOrigin):
//   fcp       first contentful paint
//   visible   the tuner reading is on screen (page chunk loaded and rendered)
//   listening the pitch service is connected: microphone → worklet → .wasm engine running
//   heard     the pitch service's first reading with a pitch (the fake microphone plays a G4)
//   pitch     the first pitch on screen: the tuner reading is visible and shows a note (what the
//             player sees; not before `visible`, nor before `heard`)
//   kB        bytes transferred (as sent, gzip) up to the first pitch
//   CPU ms    CPU time of all Chromium processes from navigation until the first pitch is seen
//             (Linux /proc; robust to a loaded machine, unlike the times)
// "cold": a fresh browser context (empty cache, no service worker); "warm": a reload of the same
// context once the service worker has precached everything (a returning user).
// --throttle: CPU 4× slower and Chrome DevTools' network preset "Fast 4G" (PROFILES below);
// --throttle=slow4g: DevTools' "Slow 4G", which is Lighthouse's default mobile throttling;
// --throttle=none with --cpu=N: only the CPU slowed (N× instead of 4×; analysis).
// The server answers as a production host does (gzip, hashed assets cacheable: e2e/static-server.ts);
// --no-gzip: plain files, no caching; --http1: plain HTTP/1.1 (six requests at a time) instead of
// HTTP/2 over TLS with a throw-away certificate (openssl). The figures before 2026-11-26 were
// measured with both.
// --cold: cold runs only (no service-worker wait and reload; for A/B comparisons of the first visit).
// --waterfall: also print every request of the last cold run up to the first pitch, and the main
// thread's long tasks (what the critical path is made of).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startStaticServer } from '../e2e/static-server.ts';

interface Milestones {
  /** CPU time of every Chromium process, from navigation to the first pitch being seen. */
  cpuMs: number;
  fcp: number;
  visible: number;
  listening: number;
  heard: number;
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

/**
 * Chrome DevTools' network presets (front_end/core/sdk/NetworkManager.ts): request-level
 * throttling, so the latency is the packet RTT times a factor (2.75 / 3.75) and the throughput
 * 90 % of the link's. "Slow 4G" (formerly "Fast 3G") is what Lighthouse's mobile run uses with
 * devtools throttling (150 ms RTT, 1.6 Mbit/s, core/config/constants.js). CPU 4× as Lighthouse's
 * mobile default.
 */
const PROFILES = {
  // Network as is (for analysis: with --cpu=4, what the CPU alone costs).
  none: { label: 'not throttled', latencyMs: 0, downBytesPerS: -1, upBytesPerS: -1 },
  fast4g: {
    label: 'DevTools "Fast 4G": 165 ms latency (60 ms RTT × 2.75), 8.1 Mbit/s down, 1.35 up',
    latencyMs: 60 * 2.75,
    downBytesPerS: ((9 * 1000 * 1000) / 8) * 0.9,
    upBytesPerS: ((1.5 * 1000 * 1000) / 8) * 0.9,
  },
  slow4g: {
    label:
      'DevTools "Slow 4G" = Lighthouse mobile: 562.5 ms latency (150 ms RTT × 3.75), 1.44 Mbit/s down, 0.675 up',
    latencyMs: 150 * 3.75,
    downBytesPerS: ((1.6 * 1000 * 1000) / 8) * 0.9,
    upBytesPerS: ((750 * 1000) / 8) * 0.9,
  },
} as const;
const CPU_SLOWDOWN = Number(option('cpu') ?? 4);
if (!(CPU_SLOWDOWN >= 1 && CPU_SLOWDOWN <= 20)) {
  throw new RangeError(`--cpu must be a slowdown factor 1..20, got ${option('cpu')}`);
}
const throttleArg = args.find((arg) => arg === '--throttle' || arg.startsWith('--throttle='));
const profileName = throttleArg ? (option('throttle') ?? 'fast4g') : undefined;
if (profileName !== undefined && !(profileName in PROFILES)) {
  throw new RangeError(
    `--throttle must be one of ${Object.keys(PROFILES).join(', ')}, got ${profileName}`,
  );
}
const profile = profileName ? PROFILES[profileName as keyof typeof PROFILES] : undefined;
const gzip = !args.includes('--no-gzip');
const http1 = args.includes('--http1');

/** A throw-away self-signed certificate for 127.0.0.1 (HTTP/2 needs TLS in browsers). */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'embouchure-bench-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-days',
        '1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const waterfall = args.includes('--waterfall');
const coldOnly = args.includes('--cold');
const distDir = process.env.EMBOUCHURE_DIST_DIR
  ? resolve(root, process.env.EMBOUCHURE_DIST_DIR)
  : join(root, 'dist');
if (!existsSync(join(distDir, 'index.html'))) {
  throw new Error(`${distDir}/index.html not found: run npm run build first`);
}

/**
 * Runs in the page before any script: records when each milestone is first reached and, once all
 * are, the result (`__startupResult`). The bench reads it with a bare DevTools evaluate: Playwright's
 * `waitForFunction` would first compile its injected script (~0.3 MB) on the page's main thread,
 * ~50 ms at 4× CPU, in the middle of the start-up it measures (seen in a trace, 2026-11-26).
 */
function recordMilestones(): void {
  type Hook = {
    __embouchurePitchService?: {
      status: { get(): { state: string } };
      reading: { get(): { hz: number } };
    };
  };
  const marks: Partial<Record<'visible' | 'listening' | 'heard' | 'pitch', number>> = {};
  const page = globalThis as unknown as { __startup: typeof marks; __startupResult?: unknown };
  page.__startup = marks;
  const finish = (): boolean => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    if (
      marks.visible === undefined ||
      marks.listening === undefined ||
      marks.heard === undefined ||
      marks.pitch === undefined
    ) {
      return false;
    }
    if (fcp === undefined) return false;
    const pitch = marks.pitch;
    const bytes = [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ]
      .filter((e) => (e as PerformanceResourceTiming).responseEnd <= pitch)
      .reduce((sum, e) => sum + ((e as PerformanceResourceTiming).transferSize || 0), 0);
    page.__startupResult = {
      fcp,
      visible: marks.visible,
      listening: marks.listening,
      heard: marks.heard,
      pitch,
      kB: bytes / 1000,
    };
    return true;
  };
  const check = () => {
    const reading = document.querySelector('[data-testid="tuner-reading"]');
    const onScreen =
      reading !== null &&
      reading.getBoundingClientRect().height > 0 &&
      !reading.closest('.ion-page-hidden');
    if (marks.visible === undefined && onScreen) marks.visible = performance.now();
    // The reading's class says whether it shows a note (`tuner-reading--none`: no pitch).
    if (marks.pitch === undefined && onScreen && !reading.matches('.tuner-reading--none')) {
      marks.pitch = performance.now();
    }
    const state = (globalThis as Hook).__embouchurePitchService?.status.get().state;
    if (marks.listening === undefined && state === 'connected') marks.listening = performance.now();
    const hz = (globalThis as Hook).__embouchurePitchService?.reading.get().hz ?? 0;
    if (marks.heard === undefined && hz > 0) marks.heard = performance.now();
    if (!finish()) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  // The main thread's long tasks (> 50 ms), for --waterfall.
  const tasks: { startMs: number; ms: number }[] = [];
  (globalThis as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push({ startMs: e.startTime, ms: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no long-task timing: the waterfall lists requests only
  }
}

/**
 * CPU time (user + system) of this process's descendants (the browser and every Chromium process
 * it started), from /proc, in ms (Linux). Unlike the milestones' times it barely depends on what
 * else the machine is doing: the CPU work a start-up costs, whatever the contention. The CPU
 * throttling pauses the renderer, it does not make it burn more.
 */
function chromiumCpuMs(): number {
  const ticksPerS = 100; // USER_HZ on Linux (getconf CLK_TCK)
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((pid) => {
      try {
        // After the command, which is in parentheses and may contain spaces.
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return {
          pid: Number(pid),
          ppid: Number(fields[1]),
          ticks: Number(fields[11]) + Number(fields[12]),
        };
      } catch {
        return undefined; // exited meanwhile
      }
    })
    .filter((stat) => stat !== undefined);
  const mine = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const stat of stats) {
      if (!mine.has(stat.pid) && mine.has(stat.ppid)) {
        mine.add(stat.pid);
        grew = true;
      }
    }
  }
  mine.delete(process.pid);
  const ticks = stats
    .filter((stat) => mine.has(stat.pid))
    .reduce((sum, stat) => sum + stat.ticks, 0);
  return (ticks * 1000) / ticksPerS;
}

async function measure(page: Page, load: () => Promise<unknown>): Promise<Milestones> {
  const cpuBeforeMs = chromiumCpuMs();
  const cdp = await page.context().newCDPSession(page);
  await load();
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { result } = (await cdp.send('Runtime.evaluate', {
      expression: 'globalThis.__startupResult',
      returnByValue: true,
    })) as { result: { value?: Omit<Milestones, 'cpuMs'> } };
    if (result.value) {
      const cpuMs = chromiumCpuMs() - cpuBeforeMs;
      await cdp.detach();
      return { ...result.value, cpuMs };
    }
    if (Date.now() > deadline) throw new Error('no first pitch within 60 s');
    await new Promise((settle) => setTimeout(settle, 50));
  }
}

async function applyThrottle(context: BrowserContext, page: Page): Promise<void> {
  if (!profile) return;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  if (profile.latencyMs === 0) return;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: profile.downBytesPerS,
    uploadThroughput: profile.upBytesPerS,
  });
}

interface Request {
  name: string;
  startMs: number;
  endMs: number;
  kB: number;
}

/** Every request that ended before the first pitch, and the main thread's long tasks. */
async function criticalPath(page: Page, pitchMs: number) {
  return page.evaluate((pitch) => {
    const requests = [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ]
      .map((e) => e as PerformanceResourceTiming)
      .filter((e) => e.startTime <= pitch)
      .map((e) => ({
        name: new URL(e.name).pathname,
        startMs: e.startTime,
        endMs: e.responseEnd,
        kB: (e.transferSize || 0) / 1000,
      }));
    const tasks =
      (globalThis as unknown as { __longTasks?: { startMs: number; ms: number }[] }).__longTasks ??
      [];
    return { requests, tasks: tasks.filter((t) => t.startMs <= pitch) };
  }, pitchMs) as Promise<{ requests: Request[]; tasks: { startMs: number; ms: number }[] }>;
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
const server = await startStaticServer(distDir, {
  production: gzip,
  ...(http1 ? {} : { tls: selfSignedCertificate() }),
});
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
    // The bench's own self-signed certificate (HTTP/2 needs TLS).
    ...(http1 ? [] : ['--ignore-certificate-errors']),
    // A trumpet note at the microphone, so "first pitch" is reached (Chromium's own beep is not
    // always read as a pitch).
    ...(existsSync(fakeMicWav) ? [`--use-file-for-fake-audio-capture=${fakeMicWav}`] : []),
  ],
});

const cold: Milestones[] = [];
const warm: Milestones[] = [];
let lastCold: Awaited<ReturnType<typeof criticalPath>> | undefined;
try {
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext();
    await context.grantPermissions(['microphone'], { origin: server.url });
    await context.addInitScript(recordMilestones);
    const page = await context.newPage();
    await applyThrottle(context, page);
    const coldRun = await measure(page, () => page.goto(`${server.url}/home/tuner`));
    cold.push(coldRun);
    if (waterfall) lastCold = await criticalPath(page, coldRun.pitch);
    if (coldOnly) {
      await context.close();
      continue;
    }
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
  `startup to a usable tuner (${runs} runs, ms after navigation; host: ${http1 ? 'HTTP/1.1' : 'HTTP/2'}, ${gzip ? 'gzip' : 'uncompressed'})`,
);
console.log(
  profile ? `throttled: CPU ${CPU_SLOWDOWN}× slower; network ${profile.label}` : 'no throttling',
);
console.log(`${''.padEnd(26)}${'median'.padStart(6)}${'min'.padStart(6)}${'max'.padStart(6)}`);
for (const [name, samples] of [
  ['cold', cold],
  ...(coldOnly ? [] : ([['warm (cached)', warm]] as const)),
] as const) {
  console.log(row(`${name} fcp`, samples, 'fcp'));
  console.log(row(`${name} visible`, samples, 'visible'));
  console.log(row(`${name} listening`, samples, 'listening'));
  console.log(row(`${name} heard (service)`, samples, 'heard'));
  console.log(row(`${name} first pitch`, samples, 'pitch'));
  console.log(row(`${name} kB to first pitch`, samples, 'kB'));
  console.log(row(`${name} CPU ms to pitch`, samples, 'cpuMs'));
}

if (lastCold) {
  const f = (ms: number) => `${Math.round(ms)}`.padStart(6);
  console.log('\nlast cold run up to the first pitch: start, end (ms), kB, request');
  for (const r of [...lastCold.requests].sort((a, b) => a.startMs - b.startMs)) {
    console.log(`${f(r.startMs)}${f(r.endMs)}${r.kB.toFixed(1).padStart(8)}  ${r.name}`);
  }
  const busyMs = lastCold.tasks.reduce((sum, t) => sum + t.ms, 0);
  console.log(
    `long tasks (> 50 ms) before the first pitch: ${lastCold.tasks.length}, ${Math.round(busyMs)} ms`,
  );
  for (const t of lastCold.tasks) console.log(`${f(t.startMs)}${f(t.ms)} ms`);
}
