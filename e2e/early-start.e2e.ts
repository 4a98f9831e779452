import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPerTest, sharedBrowser } from './app-fixture';
import { activePage, appUrl, audioFile } from './browser';
import { serviceSnapshot, waitForPitch } from './tuner-helpers';
import { WAIT_MS } from './wait';

/**
 * Issue 23 row 16: on the web the page's first script opens the microphone
 * (`src/early-microphone.ts`), and the first render waits for the pitch service's code, which
 * connects before it (`src/main.tsx`, `src/audio/stream/early-start.ts`); the service and the
 * audio session take the early parts over. Counted as the page sees them: one context, one
 * getUserMedia (before React drew anything), all released on disconnect, and released too when
 * the service's code never loads.
 */
function auditAudio(): void {
  type Audit = {
    contexts: AudioContext[];
    tracks: MediaStreamTrack[];
    getUserMediaCalls: number;
    /** Whether #root was still empty (no render yet) when each was first asked for. */
    contextBeforeRender?: boolean;
    microphoneBeforeRender?: boolean;
  };
  const audit: Audit = { contexts: [], tracks: [], getUserMediaCalls: 0 };
  (globalThis as unknown as { __audit: Audit }).__audit = audit;
  const rendered = () => (document.getElementById('root')?.childElementCount ?? 0) > 0;
  const Native = AudioContext;
  globalThis.AudioContext = class extends Native {
    constructor(options?: AudioContextOptions) {
      super(options);
      audit.contextBeforeRender ??= !rendered();
      audit.contexts.push(this);
    }
  };
  const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    audit.getUserMediaCalls++;
    audit.microphoneBeforeRender ??= !rendered();
    const stream = await getUserMedia(constraints);
    audit.tracks.push(...stream.getTracks());
    return stream;
  };
}

const readAudit = (page: Page) =>
  page.evaluate(() => {
    const a = (
      globalThis as unknown as {
        __audit: {
          contexts: AudioContext[];
          tracks: MediaStreamTrack[];
          getUserMediaCalls: number;
          contextBeforeRender?: boolean;
          microphoneBeforeRender?: boolean;
        };
      }
    ).__audit;
    return {
      contexts: a.contexts.length,
      liveContexts: a.contexts.filter((c) => c.state !== 'closed').length,
      getUserMediaCalls: a.getUserMediaCalls,
      tracks: a.tracks.length,
      liveTracks: a.tracks.filter((t) => t.readyState === 'live').length,
      contextBeforeRender: a.contextBeforeRender ?? null,
      microphoneBeforeRender: a.microphoneBeforeRender ?? null,
    };
  });

describe('early start of the audio chain', () => {
  const browser = sharedBrowser(
    { wav: audioFile('clean/sr44100/tpt_n069_A4_v110.wav') },
    ({ context }) => context.addInitScript(auditAudio),
  );

  it('opens one microphone before the first render and one context, adopted and released', async () => {
    const { page } = browser;
    await page.goto(appUrl('/home/tuner'));
    await waitForPitch(page);
    expect(await readAudit(page)).toEqual({
      contexts: 1,
      liveContexts: 1,
      getUserMediaCalls: 1,
      tracks: 1,
      liveTracks: 1,
      // Both before the first render: it waits for the service, which connects at once.
      contextBeforeRender: true,
      microphoneBeforeRender: true,
    });
    const { diagnostics } = await serviceSnapshot(page);
    expect(diagnostics).toMatchObject({ contextsCreated: 1, tracksOpened: 1 });

    await page.evaluate(() =>
      (
        globalThis as unknown as { __embouchurePitchService: { disconnect(): Promise<void> } }
      ).__embouchurePitchService.disconnect(),
    );
    await expect
      .poll(async () => {
        const a = await readAudit(page);
        return [a.liveTracks, a.liveContexts];
      })
      .toEqual([0, 0]);
  });
});

describe("when the pitch service's code cannot load", () => {
  const perTest = browserPerTest();

  it('the microphone opened early is released and the context closed', async () => {
    // No service worker: a first visit, the chunk is not cached anywhere.
    const { page, context } = await perTest.launch({ serviceWorkers: 'block' });
    await context.addInitScript(auditAudio);
    await context.route(/\/assets\/live-pitch-service-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(appUrl('/home/tuner'));
    // The engine error with its Retry (src/audio/stream/errors.ts), as before the early start.
    await activePage(page)
      .getByText('The pitch engine could not be loaded', { exact: false })
      .first()
      .waitFor({ timeout: WAIT_MS });
    await expect
      .poll(() => readAudit(page))
      .toMatchObject({
        contexts: 1,
        liveContexts: 0,
        getUserMediaCalls: 1,
        liveTracks: 0,
      });
  });
});
