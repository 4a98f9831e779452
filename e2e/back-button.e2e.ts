import { describe, expect, it } from 'vitest';
import { openApp, pageTitle, pathname as pathOf, sharedBrowser } from './app-fixture';
import { activePage } from './browser';
import { openSettings, settingsScreen } from './settings-screen';
import { WAIT_MS } from './wait';

/**
 * Android's back button, end to end in the real build: the page runs as Capacitor's Android
 * WebView sees it. A stand-in for the native bridge (what Capacitor injects before the page's
 * scripts: `androidBridge`, `Capacitor.PluginHeaders`, `nativePromise`/`nativeCallback`) answers
 * every plugin call and records it, and the button is pressed the way Capacitor delivers it, as a
 * `backbutton` event on the document, which Ionic hands to the highest-priority handler
 * (overlay 100, menu 99, then the app's: src/shell/HardwareBack.tsx).
 */
function fakeAndroidBridge(): void {
  type Header = { name: string; methods: { name: string; rtype: 'promise' | 'callback' }[] };
  const plugin = (name: string, promises: string[], callbacks: string[] = []): Header => ({
    name,
    methods: [
      ...promises.map((method) => ({ name: method, rtype: 'promise' as const })),
      ...callbacks.map((method) => ({ name: method, rtype: 'callback' as const })),
    ],
  });
  const calls: string[] = [];
  const bridge = globalThis as unknown as Record<string, unknown>;
  bridge.__nativeCalls = calls;
  bridge.androidBridge = { postMessage: () => undefined };
  const headers: Header[] = [
    plugin('App', ['exitApp', 'removeListener', 'removeAllListeners'], ['addListener']),
    plugin('StatusBar', ['show']),
    plugin('KeepAwake', ['keepAwake', 'allowSleep']),
    plugin('VoiceRecorder', ['hasAudioRecordingPermission', 'requestAudioRecordingPermission']),
    // Practice reminders (src/native/local-notifications.ts): a tapped one opens its route.
    plugin(
      'LocalNotifications',
      [
        'schedule',
        'cancel',
        'requestPermissions',
        'checkPermissions',
        'removeListener',
        'removeAllListeners',
      ],
      ['addListener'],
    ),
  ];
  bridge.Capacitor = {
    // As Capacitor's native-bridge.js defines them before any script of the page runs.
    PluginHeaders: headers,
    Plugins: {},
    getPlatform: () => 'android',
    isNativePlatform: () => true,
    isPluginAvailable: (name: string) => headers.some((header) => header.name === name),
    nativePromise: (pluginName: string, method: string) => {
      calls.push(`${pluginName}.${method}`);
      return Promise.resolve({ value: true }); // permission granted; nothing else reads it
    },
    nativeCallback: (pluginName: string, method: string, options: { eventName?: string }) => {
      calls.push(`${pluginName}.${method}${options.eventName ? ` ${options.eventName}` : ''}`);
      return `callback-${calls.length}`;
    },
  };
}

const browser = sharedBrowser({ mic: 'granted' }, (launched) =>
  launched.context.addInitScript(fakeAndroidBridge),
);
const { page } = browser;

const pathname = () => pathOf(page);
const nativeCalls = () =>
  page.evaluate(() => (globalThis as unknown as { __nativeCalls: string[] }).__nativeCalls);
const title = () => pageTitle(page);
/** What Capacitor's Android bridge does when the button is pressed (with a listener registered). */
const pressBack = () => page.evaluate(() => document.dispatchEvent(new Event('backbutton')));

/**
 * Opens `path` as the Android app would, in a fresh tab: like a WebView's, its session history
 * starts at the app (Ionic's router answers the button with `history.back()` too).
 */
async function openAndroidApp(
  path: string,
  expectedTitle: string,
  options: { neverIdle?: boolean } = {},
): Promise<void> {
  await browser.freshTab();
  if (options.neverIdle) await page.addInitScript(neverIdle);
  await openApp(page, path);
  await expect.poll(title, { timeout: WAIT_MS }).toBe(expectedTitle);
  // The app asked Android for the button (without a listener, Android leaves the app at once).
  // From then on a press must work: nothing else is waited for.
  await expect.poll(nativeCalls, { timeout: WAIT_MS }).toContain('App.addListener backButton');
}

/**
 * A page too busy ever to be idle: idle callbacks never run. Ionic's own back-button dispatch
 * starts from ion-app's first idle callback, so with it a press here was lost for good (under
 * load, for a moment: issue 20); the app's dispatch must not depend on it.
 */
function neverIdle(): void {
  globalThis.requestIdleCallback = () => 0;
}

/** Back once: home, still in the app; back again: `App.exitApp`, from home. */
async function backGoesHomeThenLeaves(): Promise<void> {
  await pressBack();
  await page.waitForURL('**/home/exercise');
  await expect.poll(title).toBe('Exercise');
  expect(await nativeCalls()).not.toContain('App.exitApp');

  await pressBack();
  await expect.poll(nativeCalls, { timeout: WAIT_MS }).toContain('App.exitApp');
  expect(pathname()).toBe('/home/exercise');
}

