import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { WAIT_MS } from './wait';

export { audioDir, audioFile, projectRoot } from './paths';

export interface LaunchOptions {
  /** Absolute path of a WAV the fake microphone plays (loops unless `wavNoLoop`). */
  wav?: string;
  /** Play the WAV once, then silence (Chromium's `%noloop` suffix). */
  wavNoLoop?: boolean;
  /**
   * 'granted' (default): a fake device and the permission prompt auto-accepted.
   * 'denied': a fake device but no auto-accept, so getUserMedia rejects with NotAllowedError.
   * 'none': no fake device at all (getUserMedia rejects; no microphone on the machine).
   */
  mic?: 'granted' | 'denied' | 'none';
  /**
   * true (default): audio may start without a user gesture (`--autoplay-policy=…`).
   * false: Chromium's normal policy, so an AudioContext created before a tap stays 'suspended'
   * (tests the "Tap to start listening" path).
   */
  autoplay?: boolean;
  /** Extra Chromium flags. */
  args?: string[];
  /**
   * Content-Security-Policy violations (`securitypolicyviolation` events) fail the test by
   * default: `close()` throws listing them. Opt out only in a test that provokes one on purpose.
   */
  allowCspViolations?: boolean;
  /**
   * The production build registers a service worker (README "Production"): once it controls a
   * page (after a reload), it answers requests itself and `page.route` no longer sees them.
   * 'block' keeps service workers out for tests that intercept or corrupt responses.
   */
  serviceWorkers?: 'allow' | 'block';
  /**
   * 'fake' (default): Chromium's fake capture device (plays `wav`). 'system': the machine's
   * default microphone, e.g. the PulseAudio virtual microphone of the engine tests
   * (e2e/engines/), with the permission prompt auto-accepted.
   */
  audioInput?: 'fake' | 'system';
  /** Extra environment for Chromium (e.g. `PULSE_SERVER` of the virtual microphone). */
  env?: Record<string, string>;
  /** The page's viewport (Playwright's default 1280x720 when omitted). */
  viewport?: { width: number; height: number };
}

export interface LaunchedBrowser {
  context: BrowserContext;
  /** The first tab of the context. */
  page: Page;
  /** Uncaught page errors (`pageerror`) seen so far on `page`: assert it is empty to catch crashes. */
  pageErrors: string[];
  /** CSP violations seen so far in any page of the context, e.g. `script-src-elem https://x/y.js`. */
  cspViolations: string[];
  /** Closes Chromium and removes its temporary profile; throws on CSP violations (see options). */
  close(): Promise<void>;
}

/** Chromium used by the tests: Debian's by default, overridable with `CHROMIUM_PATH`. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The Chromium flags for a given microphone setup (exported for tests that need to check them). */
export function chromiumArgs(opts: LaunchOptions = {}): string[] {
  const mic = opts.mic ?? 'granted';
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
  if (opts.autoplay ?? true) args.push('--autoplay-policy=no-user-gesture-required');
  if (mic !== 'none' && opts.audioInput !== 'system') {
    args.push('--use-fake-device-for-media-stream');
  }
  if (mic === 'granted') args.push('--use-fake-ui-for-media-stream');
  if (opts.wav) {
    if (mic === 'none') throw new Error("launchBrowser: 'wav' needs a microphone (mic is 'none')");
    args.push(`--use-file-for-fake-audio-capture=${opts.wav}${opts.wavNoLoop ? '%noloop' : ''}`);
  }
  return [...args, ...(opts.args ?? [])];
}

/**
 * Launches headless Chromium with a fresh profile. Tests do not call it: they get their browser
 * from `e2e/app-fixture.ts` (`sharedBrowser`, `browserPerTest`), which also checks page errors and
 * closes it (build/e2e-fixture.test.ts). Launching costs ~1 s: share one browser per file when
 * the flags are the same.
 */
export async function launchBrowser(opts: LaunchOptions = {}): Promise<LaunchedBrowser> {
  const args = chromiumArgs(opts);
  const userDataDir = await mkdtemp(join(tmpdir(), 'embouchure-e2e-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: chromiumPath,
      headless: true,
      serviceWorkers: opts.serviceWorkers ?? 'allow',
      args,
      ...(opts.env ? { env: { ...process.env, ...opts.env } } : {}),
      ...(opts.viewport ? { viewport: opts.viewport } : {}),
    });
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true });
    throw new Error(
      `e2e: could not launch Chromium at ${chromiumPath} (install Debian's chromium or set CHROMIUM_PATH)`,
      { cause: error },
    );
  }
  const cspViolations: string[] = [];
  await context.exposeBinding(CSP_BINDING, (_source, violation: string) => {
    cspViolations.push(violation);
  });
  await context.addInitScript(reportCspViolations, CSP_BINDING);
  // Playwright's own waits (clicks, waitFor, waitForEvent) use the suite's one timeout too.
  context.setDefaultTimeout(WAIT_MS);
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  return {
    context,
    page,
    pageErrors,
    cspViolations,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
      if (cspViolations.length > 0 && !opts.allowCspViolations) {
        throw new Error(`Content-Security-Policy violations:\n${cspViolations.join('\n')}`);
      }
    },
  };
}

const CSP_BINDING = '__embouchureCspViolation';

/** Runs in every page before its scripts: forwards each CSP violation to the test. */
function reportCspViolations(binding: string): void {
  document.addEventListener('securitypolicyviolation', (event) => {
    const report = (globalThis as unknown as Record<string, (text: string) => void>)[binding];
    report?.(
      `${event.effectiveDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
    );
  });
}

/** Base URL of the production build served by `e2e/global-setup.ts` (no trailing slash). */
export function baseUrl(): string {
  return inject('baseUrl');
}

/** Absolute URL of an app path, e.g. `appUrl('/home/tuner')`. */
export function appUrl(path = '/'): string {
  return `${baseUrl()}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The page the user sees: the innermost `.ion-page` that Ionic has not hidden (tabs keep the
 * other tab's page in the DOM with `ion-page-hidden`, and `ion-app`/`ion-tabs` are `.ion-page`s
 * too). Scope page queries with it, e.g. `activePage(page).locator('ion-title')`.
 */
export function activePage(page: Page): Locator {
  return page.locator('.ion-page:not(.ion-page-hidden):not(:has(.ion-page))');
}
