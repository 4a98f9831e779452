import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { WAIT_MS } from './wait';

/**
 * Accessibility checks shared by `a11y.e2e.ts` and `touch-targets.e2e.ts`: axe-core (from npm,
 * loaded into the page only by these tests, never shipped) and the 44 × 44 px target rule.
 */

export const PHONE = { width: 390, height: 844 } as const;
export type Scheme = 'light' | 'dark';
export const SCHEMES: readonly Scheme[] = ['light', 'dark'];

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

/** Follows the system theme (the default preference) and waits until the app has applied it. */
export async function setScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect
    .poll(
      () => page.evaluate(() => document.documentElement.classList.contains('ion-palette-dark')),
      {
        timeout: WAIT_MS,
      },
    )
    .toBe(scheme === 'dark');
}

/**
 * Waits until no finite animation or transition runs, shadow trees included (Ionic's page and
 * modal transitions, and its colour transitions after a theme change, would be measured
 * half-way).
 */
export async function settle(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const roots: (Document | ShadowRoot)[] = [document];
          for (const el of document.querySelectorAll('*')) {
            if (el.shadowRoot) roots.push(el.shadowRoot);
          }
          return roots
            .flatMap((root) => root.getAnimations())
            .filter(
              (a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity,
            ).length;
        }),
      { timeout: WAIT_MS },
    )
    .toBe(0);
}

interface AxeResult {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * axe-core's violations on the page as it is, one line per rule and element
 * (`serious color-contrast: .tuner-reading__note — Fix any of …`). The CSP forbids inline
 * scripts, so the source is evaluated rather than added as a script tag (notes/stack.md).
 */
export async function axeViolations(page: Page): Promise<{ impact: string; line: string }[]> {
  const loaded = await page.evaluate(() => 'axe' in globalThis);
  if (!loaded) await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (o: object) => Promise<unknown> } }).axe;
    const result = (await axe.run({ resultTypes: ['violations'] })) as { violations: unknown };
    return result.violations;
  })) as AxeResult[];
  return violations.flatMap((v) =>
    v.nodes.map((n) => ({
      impact: v.impact ?? 'unknown',
      line: `${v.impact} ${v.id}: ${JSON.stringify(n.target)} — ${v.help}. ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`,
    })),
  );
}

/** Runs axe in light and dark: no serious or critical violation (others are printed). */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  for (const scheme of SCHEMES) {
    await setScheme(page, scheme);
    await settle(page);
    const violations = await axeViolations(page);
    const minor = violations.filter((v) => !['serious', 'critical'].includes(v.impact));
    if (minor.length > 0) {
      console.log(`axe (${state}, ${scheme}), minor:\n  ${minor.map((v) => v.line).join('\n  ')}`);
    }
    expect(
      violations.filter((v) => ['serious', 'critical'].includes(v.impact)).map((v) => v.line),
      `${state}, ${scheme}`,
    ).toEqual([]);
  }
}

/** What a player can tap or focus (light DOM; an Ionic host counts once, not its shadow parts). */
const INTERACTIVE = [
  'button',
  'a[href]',
  'select',
  'textarea',
  'input:not([type="hidden"])',
  '[role="button"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="switch"]',
  '[role="radio"]',
  '[role="link"]',
  '[tabindex]:not([tabindex="-1"])',
  'ion-button',
  'ion-back-button',
  'ion-tab-button',
  'ion-segment-button',
  'ion-toggle',
  'ion-checkbox',
  'ion-select',
  'ion-input',
].join(',');

export interface Target {
  what: string;
  width: number;
  height: number;
}

/** Every visible interactive element on screen (the active page and any open modal), measured. */
export async function measureTargets(page: Page): Promise<Target[]> {
  return page.evaluate((selector) => {
    const out: { what: string; width: number; height: number }[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.closest('.ion-page-hidden, [aria-hidden="true"], [inert], ion-modal.overlay-hidden'))
        continue;
      // An interactive element inside another (a label's span, a segment button's inner
      // button) is the same target.
      if (el.parentElement?.closest(selector)) continue;
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const name =
        el.getAttribute('aria-label') ??
        el.getAttribute('data-testid') ??
        (el.textContent ?? '').trim().slice(0, 30);
      const type = el instanceof HTMLInputElement ? `[type=${el.type}]` : '';
      out.push({
        what: `${el.tagName.toLowerCase()}${type} "${name}"`,
        width: Math.round(box.width * 10) / 10,
        height: Math.round(box.height * 10) / 10,
      });
    }
    return out;
  }, INTERACTIVE);
}

/** Targets below 44 × 44 CSS px (Apple HIG; WCAG 2.5.5), as readable lines. */
export async function smallTargets(page: Page): Promise<string[]> {
  const targets = await measureTargets(page);
  expect(targets.length, 'no interactive element found: wrong page?').toBeGreaterThan(0);
  return targets
    .filter((t) => t.width < 44 || t.height < 44)
    .map((t) => `${t.what} ${t.width}×${t.height}`);
}

/** A history export with a few attempts over the last days (for the history states). */
export function historyFile(now = Date.now()): string {
  const day = 86_400_000;
  const attempts = [3, 2, 1, 0].flatMap((daysAgo, i) =>
    (['long-tones', 'scales', 'lip-slurs', 'intervals'] as const)
      .slice(0, 2 + (i % 3))
      .map((exercise, j) => ({
        startedAt: new Date(now - daysAgo * day - (j + 1) * 600_000).toISOString(),
        durationS: 240 + 30 * j,
        exercise,
        settings: { instrument: 'bb-trumpet', a4Hz: 440 },
        score: 55 + ((i * 13 + j * 7) % 40),
        notes: [
          {
            writtenMidi: 76,
            name: 'E5',
            score: 64,
            medianCents: -14 + i,
            spreadCents: 4,
            driftCents: -2,
            inTuneFraction: 0.4,
          },
          {
            writtenMidi: 69,
            name: 'A4',
            score: 80,
            medianCents: 12 - j,
            spreadCents: 3,
            driftCents: 1,
            inTuneFraction: 0.7,
          },
        ],
      })),
  );
  return JSON.stringify({
    format: 'embouchure-history',
    version: 1,
    exportedAt: new Date(now).toISOString(),
    attempts,
  });
}
