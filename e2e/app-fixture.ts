import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  activePage,
  appUrl,
  launchBrowser,
  type LaunchedBrowser,
  type LaunchOptions,
} from './browser';

/**
 * One browser for the tests of a file or a `describe` block (what every test file used to copy):
 * launched before them, closed after them, and no uncaught page error allowed. `options` may be a
 * function, called in `beforeAll` (e.g. for a server or a WAV made there). `setUp`, if given, runs
 * once after the launch (init scripts, the viewport, a fixed clock). Hooks a file registers before
 * calling this run before the launch and, in `afterAll`, after the close (Vitest's hook order
 * `stack`): start a server there that the browser needs.
 *
 * ```ts
 * const browser = sharedBrowser({ wav: audioFile('clean/sr44100/tpt_n069_A4_v110.wav') });
 * const { page } = browser; // stands for the current tab (see `page` below)
 * it('…', async () => {
 *   await openApp(page, '/home/tuner', 'Tuner');
 * });
 * ```
 */
export function sharedBrowser(
  options: LaunchOptions | (() => LaunchOptions | Promise<LaunchOptions>) = {},
  setUp?: (browser: LaunchedBrowser) => Promise<unknown>,
): BrowserFixture {
  let launched: LaunchedBrowser | undefined;
  let tab: Page | undefined;
  const get = (): LaunchedBrowser => {
    if (!launched) throw new Error('sharedBrowser: the browser is launched in beforeAll');
    return launched;
  };
  const currentTab = (): Page => {
    get();
    return tab as Page;
  };
  beforeAll(async () => {
    launched = await launchBrowser(typeof options === 'function' ? await options() : options);
    tab = launched.page;
    await setUp?.(launched);
  });
  afterAll(async () => {
    if (!launched) return;
    await closeChecked(launched);
  });
  return {
    page: standIn(currentTab),
    get context() {
      return get().context;
    },
    get pageErrors() {
      return get().pageErrors;
    },
    get cspViolations() {
      return get().cspViolations;
    },
    async freshTab(path) {
      const previous = currentTab();
      const next = await get().context.newPage();
      next.on('pageerror', (error) => get().pageErrors.push(String(error)));
      tab = next;
      await previous.close();
      if (path !== undefined) await next.goto(appUrl(path));
      return next;
    },
  };
}

export interface BrowserFixture extends Omit<LaunchedBrowser, 'close'> {
  /**
   * The current tab: the first one, or the last `freshTab`. It is a stand-in that forwards to that
   * tab, so it can be taken before the browser is launched (`const { page } = sharedBrowser()`).
   */
  readonly page: Page;
  readonly context: BrowserContext;
  /**
   * Replaces the current tab with a new one (its page errors counted too), optionally on `path`:
   * its session history starts there, as a link opened from elsewhere.
   */
  freshTab(path?: string): Promise<Page>;
}

/**
 * A browser of its own for each test (different flags per test, a WAV per test, or a second
 * browser beside a file's shared one): `launch` it in the test; it is closed after the test, and
 * no uncaught page error allowed. A second `launch` in the same test closes the first (with the
 * same check) and replaces it.
 */
export function browserPerTest(): {
  launch(options?: LaunchOptions): Promise<LaunchedBrowser>;
} {
  let current: LaunchedBrowser | undefined;
  const closeCurrent = async (): Promise<void> => {
    const browser = current;
    current = undefined;
    if (browser) await closeChecked(browser);
  };
  afterEach(closeCurrent);
  return {
    async launch(options) {
      await closeCurrent();
      current = await launchBrowser(options);
      return current;
    },
  };
}

/** Asserts `browser` saw no uncaught page error, and closes it in any case. */
async function closeChecked(browser: LaunchedBrowser): Promise<void> {
  try {
    expect(browser.pageErrors).toEqual([]);
  } finally {
    await browser.close();
  }
}

/** An object that forwards every property to `current()` at the time of use. */
function standIn<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get(_stand, property) {
      const target = current();
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
    has: (_stand, property) => property in current(),
  });
}

/** The page the user sees on `page` (`activePage`). */
export const view = (page: Page): Locator => activePage(page);

/** The path of `page`'s URL now. */
export const pathname = (page: Page): string => new URL(page.url()).pathname;

/** The title of the page showing (`ion-title` of the active page). */
export const pageTitle = (page: Page): Promise<string | null> =>
  view(page).locator('ion-title').textContent();

/** Goes to an app path; with `expectedTitle`, waits until the page showing has that title. */
export async function openApp(page: Page, path: string, expectedTitle?: string): Promise<void> {
  await page.goto(appUrl(path));
  if (expectedTitle !== undefined) await expect.poll(() => pageTitle(page)).toBe(expectedTitle);
}
