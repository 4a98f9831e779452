import { describe, expect, it } from 'vitest';
import { PHONE } from './a11y-helpers';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl } from './browser';

/**
 * Issue 23 row 12, each exercise setup at 390 × 844: no choice's text is cut off (a select shows
 * its chosen option whole, a segment its label), one case for buttons and segments (no Material
 * ALL CAPS beside sentence case), and the drone is described as the tuner describes it (the app
 * subtracts it: no headphones needed).
 */
const browser = sharedBrowser({ viewport: PHONE });

describe.each([
  ['long-tones', 'lt-start'],
  ['lip-slurs', 'slur-go'],
  ['scales', 'scale-go'],
])('the %s setup on a phone', (exercise, ready) => {
  it('shows every choice whole, in one case, and says the drone needs no headphones', async () => {
    const page = browser.page;
    await page.goto(appUrl('/home/exercise'));
    const view = activePage(page);
    await view.getByTestId(`open-${exercise}`).click();
    await view.getByTestId(ready).waitFor();
    const problems = await view.locator('.exercise-setup').evaluate((setup) => {
      const found: string[] = [];
      const canvas = document.createElement('canvas').getContext('2d');
      for (const select of setup.querySelectorAll('select')) {
        for (const option of select.options) {
          if (!canvas) break;
          const style = getComputedStyle(select);
          canvas.font = `${style.fontSize} ${style.fontFamily}`;
          // The text box: the select's width less its padding, border and the arrow (~24 px).
          const room =
            select.clientWidth -
            parseFloat(style.paddingLeft) -
            parseFloat(style.paddingRight) -
            24;
          const width = canvas.measureText(option.text).width;
          if (width > room) found.push(`option "${option.text}" (${Math.round(width)} > ${room})`);
        }
      }
      for (const label of setup.querySelectorAll('ion-segment-button ion-label')) {
        const el = label as HTMLElement;
        if (el.scrollWidth > el.clientWidth + 1) found.push(`segment "${el.textContent}" cut`);
      }
      for (const control of setup.querySelectorAll('ion-segment-button, ion-button, button')) {
        const transform = getComputedStyle(control).textTransform;
        if (transform !== 'none') found.push(`${control.textContent}: ${transform}`);
      }
      return found;
    });
    expect(problems).toEqual([]);
    expect(await view.locator('.exercise-setup').textContent()).not.toMatch(/use headphones/);
  });
});
