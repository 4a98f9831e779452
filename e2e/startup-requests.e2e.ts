import { describe, expect, it } from 'vitest';
import { sharedBrowser } from './app-fixture';
import { appUrl, audioFile } from './browser';
import { waitForPitch } from './tuner-helpers';

/**
 * Issue 23 row 16: what a first visit to the tuner asks the network for, up to its first pitch.
 * `index.html` preloads the engine, its worklet and the pitch service's chunks beside the entry
 * (`build/startup-preload.ts`): each must be fetched once and then taken by the code that needs
 * it (a preload that does not match the later request is fetched twice, and the first pitch
 * waits for the second). Code the first pitch does not need (the service worker's, the update
 * prompt's, analytics without a configuration) is not asked for before it.
 */
/**
 * In the page, before any script: `__firstPitchMs`, the page's time (performance.now) of the
 * service's first reading with a pitch, taken as it is emitted (so before anything that waits
 * for it can start).
 */
function markFirstPitch(): void {
  type Service = { reading: { subscribe(next: (reading: { hz: number }) => void): unknown } };
  const page = globalThis as unknown as { __firstPitchMs?: number };
  let service: Service | undefined;
  Object.defineProperty(globalThis, '__embouchurePitchService', {
    configurable: true,
    get: () => service,
    set(value: Service) {
      service = value;
      value.reading.subscribe((reading) => {
        if (reading.hz > 0) page.__firstPitchMs ??= performance.now();
      });
    },
  });
}

describe('a first visit to the tuner, up to its first pitch', () => {
  /** The path of every request the page made, in order. */
  const requested: string[] = [];
  const browser = sharedBrowser(
    // No service worker: its precache would ask for every file again after the first pitch.
    { wav: audioFile('clean/sr44100/tpt_n067_G4_v110.wav'), serviceWorkers: 'block' },
    ({ context }) => {
      context.on('request', (request) => requested.push(new URL(request.url()).pathname));
      return context.addInitScript(markFirstPitch);
    },
  );

  it('fetches each preloaded file once and loads no code the first pitch does not need', async () => {
    const { page } = browser;
    await page.goto(appUrl('/home/tuner'));
    await waitForPitch(page);
    const paths = [...requested];
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map(
        (link) => new URL(link.href).pathname,
      ),
    );
    // The engine, the worklet, the service and the chunk of it the entry does not import.
    expect(preloaded.map((path) => path.replace(/-[\w-]{8}\.(js|wasm)$/, '.$1'))).toEqual([
      '/assets/pitch-engine.wasm',
      '/assets/accumulator.worklet.js',
      '/assets/live-pitch-service.js',
      '/assets/audio-session.js',
    ]);
    // The page's first script (src/early-microphone.ts), which opens the microphone.
    const firstScript = await page.evaluate(
      () => document.querySelector<HTMLScriptElement>('head script[async]')?.src ?? '',
    );
    expect(new URL(firstScript).pathname).toMatch(/^\/assets\/early-microphone-[\w-]{8}\.js$/);
    for (const path of [...preloaded, new URL(firstScript).pathname]) {
      expect({ path, times: paths.filter((p) => p === path).length }).toEqual({ path, times: 1 });
    }
    // What the page asked for before its first pitch, by its own clock.
    const beforePitch = await page.evaluate(() => {
      const firstPitchMs = (globalThis as unknown as { __firstPitchMs: number }).__firstPitchMs;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < firstPitchMs)
        .map((entry) => new URL(entry.name).pathname);
    });
    expect(beforePitch).toContain(preloaded[2]); // the service's chunk: the list is complete
    const notNeeded = beforePitch.filter((path) =>
      /\/assets\/(register|UpdatePrompt|workbox-window|analytics|firebase-backend)[.-]/.test(path),
    );
    expect(notNeeded).toEqual([]);
  });
});
