/**
 * One voice (issue 37; teacher-reading-3.md U1, U6, U13, U4): the line under the rows says what
 * the rows say, from the fingering actually played. Each case is played through the real timed
 * session and the test pitch stream (readings and note events as the app's stream makes them).
 */
import { describe, expect, it } from 'vitest';
import {
  buildScale,
  lipSlurPassage,
  phrase,
  timedNotes,
  writtenMidiToHz,
  type Passage,
  type ValveCombo,
} from '../../music';
import { createTestStream } from '../../audio/testing/stream';
import { createTimedSession, type TimedNote } from './timed-session';

const TEMPO_BPM = 120;
const BEAT_MS = 60_000 / TEMPO_BPM;

/** Plays the passage on the beat (first note at 2000 ms), each note `centsOf(i)` off and tongued short. */
function perform(
  passage: Passage<TimedNote>,
  options: { instrument?: 'bb-trumpet' | 'bb-piccolo'; centsOf: (i: number) => number },
) {
  const instrument = options.instrument ?? 'bb-trumpet';
  const session = createTimedSession({
    instrument,
    a4Hz: 440,
    inTuneCents: 15,
    tempoBpm: TEMPO_BPM,
    passage,
    countInBeats: 4,
  });
  session.begin(0);
  const notes = timedNotes(passage);
  const last = notes[notes.length - 1];
  const endMs = 2000 + (last.startBeat + last.beats) * BEAT_MS + 600;
  createTestStream(session).play(
    0,
    endMs,
    (t) => {
      const i = notes.findIndex((n) => {
        const from = 2000 + n.startBeat * BEAT_MS;
        return t >= from && t < from + (n.beats - 0.12) * BEAT_MS;
      });
      if (i < 0) return 0;
      return writtenMidiToHz(notes[i].note.midi, instrument) * 2 ** (options.centsOf(i) / 1200);
    },
    (t) => session.tick(t),
  );
  return session.state.get();
}

const slurs = (combos: ValveCombo[]) =>
  lipSlurPassage({ combos, highestPartial: 6, direction: 'up', restBars: 1 });

describe('the summary follows the valves played (U1: it said the main slide)', () => {
  it.each([
    {
      what: 'the 1-2-3 series, every note +30 ¢',
      combos: ['123'] as ValveCombo[],
      cents: 30,
      row: /^3\d ¢ sharp: extend the 3rd valve slide\.$/,
      line: /^The 1-2-3 notes \(.+\) are sharp: extend the 3rd valve slide on them\.$/,
    },
    {
      what: 'the 1-3 and 1-2-3 series, every note +30 ¢',
      combos: ['13', '123'] as ValveCombo[],
      cents: 30,
      row: /^3\d ¢ sharp: extend the 3rd valve slide\.$/,
      line: /^The 1-3 and 1-2-3 notes \(.+\) are sharp: extend the 3rd valve slide on them\.$/,
    },
    {
      what: 'the 1-2-3 series, every note −30 ¢ (the slide thrown too far)',
      combos: ['123'] as ValveCombo[],
      cents: -30,
      row: /^3\d ¢ flat: if your 3rd slide is out, push it in; otherwise faster air\.$/,
      line: /^The 1-2-3 notes \(.+\) are flat: if your 3rd slide is out, push it in; otherwise faster air on them\.$/,
    },
    {
      what: 'the 1-2 series, every note +25 ¢',
      combos: ['12'] as ValveCombo[],
      cents: 25,
      // C♯5, its 5th partial, leans flat by itself: sharp there is the aperture, not the slide.
      row: /^2\d ¢ sharp: (1st slide out|relax, open the aperture)\.$/,
      line: /^The 1-2 notes \(.+\) are sharp: 1st slide out on them\.$/,
    },
  ])('$what: the rows and the line under them agree', ({ combos, cents, row, line }) => {
    const state = perform(slurs(combos), { centsOf: () => cents });
    expect(state.phase).toBe('done');
    const played = state.outcomes.filter((o) => o.outcome === 'played');
    expect(played.length).toBe(state.outcomes.length);
    // Each row on the series' own valves (the 5th partial of 1-2 leans flat by itself: no row).
    for (const o of played.filter((o) => o.advice !== null)) expect(o.advice).toMatch(row);
    expect(state.summary?.text).not.toMatch(/main tuning slide/);
    expect(state.summary?.text).toMatch(new RegExp(line.source.replace(/^\^|\$$/g, '')));
  });

  it('the open series +30 ¢ too: everything leans, so the main slide (the horn is tuned off)', () => {
    const state = perform(slurs(['0', '123']), { centsOf: () => 30 });
    expect(state.summary?.text).toMatch(
      /Everything is high \(median \+3\d ¢\): pull the main tuning slide out a little\./,
    );
  });
});

describe('a piccolo plays D4 and G3 with the 4th valve (U6)', () => {
  it('D major with D4 +30 ¢: the row and the summary both say the 4th-valve slide', () => {
    const notes = buildScale({ kind: 'major', key: 'D', lowMidi: 62, highMidi: 74 }).slice(0, 8);
    const down = [...notes].reverse().slice(1);
    const passage = {
      beatsPerBar: 4,
      key: null,
      events: phrase([...notes, ...down], { subdivision: 1, beatsPerBar: 4, slurred: false }),
    };
    const all = [...notes, ...down];
    const state = perform(passage, {
      instrument: 'bb-piccolo',
      centsOf: (i) => (all[i]?.midi === 62 ? 30 : 0),
    });
    const d4 = state.outcomes.filter((o) => o.writtenMidi === 62);
    expect(d4).toHaveLength(2);
    for (const o of d4)
      expect(o.advice).toMatch(/^3\d ¢ sharp: pull the 4th-valve slide out a little \(4\)\.$/);
    expect(state.summary?.text).toMatch(
      /The 4th-valve notes \(D4\) are sharp: pull the 4th-valve slide out a little \(4\)\./,
    );
    expect(state.summary?.text).not.toMatch(/3rd valve slide/);
  });
});

describe('the flat 5th partial, grouped (U13)', () => {
  it('a G major line with D5 and E5 at −22 ¢: one line naming the partial and the alternates', () => {
    const notes = buildScale({ kind: 'major', key: 'G', lowMidi: 67, highMidi: 79 }).slice(0, 8);
    const passage = {
      beatsPerBar: 4,
      key: null,
      events: phrase([...notes, ...[...notes].reverse().slice(1)], {
        subdivision: 1,
        beatsPerBar: 4,
        slurred: false,
      }),
    };
    const all = [...notes, ...[...notes].reverse().slice(1)];
    const state = perform(passage, {
      centsOf: (i) => (all[i]?.midi === 74 || all[i]?.midi === 76 ? -22 : 0),
    });
    expect(state.summary?.text).toMatch(
      /Your 5th-partial notes \(D5, E5\) sit low: more air; on long notes, 1-3 for D5 and 1-2 or 3 for E5\./,
    );
  });
});
