import { describe, expect, it } from 'vitest';
import { audioFile } from '../paths';
import { engineName } from './engine';
import { engineFixture } from './fixture';
import { ACTIVE, poll, serviceState } from './helpers';

/**
 * A player who refused the microphone (Firefox: the prompt answered Block for every site) opens
 * the tuner: it says the microphone is blocked and how to allow it, with a Retry, and nothing
 * listens. WebKitGTK's automation session grants every capture request itself: not run there
 * (docs/testing.md "What runs where").
 */
const denies = engineName() !== 'webkit';

describe.runIf(denies)(`microphone denied (${engineName()})`, () => {
  const engine = engineFixture((e) => e.hear(audioFile('clean/sr44100/tpt_n069_A4_v110.wav')), {
    microphone: 'denied',
  });

  it('the tuner says the microphone is blocked, how to allow it, and offers Retry', async () => {
    const { page } = engine();
    await page.goto('/home/tuner');
    const banner = `${ACTIVE} [data-testid="tuner-error"]`;
    await poll(() => page.attribute(banner, 'data-kind')).toBe('denied');
    const text = (await page.text(banner)) ?? '';
    expect(text).toMatch(/Allow the microphone/);
    expect(text).toMatch(/Retry/);
    expect((await serviceState(page)).state).not.toBe('connected');
    expect(page.pageErrors).toEqual([]);
  });
});
