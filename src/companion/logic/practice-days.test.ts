import { describe, expect, it } from 'vitest';
import {
  createPracticeCounter,
  dayOf,
  MAX_REST_MS,
  parsePracticeDays,
  type PracticeDays,
} from './practice-days';

const at = (h: number, m: number, s = 0) => new Date(2026, 2, 18, h, m, s).getTime();

describe('practice days (sound on the face, rest, range held ≥ 1 s)', () => {
  it('sums sound, counts the silences between notes as rest, and keeps the range of held notes', () => {
    const days: PracticeDays = {};
    const counter = createPracticeCounter();
    counter.add(days, { onsetMs: at(9, 0, 0), offsetMs: at(9, 0, 8), midi: 67 }); // 8 s G4
    counter.add(days, { onsetMs: at(9, 0, 12), offsetMs: at(9, 0, 12) + 500, midi: 84 }); // short C6: not range
    counter.add(days, { onsetMs: at(9, 0, 20), offsetMs: at(9, 0, 22), midi: 55 }); // 2 s G3
    const day = days[dayOf(at(9, 0))];
    expect(day.soundS).toBeCloseTo(10.5, 6);
    // Rest: 4 s + 7.5 s.
    expect(day.restS).toBeCloseTo(11.5, 6);
    expect(day.highMidi).toBe(67);
    expect(day.lowMidi).toBe(55);
  });

  it('a silence longer than a session break is not rest; clicks too short to be notes are not sound', () => {
    const days: PracticeDays = {};
    const counter = createPracticeCounter();
    counter.add(days, { onsetMs: at(9, 0), offsetMs: at(9, 0, 5), midi: 60 });
    counter.add(days, { onsetMs: at(9, 0, 5) + MAX_REST_MS + 1, offsetMs: at(9, 30), midi: 60 });
    expect(
      counter.add(days, { onsetMs: at(9, 31), offsetMs: at(9, 31) + 20, midi: 90 }),
    ).toBeNull();
    expect(days[dayOf(at(9, 0))].restS).toBe(0);
  });

  it('stored days are validated: a bad entry is dropped, the rest kept', () => {
    const days = parsePracticeDays({
      '2026-03-18': { soundS: 60, restS: 30, highMidi: 72, lowMidi: 55 },
      '2026-03-17': { soundS: -1, restS: 0 },
      nonsense: { soundS: 1, restS: 1 },
      '2026-03-16': { soundS: 5, restS: 1, highMidi: 300 },
    });
    expect(Object.keys(days).sort()).toEqual(['2026-03-16', '2026-03-18']);
    expect(days['2026-03-16'].highMidi).toBeNull();
  });
});
