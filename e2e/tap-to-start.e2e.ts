import { expect, it } from 'vitest';
import { sharedBrowser } from './app-fixture';
import { appUrl } from './browser';

// Chromium lets a page that is capturing the microphone start audio without a gesture, some of
// the time (it raced, and failed this test about one run in ten). iOS Safari never does. So the
// page gets Safari's rule, certainly: every AudioContext starts suspended and `resume()` does
// nothing until the user has touched the page. What is tested is the app's answer to a held-back
// context, which is what an iPhone gives it.
function gestureGatedAudio(): void {
  const Native = globalThis.AudioContext;
  const activated = (): boolean => navigator.userActivation.hasBeenActive;
  const contexts: AudioContext[] = [];
  class GestureGatedAudioContext extends Native {
    constructor(options?: AudioContextOptions) {
      super(options);
      contexts.push(this);
      if (!activated()) void super.suspend();
      // Chromium may still start it on its own once the page captures the microphone (its
      // autoplay rule): held back again at once, as Safari would never have started it.
      this.addEventListener('statechange', () => {
        if (this.state === 'running' && !activated()) void super.suspend();
      });
    }
    override resume(): Promise<void> {
      return activated() ? super.resume() : Promise.resolve();
    }
  }
  globalThis.AudioContext = GestureGatedAudioContext;
  // Under double load the context was once found running with no touch and no event seen for it
  // (the app said "connected"): every context is also checked on a timer until the first touch,
  // so a start the listener missed is held back too.
  const check = setInterval(() => {
    if (activated()) {
      clearInterval(check);
      return;
    }
    for (const context of contexts) {
      if (context.state === 'running') void Native.prototype.suspend.call(context);
    }
  }, 20);
}

const browser = sharedBrowser({ mic: 'granted', autoplay: false }, ({ context }) =>
  context.addInitScript(gestureGatedAudio),
);

it('shows "Tap to start listening" while audio waits for a gesture, and a tap resumes it', async () => {
  const { page } = browser;
  await page.goto(appUrl('/home/tuner'));
  const button = page.getByTestId('tap-to-start');
  await button.waitFor({ state: 'visible' }).catch(async (error: unknown) => {
    // Say what the page was doing instead (a load flake is then told apart from a regression).
    const state = await page.evaluate(() => {
      type Hook = { __embouchurePitchService?: { status: { get(): unknown } } };
      return JSON.stringify(
        (globalThis as Hook).__embouchurePitchService?.status.get() ?? 'no service',
      );
    });
    const banner = await page.locator('[role="alert"], .pitch-status-banner').allTextContents();
    throw new Error(`no Tap to start: service ${state}, banner ${JSON.stringify(banner)}`, {
      cause: error,
    });
  });
  expect(await button.textContent()).toContain('Tap to start listening');

  await button.click();
  await button.waitFor({ state: 'detached' });
});