describe('start-up on Android', () => {
  it('shows the status bar, keeps the screen awake, checks the permission, then listens', async () => {
    await openAndroidApp('/home/tuner', 'Tuner');
    type Hook = { __embouchurePitchService?: { status: { get(): { state: string } } } };
    await expect
      .poll(
        () =>
          page.evaluate(() => (globalThis as Hook).__embouchurePitchService?.status.get().state),
        {
          timeout: WAIT_MS,
        },
      )
      .toBe('connected');
    expect(await nativeCalls()).toEqual(
      expect.arrayContaining([
        'StatusBar.show',
        'KeepAwake.keepAwake',
        'VoiceRecorder.hasAudioRecordingPermission',
      ]),
    );
  });
});

describe("Android's back button", () => {
  it('closes the settings screen first, and stays on the page', async () => {
    await openAndroidApp('/home/tuner', 'Tuner');
    await openSettings(page);
    await pressBack();
    await expect.poll(() => settingsScreen(page).count(), { timeout: WAIT_MS }).toBe(0);
    expect(pathname()).toBe('/home/tuner');
    expect(await nativeCalls()).not.toContain('App.exitApp');
  });

  it('on the tuner reached from Exercise: privacy → settings → the tuner, one layer a press (H2)', async () => {
    await openAndroidApp('/home/exercise', 'Exercise');
    await page.locator('ion-tab-button[tab="tuner"]').click();
    await page.waitForURL('**/home/tuner');
    await expect.poll(title).toBe('Tuner'); // its page shown (and its gear), not Exercise's
    const screen = await openSettings(page);
    await screen.getByTestId('open-privacy').click();
    await screen.getByTestId('privacy-page').waitFor();

    await pressBack();
    await expect.poll(() => screen.getByTestId('privacy-page').count()).toBe(0);
    await expect.poll(() => screen.getByTestId('open-privacy').isVisible()).toBe(true);
    expect(new URL(page.url()).search).toBe('?settings');

    await pressBack();
    await expect.poll(() => settingsScreen(page).count(), { timeout: WAIT_MS }).toBe(0);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(pathname()).toBe('/home/tuner');
    await expect.poll(title).toBe('Tuner');
    expect(await nativeCalls()).not.toContain('App.exitApp');
  });

  it('from a piece returns to the pieces library, then home (H2)', async () => {
    await openAndroidApp('/home/pieces', 'Pieces');
    const view = activePage(page);
    await view.getByTestId('study-item').first().click();
    await view.getByTestId('piece-practice').waitFor();
    await expect.poll(pathname).toMatch(/^\/home\/pieces\/.+/);

    await pressBack();
    await expect.poll(pathname).toBe('/home/pieces');
    await view.getByTestId('piece-library').waitFor();
    await expect.poll(title).toBe('Pieces');
    await backGoesHomeThenLeaves();
  });

  it('from the tuner tab goes home (the start destination), and leaves the app only from home', async () => {
    await openAndroidApp('/home/exercise', 'Exercise');
    await page.locator('ion-tab-button[tab="tuner"]').click();
    await page.waitForURL('**/home/tuner');

    await backGoesHomeThenLeaves();
  });

  it("inside an exercise it presses the screen's own Back: ready → setup → practice home", async () => {
    await openAndroidApp('/home/exercise', 'Exercise');
    const view = activePage(page);
    await view.getByTestId('open-scales').click();
    await view.getByTestId('scale-go').click();
    await view.getByTestId('timed-start').waitFor();

    await pressBack(); // the ready screen's Back: to the setup
    await view.getByTestId('scale-go').waitFor();
    expect(await view.getByTestId('timed-start').count()).toBe(0);
    await pressBack(); // the setup's Back: to the practice home
    await view.getByTestId('open-scales').waitFor();
    expect(await view.getByTestId('scale-go').count()).toBe(0);
    expect(await nativeCalls()).not.toContain('App.exitApp');

    await pressBack();
    await expect.poll(nativeCalls, { timeout: WAIT_MS }).toContain('App.exitApp');
  });

  it('from the History view it returns to Practice before leaving the app', async () => {
    await openAndroidApp('/home/exercise', 'Exercise');
    const view = activePage(page);
    await view.getByTestId('tab-history').click();
    await expect.poll(() => view.getByTestId('open-scales').isVisible()).toBe(false);

    await pressBack();
    await expect.poll(() => view.getByTestId('open-scales').isVisible()).toBe(true);
    expect(await nativeCalls()).not.toContain('App.exitApp');

    await pressBack();
    await expect.poll(nativeCalls, { timeout: WAIT_MS }).toContain('App.exitApp');
  });

  it('from a link straight to an exercise run: its setup, then home, then out of the app', async () => {
    await openAndroidApp('/home/exercise/scales', 'Exercise');
    const view = activePage(page);
    await view.getByTestId('scale-go').click();
    await view.getByTestId('timed-start').waitFor();

    await pressBack();
    await view.getByTestId('scale-go').waitFor();
    expect(pathname()).toBe('/home/exercise/scales');
    await pressBack();
    await view.getByTestId('open-scales').waitFor();
    expect(pathname()).toBe('/home/exercise');
    expect(await nativeCalls()).not.toContain('App.exitApp');

    await pressBack();
    await expect.poll(nativeCalls, { timeout: WAIT_MS }).toContain('App.exitApp');
  });

  it('from a page opened directly (no history) it goes home, not out of the app', async () => {
    await openAndroidApp('/home/tuner', 'Tuner');
    await backGoesHomeThenLeaves();
  });

  it('works as soon as the app has asked Android for it, even on a page that is never idle', async () => {
    await openAndroidApp('/home/tuner', 'Tuner', { neverIdle: true });
    await backGoesHomeThenLeaves();
  });
});
