import { describe, expect, it } from 'vitest';
import type { Click, ClickSource } from './click-source';
import { createClickPuller } from './click-scheduler';

function every(stepS: number, count: number): ClickSource & { pulled: number } {
  const source = {
    pulled: 0,
    next(): Click | null {
      if (source.pulled >= count) return null;
      const i = source.pulled++;
      return { offsetS: i * stepS, kind: 'beat', bar: 0, beat: i };
    },
  };
  return source;
}

describe('click puller (look-ahead)', () => {
  it('hands out only the clicks inside the look-ahead, each once, pulling one ahead at most', () => {
    const source = every(0.5, 100);
    const puller = createClickPuller(source);
    expect(puller.due(1, 0.9, 0.12).map((c) => c.offsetS)).toEqual([0]);
    expect(source.pulled).toBe(2);
    expect(puller.due(1, 1.0, 0.12)).toEqual([]);
    expect(puller.due(1, 1.4, 0.12).map((c) => c.offsetS)).toEqual([0.5]);
  });

  it('a timer that woke 1 s late catches up with every missed click at its own time', () => {
    const puller = createClickPuller(every(0.5, 100));
    puller.due(1, 0.9, 0.12);
    expect(puller.due(1, 2.45, 0.12).map((c) => c.offsetS)).toEqual([0.5, 1, 1.5]);
  });

  it('is done once the source ends and every click was handed out', () => {
    const puller = createClickPuller(every(0.5, 2));
    expect(puller.due(0, 0, 0.12)).toHaveLength(1);
    expect(puller.done).toBe(false);
    expect(puller.due(0, 10, 0.12)).toHaveLength(1);
    expect(puller.done).toBe(true);
  });

  it('refuses clicks out of time order or not finite, naming the rule', () => {
    const backwards = createClickPuller({
      next: (() => {
        const offsets = [0.5, 0.25];
        return () => {
          const offsetS = offsets.shift();
          return offsetS === undefined ? null : { offsetS, kind: 'beat', bar: 0, beat: 0 };
        };
      })(),
    });
    expect(() => backwards.due(0, 10)).toThrow(/in time order; got 0.25 s after 0.5 s/);
    const nan = createClickPuller({
      next: () => ({ offsetS: NaN, kind: 'beat', bar: 0, beat: 0 }),
    });
    expect(() => nan.due(0, 0)).toThrow(/finite/);
  });
});
