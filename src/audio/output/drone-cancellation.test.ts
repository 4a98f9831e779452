import { describe, expect, it } from 'vitest';
import { cancellationHz, nextExpiryMs } from './drone-cancellation';

describe('drone cancellation from what sounds', () => {
  it('held voices and tails still sounding; an ended tail is dropped', () => {
    const sounding = [
      { hz: 440, untilMs: Infinity },
      { hz: 330, untilMs: 1200 },
      { hz: 220, untilMs: 900 },
    ];
    expect(cancellationHz(sounding, 1000)).toEqual([440, 330]);
    expect(cancellationHz(sounding, 1200)).toEqual([440]);
    expect(nextExpiryMs(sounding, 1000)).toBe(1200);
    expect(nextExpiryMs([{ hz: 440, untilMs: Infinity }], 1000)).toBeNull();
  });

  it('at most 4: held first, then the tails that last longest; one frequency once', () => {
    const sounding = [
      { hz: 100, untilMs: 1100 },
      { hz: 200, untilMs: Infinity },
      { hz: 300, untilMs: 1300 },
      { hz: 200, untilMs: 1500 },
      { hz: 400, untilMs: Infinity },
      { hz: 500, untilMs: 1200 },
    ];
    expect(cancellationHz(sounding, 1000)).toEqual([200, 400, 300, 500]);
  });
});
