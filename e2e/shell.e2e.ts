import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pathname as pathOf, sharedBrowser } from './app-fixture';
import { activePage, appUrl } from './browser';

// One browser for the whole file: every test here uses the same flags.
const browser = sharedBrowser({ mic: 'granted' });
const { page } = browser;

const pathname = () => pathOf(page);
/** The title of the page the user sees. */
const visibleTitle = (target: Page) => activePage(target).locator('ion-title');

describe('routes', () => {
  it('/ ends on /home/exercise with the exercise page shown', async () => {
    await page.goto(appUrl('/'));
    await page.waitForURL('**/home/exercise');
    expect(pathname()).toBe('/home/exercise');
    await expect.poll(() => visibleTitle(page).textContent()).toBe('Exercise');
  });

  it('/home opens the exercise tab', async () => {
    await page.goto(appUrl('/home'));
    await page.waitForURL('**/home/exercise');
  });

  it('the tuner tab navigates to /home/tuner and the exercise tab back', async () => {
    await page.goto(appUrl('/home/exercise'));
    const tunerTab = page.locator('ion-tab-button[tab="tuner"]');
    await expect.poll(() => tunerTab.textContent()).toContain('Tuner');
    await tunerTab.click();
    await page.waitForURL('**/home/tuner');
    await expect.poll(() => visibleTitle(page).textContent()).toBe('Tuner');
    await expect.poll(() => tunerTab.getAttribute('class')).toContain('tab-selected');

    await page.locator('ion-tab-button[tab="exercise"]').click();
    await page.waitForURL('**/home/exercise');
    await expect.poll(() => visibleTitle(page).textContent()).toBe('Exercise');
  });

  it('a reload of /home/tuner (deep link) shows the tuner', async () => {
    await page.goto(appUrl('/home/tuner'));
    await expect.poll(() => visibleTitle(page).textContent()).toBe('Tuner');
    await page.reload();
    expect(pathname()).toBe('/home/tuner');
    await expect.poll(() => visibleTitle(page).textContent()).toBe('Tuner');
  });

  it('the tab bar has exactly four tabs: Exercise, Tuner, Progress and Pieces', async () => {
    await page.goto(appUrl('/home/exercise'));
    await expect.poll(() => visibleTitle(page).textContent()).toBe('Exercise');
    const tabs = page.locator('ion-tab-bar ion-tab-button');
    expect(await tabs.count()).toBe(4);
    expect(await tabs.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('tab')))).toEqual([
      'exercise',
      'tuner',
      'progress',
      'pieces',
    ]);
    expect((await tabs.locator('ion-label').allTextContents()).map((t) => t.trim())).toEqual([
      'Exercise',
      'Tuner',
      'Progress',
      'Pieces',
    ]);
  });

  // Settings is a screen opened from the pages' headers, not a route: its old path is unknown.
  it.each(['/nowhere', '/home/nowhere', '/a/b/c', '/home/settings'])(
    'unknown path %s lands on /home',
    async (path) => {
      await page.goto(appUrl(path));
      await page.waitForURL('**/home/exercise');
      await expect.poll(() => visibleTitle(page).textContent()).toBe('Exercise');
    },
  );

  it('tabs have visible labels and icons', async () => {
    await page.goto(appUrl('/home/exercise'));
    for (const tab of ['exercise', 'tuner']) {
      const button = page.locator(`ion-tab-button[tab="${tab}"]`);
      await expect.poll(() => button.locator('ion-label').isVisible()).toBe(true);
      expect(await button.locator('ion-icon').count()).toBe(1);
    }
  });
});

describe('root shell', () => {
  it('defines the green→yellow→red gradient once, invisible and hidden from screen readers', async () => {
    await page.goto(appUrl('/home/tuner'));
    await expect.poll(() => visibleTitle(page).textContent()).toBe('Tuner');
    const gradient = await page.evaluate(() => {
      const gradients = document.querySelectorAll('linearGradient#pitch-gradient');
      const element = gradients[0];
      const svg = element?.closest('svg');
      const box = svg?.getBoundingClientRect();
      return {
        count: gradients.length,
        stops: [...(element?.querySelectorAll('stop') ?? [])].map((stop) => ({
          offset: stop.getAttribute('offset'),
          color: getComputedStyle(stop).stopColor,
        })),
        width: box?.width,
        height: box?.height,
        position: svg ? getComputedStyle(svg).position : null,
        ariaHidden: svg?.getAttribute('aria-hidden'),
      };
    });
    expect(gradient.count).toBe(1);
    expect(gradient.stops.map((stop) => stop.offset)).toEqual(['0%', '50%', '100%']);
    const [green, yellow, red] = gradient.stops.map((stop) =>
      (stop.color.match(/\d+/g) ?? []).slice(0, 3).map(Number),
    );
    // Dominant channels, so a palette tweak keeps passing but a reordered gradient fails.
    expect(green[1]).toBeGreaterThan(Math.max(green[0], green[2]));
    expect(Math.min(yellow[0], yellow[1])).toBeGreaterThan(yellow[2] + 100);
    expect(red[0]).toBeGreaterThan(Math.max(red[1], red[2]));
    expect(gradient).toMatchObject({
      width: 0,
      height: 0,
      position: 'absolute',
      ariaHidden: 'true',
    });
  });

  it('no tap-to-start button when the browser lets audio start without a gesture', async () => {
    await page.goto(appUrl('/home/tuner'));
    await expect.poll(() => visibleTitle(page).textContent()).toBe('Tuner');
    expect(await page.getByTestId('tap-to-start').count()).toBe(0);
  });
});

describe('code splitting', () => {
  async function scriptsLoadedBy(path: string): Promise<string[]> {
    const fresh = await browser.context.newPage();
    const scripts: string[] = [];
    const onRequest = (request: Request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    };
    fresh.on('request', onRequest);
    await fresh.goto(appUrl(path));
    await expect.poll(() => visibleTitle(fresh).isVisible()).toBe(true);
    await fresh.waitForLoadState('networkidle');
    await fresh.close();
    return scripts;
  }

  it('each page is its own chunk, fetched only when its route is shown', async () => {
    const onExercise = await scriptsLoadedBy('/home/exercise');
    const onTuner = await scriptsLoadedBy('/home/tuner');
    const chunk = (scripts: string[], name: string) =>
      scripts.filter((script) => script.includes(`/assets/${name}-`));
    expect(chunk(onExercise, 'ExercisePage')).toHaveLength(1);
    expect(chunk(onExercise, 'TunerPage')).toHaveLength(0);
    expect(chunk(onTuner, 'TunerPage')).toHaveLength(1);
    expect(chunk(onTuner, 'ExercisePage')).toHaveLength(0);
    // The settings screen is fetched on the first tap of its gear, not with the pages.
    expect(chunk(onExercise, 'SettingsModal')).toHaveLength(0);
    expect(chunk(onTuner, 'SettingsModal')).toHaveLength(0);
  });
});
