import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, SCHEMES, setScheme } from './a11y-helpers';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl, audioFile } from './browser';

/**
 * Issue 23 rows 3 and 13: the staff as a player reads it on a phone. Its strokes (staff lines,
 * bar lines, ledger lines, slurs) contrast with the page in both themes (axe-style: WCAG 1.4.11
 * non-text contrast, 3:1); a whole-bar rest hangs from the 4th line in the middle of its bar;
 * a slur that crosses a line break runs on to the line's end and starts again on the next line.
 */
const browser = sharedBrowser(
  { wav: audioFile('clean/sr44100/tpt_n067_G4_v110.wav') },
  ({ page }) => page.setViewportSize(PHONE),
);

/** The lip slurs' staff: C4 and its ledger line, bar lines, slurs, whole-bar rests, line breaks. */
async function lipSlurStaff(page: Page): Promise<Locator> {
  await page.goto(appUrl('/home/exercise'));
  const view = activePage(page);
  await view.getByTestId('open-lip-slurs').click();
  await view.getByTestId('slur-go').click();
  await expect.poll(() => view.getByTestId('staff-note').count()).toBe(63);
  return view.getByTestId('staff');
}

/** Each kind of stroke in the staff with its colour's lowest contrast against the page. */
async function strokeContrast(staff: Locator): Promise<Record<string, number>> {
  return staff.evaluate((figure) => {
    const probe = document.createElement('div');
    probe.style.background = 'var(--ion-background-color, #fff)';
    figure.append(probe);
    const background = getComputedStyle(probe).backgroundColor;
    probe.remove();
    const rgb = (color: string): number[] => (color.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = (color: string): number => {
      const [r, g, b] = rgb(color).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: string, b: string): number => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    const kinds: Record<string, string> = {
      'staff lines': '.vf-stave path',
      'bar lines': '.vf-stavebarline rect',
      // Ledger lines are the stroked paths of a note group (noteheads are glyphs).
      'ledger lines': '.vf-stavenote:not(.past):not(.current) > path',
      slurs: '.vf-slur path',
    };
    const lowest: Record<string, number> = {};
    for (const [kind, selector] of Object.entries(kinds)) {
      const elements = [...figure.querySelectorAll(selector)];
      lowest[kind] = elements.length === 0 ? 0 : Infinity;
      for (const element of elements) {
        const style = getComputedStyle(element);
        const ink = style.stroke !== 'none' ? style.stroke : style.fill;
        lowest[kind] = Math.min(lowest[kind], contrast(ink, background));
      }
    }
    return lowest;
  });
}

describe('the staff on a phone', () => {
  it.each(SCHEMES)(
    '%s theme: every stroke of the staff at least 3:1 against the page',
    async (scheme) => {
      const page = browser.page;
      await setScheme(page, scheme);
      const staff = await lipSlurStaff(page);
      const lowest = await strokeContrast(staff);
      for (const [kind, ratio] of Object.entries(lowest)) {
        expect(ratio, `${scheme}: ${kind}`).toBeGreaterThanOrEqual(3);
      }
      // The intervals' reference note (StaffView) too.
      await page.goto(appUrl('/home/exercise'));
      await activePage(page).getByTestId('open-intervals').click();
      const reference = activePage(page).getByTestId('staff');
      await reference.locator('svg').waitFor();
      const ref = await strokeContrast(reference);
      expect(ref['staff lines'], `${scheme}: reference staff lines`).toBeGreaterThanOrEqual(3);
      await setScheme(page, 'light');
    },
  );

  it('a whole-bar rest hangs from the 4th line, centred in its bar (not a half rest on the middle line)', async () => {
    const staff = await lipSlurStaff(browser.page);
    const rests = await staff.evaluate((figure) => {
      const staves = [...figure.querySelectorAll('.vf-stave')].map((stave) => {
        const ys = [...stave.querySelectorAll('path')]
          .map((p) => p.getBBox().y)
          .sort((a, b) => a - b);
        const box = (stave as SVGGraphicsElement).getBBox();
        return { ys, left: box.x, right: box.x + box.width };
      });
      return [...figure.querySelectorAll('[data-testid="staff-rest"]')].map((rest) => {
        const glyph = rest.querySelector('text');
        const y = Number(glyph?.getAttribute('y'));
        const box = (rest as SVGGraphicsElement).getBBox();
        const x = box.x + box.width / 2;
        const stave = staves.find(
          (s) => s.ys[0] <= y && y <= s.ys[4] && s.left <= x && x <= s.right,
        );
        return {
          beats: Number(rest.getAttribute('data-beats')),
          // Which staff line the glyph hangs from / sits on: 0 = top line.
          line: stave ? stave.ys.findIndex((lineY) => Math.abs(lineY - y) < 1.5) : -1,
          // Where across its bar: 0 = the bar's start, 1 = its end.
          across: stave ? (x - stave.left) / (stave.right - stave.left) : -1,
        };
      });
    });
    const whole = rests.filter((r) => r.beats === 4);
    expect(whole.length).toBe(6);
    for (const rest of whole) {
      expect(rest.line, 'a whole rest hangs from the 4th line').toBe(1);
      expect(rest.across).toBeGreaterThan(0.3);
      expect(rest.across).toBeLessThan(0.7);
    }
    // A half rest sits on the middle line.
    for (const rest of rests.filter((r) => r.beats === 2)) expect(rest.line).toBe(2);
  });

  it("a slur across a line break reaches the line's end and starts again on the next line", async () => {
    const staff = await lipSlurStaff(browser.page);
    const crossings = await staff.evaluate((figure) => {
      const notes = [...figure.querySelectorAll('[data-testid="staff-note"]')];
      const slurs = [...figure.querySelectorAll('.vf-slur')].map((s) =>
        (s as SVGGraphicsElement).getBBox(),
      );
      const lineEnd = (box: DOMRect): number =>
        Math.max(
          ...[...figure.querySelectorAll('.vf-stave')]
            .map((stave) => (stave as SVGGraphicsElement).getBBox())
            .filter((s) => s.y < box.y + box.height && s.y + s.height > box.y)
            .map((s) => s.x + s.width),
        );
      const result: { slurredToEnd: boolean; slurredFromStart: boolean }[] = [];
      notes.forEach((note, i) => {
        const next = notes[i + 1];
        if (!next || note.getAttribute('data-slur-next') !== 'true') return;
        if (note.getAttribute('data-line') === next.getAttribute('data-line')) return;
        const a = (note as SVGGraphicsElement).getBBox();
        const b = (next as SVGGraphicsElement).getBBox();
        const onLineOf = (box: DOMRect, s: DOMRect) =>
          s.y < box.y + box.height + 40 && s.y + s.height > box.y - 40;
        const end = lineEnd(a);
        result.push({
          // From the note (or before it) to the end of its line.
          slurredToEnd: slurs.some(
            (s) => onLineOf(a, s) && s.x <= a.x + a.width && s.x + s.width >= end - 3,
          ),
          // From before the next line's first note to it (or beyond).
          slurredFromStart: slurs.some(
            (s) => onLineOf(b, s) && s.x < b.x - 4 && s.x + s.width >= b.x,
          ),
        });
      });
      return result;
    });
    expect(crossings.length, 'the phone width breaks a slurred series').toBeGreaterThan(0);
    for (const crossing of crossings) {
      expect(crossing).toEqual({ slurredToEnd: true, slurredFromStart: true });
    }
  });
});
