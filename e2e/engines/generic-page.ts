import { expect } from 'vitest';
import { WAIT_MS } from '../wait';
import {
  callSource,
  countVisible,
  findVisible,
  readControl,
  setControl,
  tapMissed,
  textFilter,
  type EngineName,
  type EnginePage,
} from './engine-page';

/** What each engine's driver provides; `createEnginePage` builds the rest on it. */
export interface EngineDriver {
  readonly engine: EngineName;
  /** Evaluates a JS expression in the page, awaiting a promise; resolves with its JSON value. */
  evaluateSource(source: string): Promise<unknown>;
  /** A trusted pointer tap at viewport coordinates. */
  tapAt(x: number, y: number): Promise<void>;
  /** Navigates and waits for the load event. */
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  screenshot(path: string): Promise<void>;
}

export function createEnginePage(
  driver: EngineDriver,
  baseUrl: string,
  pageErrors: string[],
): EnginePage {
  const evaluate = <T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A) =>
    driver.evaluateSource(callSource(fn as (...a: never[]) => unknown, args)) as Promise<T>;
  const find = (selector: string, text?: string | RegExp, forTap = false) =>
    evaluate(findVisible, selector, ...textFilter(text), forTap);
  return {
    engine: driver.engine,
    pageErrors,
    goto: (path) =>
      driver.goto(
        /^https?:/.test(path) ? path : `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`,
      ),
    reload: () => driver.reload(),
    evaluate,
    async click(selector, text) {
      // A real tap once the element is at rest and uncovered; tapped again only if the pointer
      // event went elsewhere (the layout moved in between), as a player taps again.
      let state = 'not found';
      await expect
        .poll(
          async () => {
            const target = await find(selector, text, true);
            if (!target) return (state = 'not found');
            await driver.tapAt(target.x, target.y);
            return (state = (await evaluate(tapMissed)) ? 'missed' : 'tapped');
          },
          {
            timeout: WAIT_MS,
            message: `a visible ${selector}${text ? ` with ${String(text)}` : ''} at rest to tap`,
          },
        )
        .toBe('tapped')
        .catch((error: unknown) => {
          throw new Error(`could not tap ${selector} (${state})`, { cause: error });
        });
    },
    async setValue(selector, value) {
      await expect
        .poll(() => evaluate(setControl, selector, value), {
          timeout: WAIT_MS,
          message: `a visible ${selector} to set to ${String(value)}`,
        })
        .toBe(true);
    },
    value: (selector) => evaluate(readControl, selector),
    async text(selector) {
      return (await find(selector))?.text ?? null;
    },
    async attribute(selector, name) {
      return (await find(selector))?.attrs[name] ?? null;
    },
    count: (selector) => evaluate(countVisible, selector),
    screenshot: (path) => driver.screenshot(path),
  };
}
