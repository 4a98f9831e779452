/**
 * In the page: taps Start the moment the live read-out changes to `marker` (after showing
 * anything else, including what it showed when called), so that a looping performance in the virtual microphone begins a known time
 * after Start whatever the load (as e2e/start-on-marker.ts in Chromium). Self-contained: sent to
 * every engine as source (`page.evaluate(startOnMarker, marker, timeoutMs)`).
 */
export function startOnMarker(marker: string, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const root = document.querySelector('.ion-page:not(.ion-page-hidden)') ?? document;
    const out = root.querySelector('[data-testid="live-pitch"]');
    const start = root.querySelector<HTMLButtonElement>('[data-testid="timed-start"]');
    if (!out || !start) {
      reject(new Error('no live pitch or Start button'));
      return;
    }
    // What shows now counts: a performance started after this call is heard from its start.
    let sawOther = !(out.textContent ?? '').startsWith(marker);
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
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`the marker ${marker} was not heard`));
    }, timeoutMs);
    observer.observe(out, { childList: true, characterData: true, subtree: true });
  });
}
