import { describe, expect, it } from 'vitest';
import { PHONE, historyFile } from './a11y-helpers';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl } from './browser';
import { WAIT_MS } from './wait';

/**
 * The practice home and the history on a phone (issue 13): the home says what was practised and
 * what is planned; editing is its own mode; history attempts can be deleted and cleared, each
 * with a confirmation and an Undo that brings them back; the charts have a time axis and a
 * legend that does not cover the plot.
 */
// The page's clock stands at local noon: days are local, and a history made at 00:18 would put
// "today's" attempts of ten minutes earlier on yesterday (a streak of 5, not 4).
const NOON_TODAY = new Date().setHours(12, 0, 0, 0);
const browser = sharedBrowser({ mic: 'none' }, async ({ page }) => {
  await page.clock.setFixedTime(NOON_TODAY);
  await page.setViewportSize(PHONE);
});

const view = () => activePage(browser.page);
const rows = () => view().getByTestId('attempt-row');
const count = async () => Number(await view().getByTestId('attempts').getAttribute('data-count'));

async function importHistory(): Promise<number> {
  await view().getByTestId('tab-history').click();
  const file = historyFile(NOON_TODAY);
  await view()
    .getByTestId('import-file')
    .setInputFiles({
      name: 'history.json',
      mimeType: 'application/json',
      buffer: Buffer.from(file),
    });
  const total = (JSON.parse(file) as { attempts: unknown[] }).attempts.length;
  await expect.poll(count, { timeout: WAIT_MS }).toBe(total);
  return total;
}

/**
 * The top of the routine's first exercise below the summary's top, in every frame from its first
 * paint until the practice summary (loaded from storage after the page is drawn) has been shown
 * for a few frames, and how many of those frames still showed the summary loading.
 */
function recordRoutineTops(): void {
  const g = globalThis as unknown as {
    __routine?: { tops: number[]; loadingFrames: number; done: boolean };
  };
  const record = { tops: [] as number[], loadingFrames: 0, done: false };
  g.__routine = record;
  let shownFor = 0;
  const inPage = (selector: string) =>
    document.querySelector(`.ion-page:not(.ion-page-hidden) ${selector}`);
  const tick = (): void => {
    const item = inPage('[data-testid="open-long-tones"]');
    const summary = inPage('.practice-summary');
    if (item && summary) {
      // From the summary's top: a banner above both (no microphone here) moves them together.
      const top = item.getBoundingClientRect().top - summary.getBoundingClientRect().top;
      record.tops.push(Math.round(top));
      if (inPage('.practice-summary--loading')) record.loadingFrames++;
      if (inPage('[data-testid="practice-summary"]')) shownFor++;
    }
    if (shownFor < 5) requestAnimationFrame(tick);
    else record.done = true;
  };
  requestAnimationFrame(tick);
}

async function routineTopsWhileLoading(): Promise<{ tops: number[]; loadingFrames: number }> {
  const page = browser.page;
  await page.goto(appUrl('/home/exercise'));
  await page.waitForFunction(
    () => (globalThis as unknown as { __routine?: { done: boolean } }).__routine?.done === true,
  );
  return page.evaluate(
    () =>
      (globalThis as unknown as { __routine: { tops: number[]; loadingFrames: number } }).__routine,
  );
}

