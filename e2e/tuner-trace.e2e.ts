import { describe, expect, it } from 'vitest';
import { sharedBrowser } from './app-fixture';
import { appUrl, audioFile } from './browser';
import { WAIT_MS } from './wait';
import { serviceSnapshot } from './tuner-helpers';

/**
 * The trace spans the notes of the last 10 s: the corpus phrase (concert A3..C5, written B3..D5 on
 * B♭ trumpet, looping every 6.9 s) is shown whole with a semitone of margin, not as two short
 * segments of a window that follows the current note. With no signal the needle rests at the left
 * stop, outside the in-tune band.
 */
const browser = sharedBrowser({ wav: audioFile('phrase/sr48000/phrase_1.wav') });

describe('tuner trace', () => {
  it('auto-ranges to every note of the phrase (written B♭3..E♭5 with margins)', async () => {
    const { page } = browser;
    await page.goto(appUrl('/home/tuner'));
    await expect
      .poll(async () => (await serviceSnapshot(page)).state, { timeout: WAIT_MS })
      .toBe('connected');
    await expect
      .poll(() => page.getAttribute('[data-testid="pitch-trace"]', 'data-range'), {
        timeout: WAIT_MS,
      })
      .toBe('Bb3..Eb5');
  });
});
