import { inject } from 'vitest';
import { launchBrowser } from '../browser';
import { playIntoMic, type MicPlayback } from './virtual-mic';
import type { EngineName, EnginePage } from './engine-page';
import { createEnginePage, type EngineDriver } from './generic-page';
import { launchFirefox } from './firefox';
import { launchWebKit } from './webkit';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PulseAudio environment of the run's virtual microphone (e2e/engines/global-setup.ts). */
    virtualMicEnv: Record<string, string>;
  }
}

/** The engine under test: `EMBOUCHURE_ENGINE=chromium|webkit|firefox` (default webkit). */
export function engineName(): EngineName {
  const name = process.env.EMBOUCHURE_ENGINE ?? 'webkit';
  if (name !== 'chromium' && name !== 'webkit' && name !== 'firefox') {
    throw new Error(`EMBOUCHURE_ENGINE must be chromium, webkit or firefox, got "${name}"`);
  }
  return name;
}

/** A phone's viewport (the screenshots the team looks at). */
export const PHONE = { width: 390, height: 844 } as const;

export interface LaunchedEngine {
  page: EnginePage;
  /** Plays a WAV into the virtual microphone (looping unless `loop: false`), replacing any other. */
  hear(wav: string, options?: { loop?: boolean }): void;
  /** Silence on the microphone. */
  silence(): Promise<void>;
  /** Console lines the engine reported (WebKit), for a failing test's message. */
  console: string[];
  /** What the virtual microphone last played, for a failing test's message. */
  micReport(): string;
  /** Stops the browser and every process it started. */
  close(): Promise<void>;
}

/**
 * The one browser fixture of the engine tests: the engine chosen by EMBOUCHURE_ENGINE, a fresh
 * profile, a phone viewport, the run's PulseAudio virtual microphone as the system microphone
 * (permission granted, audio may start without a gesture).
 */
export async function launchEngine(
  options: {
    engine?: EngineName;
    viewport?: { width: number; height: number };
    /** The microphone permission (default granted); WebKit cannot deny it (docs/testing.md). */
    microphone?: 'granted' | 'denied';
  } = {},
): Promise<LaunchedEngine> {
  const engine = options.engine ?? engineName();
  const viewport = options.viewport ?? PHONE;
  const microphone = options.microphone ?? 'granted';
  if (engine === 'webkit' && microphone === 'denied') {
    throw new Error('engines: WebKitGTK automation grants the microphone; it cannot be denied');
  }
  const audioEnv = inject('virtualMicEnv');
  const baseUrl = inject('baseUrl');
  const pageErrors: string[] = [];
  const consoleLines: string[] = [];
  let driver: EngineDriver & { close(): Promise<void> };
  if (engine === 'webkit') {
    driver = await launchWebKit({ audioEnv, viewport, console: consoleLines });
  } else if (engine === 'firefox') {
    driver = await launchFirefox({ audioEnv, viewport, pageErrors, microphone });
  } else {
    const browser = await launchBrowser({
      audioInput: 'system',
      env: audioEnv,
      viewport,
      mic: microphone,
    });
    const { page } = browser;
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    driver = {
      engine: 'chromium',
      evaluateSource: (source) => page.evaluate(source),
      tapAt: (x, y) => page.mouse.click(x, y),
      goto: async (url) => void (await page.goto(url)),
      reload: async () => void (await page.reload()),
      screenshot: async (path) => void (await page.screenshot({ path })),
      close: () => browser.close(),
    };
  }
  let playback: MicPlayback | undefined;
  let lastReport = 'nothing';
  return {
    page: createEnginePage(driver, baseUrl, pageErrors),
    console: consoleLines,
    hear(wav, hearOptions) {
      const previous = playback;
      if (previous) lastReport = previous.report();
      void previous?.stop();
      playback = playIntoMic(audioEnv, wav, hearOptions);
    },
    async silence() {
      if (playback) lastReport = playback.report();
      await playback?.stop();
      playback = undefined;
    },
    micReport: () => playback?.report() ?? `silence (before: ${lastReport})`,
    async close() {
      await playback?.stop();
      await driver.close();
    },
  };
}
