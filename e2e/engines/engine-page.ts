/**
 * The engine-neutral page the engine tests drive (e2e/engines/*.engine.ts): what a player does
 * (open a path, tap something, read what shows) and what a test reads (evaluate in the page,
 * screenshot). Implemented over Playwright (Chromium), classic WebDriver (WebKitGTK) and WebDriver
 * BiDi through puppeteer-core (Firefox), instead of porting all of Playwright's Page API.
 *
 * Selectors are CSS. Every action targets the first *visible* match (Ionic keeps hidden tabs'
 * pages in the DOM), and waits for one to appear (WAIT_MS) before it fails.
 */
export type EngineName = 'chromium' | 'webkit' | 'firefox';

export interface EnginePage {
  readonly engine: EngineName;
  /**
   * Opens an app path (e.g. '/home/tuner') of the served production build, or an absolute URL
   * (another server of the build); waits for load.
   */
  goto(path: string): Promise<void>;
  reload(): Promise<void>;
  /**
   * Runs `fn(...args)` in the page and resolves with its (awaited, JSON-serialisable) result.
   * `fn` must be self-contained: it is sent as source text.
   */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** A real pointer tap at the centre of the first visible match (a user gesture). */
  click(selector: string, text?: string | RegExp): Promise<void>;
  /**
   * Sets a form control as a player would (a `<select>` option by its label, an input's text, a
   * checkbox's state), with the input and change events React listens to.
   */
  setValue(selector: string, value: string | boolean): Promise<void>;
  /** The value of the first visible form control (a checkbox: 'true'/'false'), or null. */
  value(selector: string): Promise<string | null>;
  /** textContent of the first visible match, or null when none is visible. */
  text(selector: string): Promise<string | null>;
  /** An attribute of the first visible match, or null. */
  attribute(selector: string, name: string): Promise<string | null>;
  /** How many visible elements match. */
  count(selector: string): Promise<number>;
  /** A PNG of the viewport. */
  screenshot(path: string): Promise<void>;
  /** Uncaught page errors seen so far (where the engine reports them). */
  readonly pageErrors: string[];
}

/**
 * In the page: the first visible element matching `selector` (and whose text matches `text`, a
 * string to contain or a `/regex/flags` source), scrolled into view, with its centre. With
 * `forTap`, only once it is ready for a tap as Playwright would wait: at rest over two animation
 * frames (not mid-transition) and the element the tap would reach (nothing over it); else null.
 * Self-contained: sent to every engine as source.
 */
export async function findVisible(
  selector: string,
  text: string | null,
  regex: string | null,
  flags: string,
  forTap = false,
): Promise<{ x: number; y: number; text: string; attrs: Record<string, string> } | null> {
  const visible = (element: Element): boolean => {
    const html = element as HTMLElement & { checkVisibility?: (o?: object) => boolean };
    if (html.checkVisibility && !html.checkVisibility({ visibilityProperty: true })) return false;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return false;
    // Ionic hides an inactive tab's page and a dismissed overlay without removing them.
    return !element.closest('.ion-page-hidden, .overlay-hidden');
  };
  const pattern = regex === null ? null : new RegExp(regex, flags);
  const element = Array.from(document.querySelectorAll(selector)).find((candidate) => {
    if (!visible(candidate)) return false;
    const content = candidate.textContent ?? '';
    if (text !== null && !content.includes(text)) return false;
    return !pattern || pattern.test(content);
  });
  if (!element) return null;
  const centre = () => {
    const rect = element.getBoundingClientRect();
    return { x: Math.round(rect.left + rect.width / 2), y: Math.round(rect.top + rect.height / 2) };
  };
  let at = centre();
  if (forTap) {
    const inView = at.x >= 0 && at.y >= 0 && at.x < innerWidth && at.y < innerHeight;
    if (!inView) element.scrollIntoView({ block: 'center', inline: 'center' });
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    at = centre();
    await frame();
    await frame();
    const now = centre();
    if (now.x !== at.x || now.y !== at.y) return null; // still moving
    const hit = document.elementFromPoint(at.x, at.y);
    if (!hit || !(element === hit || element.contains(hit))) {
      // Covered (e.g. by the floating takes dock at the bottom): bring it to the middle.
      element.scrollIntoView({ block: 'center', inline: 'center' });
      return null;
    }
    // Whether the tap that follows lands on it (`tapMissed`): the layout may still move between
    // this look and the engine's pointer event (a summary loading above it).
    const marks = globalThis as unknown as { __engineTap?: 'pending' | 'landed' };
    marks.__engineTap = 'pending';
    element.addEventListener('pointerdown', () => (marks.__engineTap = 'landed'), {
      once: true,
      capture: true,
    });
  }
  const attrs: Record<string, string> = {};
  for (const attribute of Array.from(element.attributes)) attrs[attribute.name] = attribute.value;
  return { ...at, text: element.textContent ?? '', attrs };
}