describe('home: a practice home', () => {
  /** Where the routine's first exercise stood while the summary loaded with no practice. */
  let routineTop = Number.NaN;

  it('new player: says what the app is, plans the routine, offers one clear start', async () => {
    // The summary loads after the page is drawn; had it pushed the routine down, a tap meant for
    // one exercise could land on another (seen under load: Long tones' tap opened another).
    await browser.page.addInitScript(recordRoutineTops);
    const loading = await routineTopsWhileLoading();
    expect(loading.loadingFrames).toBeGreaterThan(0);
    expect(new Set(loading.tops).size).toBe(1);
    routineTop = loading.tops[0];
    await view().getByTestId('start-routine').waitFor({ timeout: WAIT_MS });
    expect(await view().getByTestId('practice-summary').textContent()).toMatch(/No practice yet/);
    expect(await view().getByTestId('routine-minutes').textContent()).toBe('33 min');
    expect(await view().getByTestId('routine-plan').textContent()).toMatch(
      /19 min playing, 14 min resting/,
    );
    expect(await view().getByTestId('start-routine').textContent()).toBe('Start routine (33 min)');
    // No reorder controls until Edit routine.
    expect(await view().getByRole('button', { name: 'Move Scales up' }).count()).toBe(0);
    await view().getByTestId('edit-routine').click();
    await view().getByRole('button', { name: 'Remove Intervals' }).click();
    await view().getByTestId('done-editing').click();
    expect(await view().getByTestId('routine-minutes').textContent()).toBe('25 min');
    await view().getByTestId('edit-routine').click();
    await view().getByRole('button', { name: '+ Intervals' }).click();
    await view().getByTestId('done-editing').click();
  });

  it('after practice: streak, minutes this week and the last session', async () => {
    const total = await importHistory();
    expect(total).toBeGreaterThan(4);
    await view().getByTestId('tab-practice').click();
    // The imported history practised on each of the last 4 days, today included.
    await expect
      .poll(() => view().getByTestId('streak-days').textContent(), { timeout: WAIT_MS })
      .toBe('4 days');
    expect(await view().getByTestId('week-minutes').textContent()).toMatch(/^\d+ min$/);
    expect(await view().getByTestId('last-session').textContent()).toMatch(
      /Last session.*Long tones \d+/,
    );
    // With practice to summarise, the routine stands where it stood without, loading or not.
    const loading = await routineTopsWhileLoading();
    expect(loading.loadingFrames).toBeGreaterThan(0);
    expect([...new Set(loading.tops)]).toEqual([routineTop]);
  });
});

describe('history on a phone', () => {
  it('delete one: asks first, then Undo brings it back', async () => {
    await view().getByTestId('tab-history').click();
    await rows().first().waitFor({ timeout: WAIT_MS });
    const total = await count();
    await rows().first().getByTestId('delete-attempt').click();
    await view().getByTestId('confirm-delete').click();
    await expect.poll(count, { timeout: WAIT_MS }).toBe(total - 1);
    expect(await view().getByTestId('undo-bar').textContent()).toMatch(/Attempt deleted/);
    await view().getByTestId('undo').click();
    await expect.poll(count, { timeout: WAIT_MS }).toBe(total);
    // Keep: nothing deleted.
    await rows().first().getByTestId('delete-attempt').click();
    await view().getByRole('button', { name: 'Keep' }).click();
    expect(await count()).toBe(total);
  });

  it('clear all: asks first, then Undo restores every attempt', async () => {
    const total = await count();
    await view().getByTestId('clear-history').click();
    await view().getByTestId('confirm-clear').click();
    await view().getByTestId('history-empty').waitFor({ timeout: WAIT_MS });
    expect(await view().getByTestId('undo-bar').textContent()).toContain(
      `Deleted all ${total} attempts`,
    );
    await view().getByTestId('undo').click();
    await expect.poll(count, { timeout: WAIT_MS }).toBe(total);
  });

  it('charts: readable text, a time axis, the legend below the plot', async () => {
    const chart = view().getByTestId('score-chart');
    await chart.waitFor({ timeout: WAIT_MS });
    expect(await chart.getByTestId('time-tick').count()).toBeGreaterThanOrEqual(2);
    const legend = view().getByTestId('score-legend');
    const [plot, key] = [await chart.boundingBox(), await legend.boundingBox()];
    expect(plot && key && key.y >= plot.y + plot.height).toBe(true);
    // The smallest chart text as rendered on the phone: its font size times the SVG's scale.
    const smallest = await view()
      .locator('svg.chart text')
      .evaluateAll((texts) =>
        Math.min(
          ...texts.map((t) => {
            const svg = (t as SVGTextElement).ownerSVGElement;
            if (!svg) return 0;
            const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
            return Number(t.getAttribute('font-size')) * scale;
          }),
        ),
      );
    expect(smallest).toBeGreaterThanOrEqual(11);
  });
});
