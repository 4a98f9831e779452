import { describe, expect, it } from 'vitest';
import { sampleAttempt } from './fixtures.test-data';
import { hornLookup, intonationMap, pastCentsOnPrimary } from './intonation-map';
import { validateAttempt, type AttemptRecord, type NoteRecord } from './records';

const E5 = 76;
const D5 = 74;

let clock = 0;
function attempt(
  notes: Partial<NoteRecord>[],
  patch: Partial<AttemptRecord> = {},
  instrument = 'bb-trumpet',
): AttemptRecord {
  clock += 1;
  return {
    ...sampleAttempt,
    startedAt: new Date(Date.UTC(2026, 10, 1, 8, clock)).toISOString(),
    settings: { ...sampleAttempt.settings, instrument },
    notes: notes.map((n) => ({ ...sampleAttempt.notes[0], ...n })),
    ...patch,
  };
}

describe("your horn's intonation map (the coach's memory)", () => {
  it('per written note and fingering: median, middle half and count, oldest first', () => {
    const map = intonationMap(
      [
        attempt([{ writtenMidi: E5, medianCents: -30 }]),
        attempt([{ writtenMidi: E5, medianCents: -30 }]),
        attempt([{ writtenMidi: E5, medianCents: 30 }]),
        attempt([{ writtenMidi: E5, medianCents: 30 }]),
      ],
      'bb-trumpet',
    );
    expect(map).toHaveLength(1);
    // An even count: the mean of the two middle values, not the upper one.
    expect(map[0]).toMatchObject({ writtenMidi: E5, combo: '0', medianCents: 0, attempts: 4 });
    expect(map[0].lowCents).toBe(-30);
    expect(map[0].highCents).toBe(30);
  });

  it('keeps instruments apart', () => {
    const attempts = [
      attempt([{ writtenMidi: E5, medianCents: -20 }]),
      attempt([{ writtenMidi: E5, medianCents: 25 }], {}, 'c-trumpet'),
    ];
    expect(intonationMap(attempts, 'bb-trumpet').map((e) => e.medianCents)).toEqual([-20]);
    expect(intonationMap(attempts, 'c-trumpet').map((e) => e.medianCents)).toEqual([25]);
  });

  it('keeps fingerings apart: D5 on 1-3 does not count against D5 on 1', () => {
    const map = intonationMap(
      [
        attempt([{ writtenMidi: D5, medianCents: -15 }]),
        attempt([{ writtenMidi: D5, medianCents: 12, valves: '13' }]),
      ],
      'bb-trumpet',
    );
    expect(map.map((e) => [e.combo, e.medianCents])).toEqual([
      ['1', -15],
      ['13', 12],
    ]);
    expect(pastCentsOnPrimary(map).get(D5)).toEqual([-15]);
    expect(hornLookup(map)(D5, '13')).toEqual({ medianCents: 12, attempts: 1 });
    expect(hornLookup(map)(D5, '123')).toBeNull();
  });

  it('leaves out clipped medians (scales, lip slurs) and unplayed notes', () => {
    const map = intonationMap(
      [
        attempt([{ writtenMidi: E5, medianCents: -40 }]),
        attempt([{ writtenMidi: E5, medianCents: -19 }], { exercise: 'scales' }),
        attempt([{ writtenMidi: E5, medianCents: -19, valves: '0' }], { exercise: 'lip-slurs' }),
        attempt([{ writtenMidi: E5, medianCents: null }]),
        attempt([{ writtenMidi: E5, medianCents: -20 }], { exercise: 'intervals' }),
      ],
      'bb-trumpet',
    );
    expect(map[0].cents).toEqual([-40, -20]);
  });

  it('imports validate the recorded valves', () => {
    const good = attempt([{ writtenMidi: D5, medianCents: 3, valves: '13' }]);
    expect(validateAttempt(good)).toMatchObject({ ok: true });
    const bad = attempt([{ writtenMidi: D5, medianCents: 3, valves: '31' }]);
    expect(validateAttempt(bad)).toEqual({
      ok: false,
      error: 'attempt.notes[0].valves must be one of 0, 2, 1, 12, 3, 23, 13, 123',
    });
  });
});
