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

  it('reads every exercise: scales and lip slurs too, and leaves out unplayed notes (U15)', () => {
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
    expect(map[0].cents).toEqual([-40, -19, -19, -20]);
  });

  it("a 1-2-3 lip slur files F♯4 under 1-2-3 (not the chart's 2), two attempts at +30 ¢", () => {
    const F_SHARP_4 = 66;
    const slur = () =>
      attempt([{ writtenMidi: F_SHARP_4, medianCents: 30, valves: '123' }], {
        exercise: 'lip-slurs',
      });
    expect(intonationMap([slur(), slur()], 'bb-trumpet')).toMatchObject([
      { writtenMidi: F_SHARP_4, combo: '123', medianCents: 30, attempts: 2 },
    ]);
  });

  it("leaves out what is not aimed at equal temperament on the player's own part", () => {
    const map = intonationMap(
      [
        attempt([{ writtenMidi: E5, medianCents: -5 }], { exercise: 'scales' }),
        // Judged against the drone's just targets: its cents are not from equal temperament.
        attempt([{ writtenMidi: E5, medianCents: -30 }], {
          exercise: 'scales',
          settings: { instrument: 'bb-trumpet', temperament: 'just' },
        }),
        // A C part read on the B♭ trumpet: its written E5 is the player's F♯5.
        attempt([{ writtenMidi: E5, medianCents: -30 }], {
          exercise: 'scales',
          settings: { instrument: 'bb-trumpet', partFor: 'c-trumpet' },
        }),
        // E5 on 1-2-3 is that series' 7th partial, aimed at its natural −31 ¢.
        attempt([{ writtenMidi: E5, medianCents: -30, valves: '123' }], { exercise: 'lip-slurs' }),
      ],
      'bb-trumpet',
    );
    expect(map.map((e) => [e.combo, e.cents])).toEqual([['0', [-5]]]);
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
