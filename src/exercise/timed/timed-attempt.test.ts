/**
 * Issue 37, U15: what a timed exercise saves is what the teacher's report and the intonation map
 * read. A 1-2-3 lip slur played 30 ¢ sharp through the real session and the synthetic stream is
 * saved with its valves and its fix-first, so the map files F♯4 under 1-2-3 and the teacher's
 * report (src/companion/logic/report.ts) can count the advice that keeps coming back.
 */
import { describe, expect, it } from 'vitest';
import { createTestStream } from '../../audio/testing/stream';
import { intonationMap } from '../../history/intonation-map';
import type { AttemptRecord } from '../../history/records';
import {
  lipSlurPassage,
  shiftHzByCents,
  spelledName,
  timedNotes,
  writtenMidiToHz,
  type Passage,
} from '../../music';
import { LIP_SLURS_DEFAULT_BAND_CENTS } from '../setups';
import { timedAttemptContent } from './timed-attempt';
import type { TimedNote } from './timed-note';
import { createTimedSession, type TimedState } from './timed-session';

/** Plays `passage` at 120 (first note at 2000 ms), every note `cents` off, each 88 % long. */
function play(passage: Passage<TimedNote>, cents: number): TimedState {
  const session = createTimedSession({
    passage,
    tempoBpm: 120,
    instrument: 'bb-trumpet',
    a4Hz: 440,
    inTuneCents: LIP_SLURS_DEFAULT_BAND_CENTS,
  });
  session.begin(0);
  const notes = timedNotes(passage);
  const last = notes[notes.length - 1];
  const endMs = 2000 + ((last?.startBeat ?? 0) + (last?.beats ?? 0)) * 500 + 600;
  createTestStream(session).play(
    0,
    endMs,
    (t) => {
      const beat = (t - 2000) / 500;
      const n = notes.find((x) => beat >= x.startBeat && beat < x.startBeat + 0.88 * x.beats);
      return n ? shiftHzByCents(writtenMidiToHz(n.note.midi, 'bb-trumpet'), cents) : 0;
    },
    (t) => session.tick(t),
  );
  return session.state.get();
}

const slur = lipSlurPassage({ combos: ['123'], highestPartial: 5, direction: 'up' });
const slurNotes = timedNotes(slur).map((n) => n.note);

function saved(day: number, state: TimedState): AttemptRecord {
  const content = timedAttemptContent(
    state,
    { instrument: 'bb-trumpet', tempoBpm: 120, combos: '123', highestPartial: 5, direction: 'up' },
    slurNotes,
  );
  if (!content) throw new Error('nothing to save');
  return {
    ...content,
    startedAt: new Date(2026, 10, day, 18).toISOString(),
    durationS: 20,
    exercise: 'lip-slurs',
  };
}

describe('a timed attempt saves what the report and the map read (U15)', () => {
  const state = play(slur, 30);

  it("keeps the slur's valves on every note, and the assessor's fix-first", () => {
    expect(slurNotes.map((n) => spelledName(n))).toEqual(['F♯3', 'C♯4', 'F♯4', 'A♯4']);
    const record = saved(2, state);
    expect(record.notes.map((n) => n.valves)).toEqual(['123', '123', '123', '123']);
    expect(record.notes.every((n) => (n.medianCents ?? 0) > 20)).toBe(true);
    expect(state.fixFirst).not.toBeNull();
    expect(record.fixFirst).toBe(state.fixFirst);
    expect(record.settings).not.toHaveProperty('temperament');
  });

  it("two such attempts: the map files F♯4 under 1-2-3, with both attempts' +30 ¢", () => {
    const attempts = [saved(2, state), saved(3, state)];
    const fSharp4 = intonationMap(attempts, 'bb-trumpet').filter((e) => e.writtenMidi === 66);
    expect(fSharp4).toHaveLength(1);
    expect(fSharp4[0]).toMatchObject({ combo: '123', attempts: 2 });
    expect(fSharp4[0]?.medianCents).toBeGreaterThan(20);
    // The same advice both times: what the teacher's report counts as coming back.
    expect(new Set(attempts.map((a) => a.fixFirst)).size).toBe(1);
  });
});