/**
 * In the page: whether the last tap prepared by `findVisible(…, forTap)` missed its element (it
 * went elsewhere). After a navigation the mark is gone: not a miss.
 */
export function tapMissed(): boolean {
  return (globalThis as unknown as { __engineTap?: string }).__engineTap === 'pending';
}

/** In the page: how many visible elements match (self-contained, as `findVisible`). */
export function countVisible(selector: string): number {
  let n = 0;
  for (const element of Array.from(document.querySelectorAll(selector))) {
    const html = element as HTMLElement & { checkVisibility?: (o?: object) => boolean };
    if (html.checkVisibility && !html.checkVisibility({ visibilityProperty: true })) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    if (element.closest('.ion-page-hidden, .overlay-hidden')) continue;
    n++;
  }
  return n;
}

/** The arguments `findVisible` takes for a text filter. */
export function textFilter(text?: string | RegExp): [string | null, string | null, string] {
  if (text === undefined) return [null, null, ''];
  if (typeof text === 'string') return [text, null, ''];
  return [null, text.source, text.flags];
}

/** Source text of a call of `fn` with JSON arguments, for engines that evaluate expressions. */
export function callSource(fn: (...args: never[]) => unknown, args: unknown[]): string {
  return `(${fn.toString()})(...${JSON.stringify(args)})`;
}

/**
 * In the page: sets the first visible control matching `selector` (self-contained). A select takes
 * the option whose label or value is `value`; returns false when there is no such control/option.
 */
export function setControl(selector: string, value: string | boolean): boolean {
  const element = Array.from(document.querySelectorAll(selector)).find(
    (e) => e.getBoundingClientRect().width > 0 && !e.closest('.ion-page-hidden, .overlay-hidden'),
  );
  if (!element) return false;
  const fire = (): void => {
    element.dispatchEvent(new Event('input', { bubbles: true }));
    element.dispatchEvent(new Event('change', { bubbles: true }));
  };
  if (element instanceof HTMLSelectElement) {
    const option = Array.from(element.options).find(
      (o) => o.label === value || o.textContent?.trim() === value || o.value === value,
    );
    if (!option) return false;
    const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set;
    setter?.call(element, option.value);
    fire();
    return true;
  }
  if (element instanceof HTMLInputElement) {
    if (element.type === 'checkbox') {
      if (element.checked !== value) element.click(); // React follows the click
      return true;
    }
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(element, String(value));
    fire();
    return true;
  }
  return false;
}

/** In the page: the value of the first visible control matching `selector` (self-contained). */
export function readControl(selector: string): string | null {
  const element = Array.from(document.querySelectorAll(selector)).find(
    (e) => e.getBoundingClientRect().width > 0 && !e.closest('.ion-page-hidden, .overlay-hidden'),
  );
  if (element instanceof HTMLInputElement && element.type === 'checkbox') {
    return String(element.checked);
  }
  if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) {
    return element.value;
  }
  return null;
}
