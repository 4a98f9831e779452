import { describe, expect, it } from 'vitest';
import { loadOnce, openingTab, settledOrAfter, type OpeningTab } from './opening';

describe('openingTab', () => {
  const table: [string, OpeningTab][] = [
    ['/home/tuner', 'tuner'],
    ['/home/tuner/', 'tuner'],
    ['/home/pieces', 'pieces'],
    ['/home/pieces/abc/practice', 'pieces'],
    ['/home/exercise', 'exercise'],
    ['/home/exercise/long-tones', 'exercise'],
    ['/home/progress', 'exercise'],
    ['/home', 'exercise'],
    ['/', 'exercise'],
    ['/nowhere', 'exercise'],
    ['/tuner', 'exercise'], // only /home/tuner is the tuner's route
  ];
  it.each(table)('%s opens on the %s tab', (pathname, tab) => {
    expect(openingTab(pathname)).toBe(tab);
  });
});

describe('loadOnce', () => {
  it('starts the load once and gives every caller the same result', async () => {
    let calls = 0;
    const get = loadOnce(() => Promise.resolve(++calls));
    const [a, b] = await Promise.all([get(), get()]);
    expect([a, b, await get()]).toEqual([1, 1, 1]);
    expect(calls).toBe(1);
  });

  it('tries again after a failed load, and keeps the load that succeeded', async () => {
    let calls = 0;
    const get = loadOnce(() =>
      ++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(calls),
    );
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe(2);
    expect(await get()).toBe(2);
    expect(calls).toBe(2);
  });
});

describe('settledOrAfter', () => {
  /** A timer the test fires by hand. */
  const manualTimer = () => {
    const timer = { fire: () => {}, ms: -1 };
    const setTimer = (done: () => void, ms: number) => {
      timer.fire = done;
      timer.ms = ms;
    };
    return { timer, setTimer };
  };
  const isSettled = async (promise: Promise<unknown>) => {
    let settled = false;
    void promise.then(() => (settled = true));
    for (let tick = 0; tick < 10; tick++) await Promise.resolve(); // let settled loads propagate
    return settled;
  };

  it('resolves when every load has settled, a failed one included', async () => {
    const { setTimer } = manualTimer();
    let finish = () => {};
    const slow = new Promise<void>((resolve) => (finish = resolve));
    const waiting = settledOrAfter([slow, Promise.reject(new Error('offline'))], 1000, setTimer);
    expect(await isSettled(waiting)).toBe(false);
    finish();
    expect(await isSettled(waiting)).toBe(true);
  });

  it('resolves at the time limit when a load hangs', async () => {
    const { timer, setTimer } = manualTimer();
    const waiting = settledOrAfter([new Promise(() => {})], 1000, setTimer);
    expect(timer.ms).toBe(1000);
    expect(await isSettled(waiting)).toBe(false);
    timer.fire();
    expect(await isSettled(waiting)).toBe(true);
  });

  it('rejects a negative or missing time limit', () => {
    expect(() => settledOrAfter([], -1)).toThrow(/maxWaitMs must be >= 0, got -1/);
    expect(() => settledOrAfter([], Number.NaN)).toThrow(RangeError);
  });
});
