import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { WAIT_MS } from '../wait';
import type { EngineDriver } from './generic-page';

/** Debian's Firefox ESR (package firefox-esr). */
export const FIREFOX = process.env.EMBOUCHURE_FIREFOX ?? '/usr/bin/firefox-esr';

export interface FirefoxOptions {
  audioEnv: Record<string, string>;
  viewport: { width: number; height: number };
  pageErrors: string[];
  /** 'denied': the microphone permission refused, as a player who tapped Block. */
  microphone?: 'granted' | 'denied';
}

export interface FirefoxDriver extends EngineDriver {
  close(): Promise<void>;
}

/**
 * Headless Firefox ESR over WebDriver BiDi (puppeteer-core, no geckodriver), with a fresh profile,
 * hearing the PulseAudio virtual microphone: no permission prompt, the real device (not Firefox's
 * fake stream), media may play without a gesture.
 */
export async function launchFirefox(options: FirefoxOptions): Promise<FirefoxDriver> {
  const profile = await mkdtemp(join(tmpdir(), 'embouchure-firefox-'));
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX,
      headless: true,
      userDataDir: profile,
      defaultViewport: options.viewport,
      protocolTimeout: Number(process.env.EMBOUCHURE_PROTOCOL_TIMEOUT_MS ?? WAIT_MS),
      timeout: WAIT_MS,
      env: { ...process.env, ...options.audioEnv },
      extraPrefsFirefox: {
        // Granted: no prompt at all. Denied: the prompt's answer is Block for every site.
        'media.navigator.permission.disabled': options.microphone !== 'denied',
        'permissions.default.microphone': options.microphone === 'denied' ? 2 : 0,
        'media.navigator.streams.fake': false,
        'media.autoplay.default': 0,
        'media.autoplay.blocking_policy': 0,
        'browser.shell.checkDefaultBrowser': false,
        'datareporting.policy.dataSubmissionEnabled': false,
        'toolkit.telemetry.reportingpolicy.firstRun': false,
      },
    });
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw new Error(`engines: could not launch Firefox at ${FIREFOX}`, { cause: error });
  }
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  page.setDefaultTimeout(WAIT_MS);
  await page.setViewport(options.viewport); // the launch option alone left Firefox at 1366x682
  page.on('pageerror', (error) => options.pageErrors.push(String(error)));
  return {
    engine: 'firefox',
    evaluateSource: (source) => page.evaluate(source),
    tapAt: (x, y) => page.mouse.click(x, y),
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    async reload() {
      await page.reload({ waitUntil: 'load' });
    },
    async screenshot(path) {
      await page.screenshot({ path: path as `${string}.png` });
    },
    async close() {
      const pid = browser.process()?.pid;
      // A stalled Firefox may never answer close(): give it a few seconds, then end it.
      await Promise.race([
        browser.close().catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 5000)),
      ]);
      if (pid !== undefined) {
        try {
          process.kill(pid, 'SIGKILL'); // only if it did not exit
        } catch {
          // Already gone.
        }
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}
