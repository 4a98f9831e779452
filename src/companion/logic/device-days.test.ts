import { describe, expect, it } from 'vitest';
import { mergePracticeDays, mergeRoutineDays } from './device-days';

describe('days from two devices of one account, read as one', () => {
  it('adds the minutes of a day practised on both, and keeps the widest range', () => {
    const phone = { '2026-12-01': { soundS: 600, restS: 300, highMidi: 77, lowMidi: 58 } };
    const laptop = {
      '2026-12-01': { soundS: 120, restS: 60, highMidi: 82, lowMidi: 60 },
      '2026-12-02': { soundS: 900, restS: 0, highMidi: null, lowMidi: null },
    };
    expect(mergePracticeDays([phone, laptop])).toEqual({
      '2026-12-01': { soundS: 720, restS: 360, highMidi: 82, lowMidi: 58 },
      '2026-12-02': { soundS: 900, restS: 0, highMidi: null, lowMidi: null },
    });
    // One device alone reads as itself; nothing is changed in place.
    expect(mergePracticeDays([phone])).toEqual(phone);
    expect(phone['2026-12-01'].soundS).toBe(600);
  });

  it('counts routines finished on either device, with the last finish of the day', () => {
    const phone = { '2026-12-01': { finishedAtMs: 1000, times: 1, playedMin: 19 } };
    const laptop = { '2026-12-01': { finishedAtMs: 5000, times: 2, playedMin: 25.5 } };
    expect(mergeRoutineDays([phone, laptop])).toEqual({
      '2026-12-01': { finishedAtMs: 5000, times: 3, playedMin: 25.5 },
    });
    expect(mergeRoutineDays([laptop, phone])).toEqual({
      '2026-12-01': { finishedAtMs: 5000, times: 3, playedMin: 25.5 },
    });
  });
});
