import type { Locator } from 'playwright-core';
import { WAIT_MS } from './wait';

/**
 * Clicks Start the moment the live read-out changes to `marker` (after showing anything else): the
 * looping fake microphone's phrase then begins a known time after Start, whatever the load.
 */
export async function startOnMarker(view: Locator, marker: string): Promise<void> {
  await view.evaluate(
    (root, { marker, timeoutMs }) =>
      new Promise<void>((resolve, reject) => {
        const out = root.querySelector('[data-testid="live-pitch"]');
        const start = root.querySelector<HTMLButtonElement>('[data-testid="timed-start"]');
        if (!out || !start) {
          reject(new Error('no live pitch or Start button'));
          return;
        }
        let sawOther = false;
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`the marker ${marker} was not heard`));
        }, timeoutMs);
        const observer = new MutationObserver(() => {
          const text = out.textContent ?? '';
          if (!text.startsWith(marker)) sawOther = true;
          else if (sawOther) {
            observer.disconnect();
            clearTimeout(timer);
            start.click();
            resolve();
          }
        });
        observer.observe(out, { childList: true, characterData: true, subtree: true });
      }),
    { marker, timeoutMs: 2 * WAIT_MS },
  );
}
