import { describe, expect, it } from 'vitest';
import {
  articulationPassage,
  buildScale,
  lipSlurSequence,
  partTransposition,
  phrase,
  writtenMidiToHz,
  type ScaleNote,
} from '../../music';
import { createTestStream } from '../../audio/testing/stream';
import { createTimedSession } from './timed-session';

const base = { tempoBpm: 120, instrument: 'bb-trumpet', a4Hz: 440, inTuneCents: 15 } as const;

/** Quarter notes in 4/4 from a bar line, tongued. */
const quarters = <N extends ScaleNote>(notes: readonly N[]) => ({
  beatsPerBar: 4,
  key: null,
  events: phrase(notes, { subdivision: 1, beatsPerBar: 4, slurred: false }),
});

/**
 * Plays `hzAt(tMs)` (the pitch of the audio at time t) into the session through a fast-mode pitch
 * stream (readings every 16 ms, note events from the stream's tracker), ticking the clock.
 */
function play(
  session: ReturnType<typeof createTimedSession>,
  fromMs: number,
  toMs: number,
  hzAt: (t: number) => number,
) {
  createTestStream(session).play(fromMs, toMs, hzAt, (t) => session.tick(t));
}

describe('timed session (scales and lip slurs to the metronome)', () => {
  it('a C major scale played on the beat scores high, note by note', () => {
    const notes = buildScale({ kind: 'major', key: 'C', lowMidi: 60, highMidi: 72 });
    const session = createTimedSession({ ...base, passage: quarters(notes) });
    session.begin(1000); // count-in 4 beats of 500 ms: first note due at 3000
    const hz = notes.map((n) => writtenMidiToHz(n.midi, 'bb-trumpet'));
    play(session, 1000, 3000 + notes.length * 500 + 300, (t) => {
      const i = Math.floor((t - 3000 + 10) / 500);
      return i >= 0 && i < notes.length ? hz[i] : 0;
    });
    const state = session.state.get();
    expect(state.phase).toBe('done');
    expect(state.outcomes).toHaveLength(15);
    expect(state.outcomes.map((o) => o.outcome).every((o) => o === 'played')).toBe(true);
    expect(state.score).toBeGreaterThan(90);
    expect(state.summary?.scores.pitch).toBeGreaterThanOrEqual(95);
    expect(state.outcomes[0].name).toBe('C4');
  });

  it('lip slurs: landing on the partial above the target is a crack', () => {
    const notes = lipSlurSequence({ combos: ['0'] }).map((n, _i, all) => ({
      ...n,
      neighbours: all.filter((m) => m.partial !== n.partial).map((m) => m.midi),
    }));
    const session = createTimedSession({ ...base, passage: quarters(notes) });
    session.begin(0);
    const hz = notes.map((n) => writtenMidiToHz(n.midi, 'bb-trumpet'));
    const e5 = hz[3];
    play(session, 0, 2000 + notes.length * 500, (t) => {
      const i = Math.floor((t - 2000 + 10) / 500);
      if (i < 0 || i >= notes.length) return 0;
      return i === 2 ? e5 : hz[i]; // C5 (4th partial) cracks up to E5
    });
    const outcomes = session.state.get().outcomes;
    expect(outcomes[2]).toMatchObject({ name: 'C5', outcome: 'cracked', score: 0 });
    expect(outcomes[1].outcome).toBe('played');
  });

  it.each(['block', 'fast'] as const)(
    'judges timing on the stream onsets, not a guessed latency (%s mode)',
    (response) => {
      const notes = buildScale({ kind: 'major', key: 'C', lowMidi: 60, highMidi: 72 }).slice(0, 4);
      const session = createTimedSession({ ...base, passage: quarters(notes) });
      const stream = createTestStream(session, { response });
      session.begin(0); // first note due at 2000 ms
      const hz = notes.map((n) => writtenMidiToHz(n.midi, 'bb-trumpet'));
      // Every note 40 ms late, tongued (a short gap before each).
      stream.play(
        0,
        2000 + notes.length * 500 + 300,
        (t) => {
          const i = Math.floor((t - 2040) / 500);
          const intoNote = t - 2040 - i * 500;
          return i >= 0 && i < notes.length && intoNote < 440 ? hz[i] : 0;
        },
        (t) => session.tick(t),
      );
      const outcomes = session.state.get().outcomes;
      expect(outcomes).toHaveLength(4);
      // 40 ms late is not called late and costs a few points at most (the assessor's timing
      // curve: full marks within 30 ms, at most 3 points per 10 ms beyond).
      for (const outcome of outcomes) {
        expect(outcome.verdict.flags.map((f) => f.flag)).not.toContain('late');
        expect(outcome.result.scores.timing).toBeGreaterThanOrEqual(95);
      }
      for (const outcome of outcomes) {
        expect(outcome.timingMs).not.toBeNull();
        // Within the stream's onset precision of the real 40 ms, in both modes.
        expect(Math.abs((outcome.timingMs as number) - 40)).toBeLessThan(
          response === 'fast' ? 8 : 25,
        );
      }
    },
  );

  it('a rest bar between series: nothing is due in it, the next series starts after it', () => {
    const series = lipSlurSequence({ combos: ['0'] });
    const events = [
      ...phrase(series.slice(0, 5), { subdivision: 1, beatsPerBar: 4, slurred: true, restBars: 1 }),
      ...phrase(series.slice(0, 5), { subdivision: 1, beatsPerBar: 4, slurred: true }),
    ];
    const session = createTimedSession({ ...base, passage: { beatsPerBar: 4, key: null, events } });
    session.begin(0); // first note at 2000; series 1 in bars 1-2, rest bar 3, series 2 from 8000
    const hz = series.slice(0, 5).map((n) => writtenMidiToHz(n.midi, 'bb-trumpet'));
    const at = (t: number): number => {
      const beat = Math.floor((t - 2000 + 10) / 500);
      if (beat >= 0 && beat < 5) return hz[beat];
      if (beat >= 12 && beat < 17) return hz[beat - 12];
      return 0;
    };
    play(session, 0, 2000 + 17 * 500, at);
    const state = session.state.get();
    expect(state.outcomes).toHaveLength(10);
    expect(state.outcomes.every((o) => o.outcome === 'played')).toBe(true);
    expect(state.score).toBeGreaterThan(90);
  });

  it('a note 30 ¢ sharp loses pitch, keeps timing, and the advice says so', () => {
    const notes = buildScale({ kind: 'major', key: 'C', lowMidi: 60, highMidi: 72 }).slice(0, 4);
    const session = createTimedSession({ ...base, passage: quarters(notes) });
    session.begin(0);
    const hz = notes.map((n) => writtenMidiToHz(n.midi, 'bb-trumpet'));
    play(session, 0, 2000 + 4 * 500 + 600, (t) => {
      const i = Math.floor((t - 2000 + 10) / 500);
      if (i < 0 || i >= 4) return 0;
      return i === 2 ? hz[i] * 2 ** (30 / 1200) : hz[i];
    });
    const [, inTune, sharp] = session.state.get().outcomes;
    expect(sharp.result.scores.pitch).toBeLessThan(70);
    expect(inTune.result.scores.pitch).toBe(100);
    expect(sharp.result.scores.timing).toBe(inTune.result.scores.timing);
    expect(sharp.advice).toMatch(/^3\d ¢ sharp/);
  });

  it('articulation: double tonguing heard as separate attacks is summarised as even', () => {
    const passage = articulationPassage({ tonguing: 'double', pattern: 'note', bars: 1 });
    const session = createTimedSession({
      ...base,
      tempoBpm: 60,
      passage,
      articulationNotesPerBeat: 4,
    });
    session.begin(0); // 4 beats of 1000 ms: first note at 4000, sixteenths every 250 ms
    const g4 = writtenMidiToHz(67, 'bb-trumpet');
    // Each sixteenth: 170 ms of note, 80 ms of silence. The stream's tracker ends a note after
    // 40 ms without pitch (fast mode), so a legato tongue with a shorter gap is one long note to it.
    play(session, 0, 4000 + 13 * 250 + 1200, (t) => {
      const k = Math.floor((t - 4000) / 250);
      return k >= 0 && k < 13 && (t - 4000) % 250 < 170 ? g4 : 0;
    });
    const { articulation } = session.state.get();
    expect(articulation?.notesAsked).toBe(13);
    expect(articulation?.notesHeard).toBe(13);
    expect(articulation?.evennessMs).toBeLessThan(8);
  });
});

describe('issue 22: the note lines and summary as a teacher says them', () => {
  /** Plays `notes` as quarters at 120 bpm, note i at `centsOf(i)` (or `hzOf(i)`), on `instrument`. */
  function run(
    notes: readonly ScaleNote[],
    options: {
      instrument?: 'bb-trumpet' | 'bb-piccolo';
      centsOf?: (i: number) => number;
      hzOf?: (i: number) => number | null;
      key?: { letter: 'E'; accidental: -1; minor: false };
      spelling?: 'sharps';
    } = {},
  ) {
    const instrument = options.instrument ?? 'bb-trumpet';
    const passage = { ...quarters(notes), key: options.key ?? null };
    const session = createTimedSession({
      ...base,
      instrument,
      passage,
      spelling: options.spelling,
    });
    session.begin(0);
    const hz = notes.map((n, i) => {
      const given = options.hzOf?.(i);
      return (
        given ?? writtenMidiToHz(n.midi, instrument) * 2 ** ((options.centsOf?.(i) ?? 0) / 1200)
      );
    });
    play(session, 0, 2000 + notes.length * 500 + 600, (t) => {
      const i = Math.floor((t - 2000 + 10) / 500);
      return i >= 0 && i < notes.length ? hz[i] : 0;
    });
    return session.state.get();
  }
  const dMajor = buildScale({ kind: 'major', key: 'D', lowMidi: 62, highMidi: 74 }).slice(0, 4);

  it('a sharp D4 (1-3) in a scale is the 3rd valve slide, not "open the aperture" (row 1)', () => {
    const state = run(dMajor, { centsOf: (i) => (i === 0 ? 30 : 0) });
    expect(state.outcomes[0].advice).toMatch(/^3\d ¢ sharp: extend the 3rd valve slide\.$/);
  });

  it('on a piccolo the same D4 is played with the 4th valve: its slide, never the 3rd (U6)', () => {
    const state = run(dMajor, { instrument: 'bb-piccolo', centsOf: (i) => (i === 0 ? 30 : 0) });
    expect(state.outcomes[0].advice).toMatch(
      /^3\d ¢ sharp: pull the 4th-valve slide out a little \(4\)\.$/,
    );
  });

  it('every note 14 ¢ sharp: "Everything is high", no "Well played" (row 12)', () => {
    const notes = buildScale({ kind: 'major', key: 'C', lowMidi: 60, highMidi: 72 });
    const state = run(notes, { centsOf: () => 14 });
    expect(state.summary?.text).toMatch(/Everything is high \(median \+1\d ¢\): pull the main/);
    expect(state.summary?.text).not.toMatch(/Well played/);
  });

  it('a wrong note in E♭ major is named in the key: A♭4, even for a sharps reader (row 16)', () => {
    const eFlat = buildScale({ kind: 'major', key: 'E♭', lowMidi: 63, highMidi: 75 }).slice(0, 5);
    // The 5th note (B♭4) played a whole step low: A♭4.
    const state = run(eFlat, {
      key: { letter: 'E', accidental: -1, minor: false },
      spelling: 'sharps',
      hzOf: (i) => (i === 4 ? writtenMidiToHz(eFlat[4].midi - 2, 'bb-trumpet') : null),
    });
    const wrong = state.outcomes[4];
    expect(wrong.outcome).toBe('wrong');
    expect(wrong.advice).toBe('Heard A♭4, not B♭4.');
    expect(state.summary?.text).not.toMatch(/Well played/);
  });
});

describe('issue 22 (b): transposition practice', () => {
  it('a C-trumpet part read on a B♭ trumpet a major 2nd higher is all played; as written, all wrong', () => {
    const notes = buildScale({ kind: 'major', key: 'C', lowMidi: 60, highMidi: 72 }).slice(0, 4);
    const { semitones } = partTransposition('c-trumpet', 'bb-trumpet');
    const playAll = (shift: number) => {
      // The session scores the part as the C trumpet sounds it (TimedExercise's `partFor`).
      const session = createTimedSession({
        ...base,
        instrument: 'c-trumpet',
        passage: quarters(notes),
      });
      session.begin(0);
      const hz = notes.map((n) => writtenMidiToHz(n.midi + shift, 'bb-trumpet'));
      play(session, 0, 2000 + 4 * 500 + 600, (t) => {
        const i = Math.floor((t - 2000 + 10) / 500);
        return i >= 0 && i < 4 ? hz[i] : 0;
      });
      return session.state.get().outcomes.map((o) => o.outcome);
    };
    expect(playAll(semitones)).toEqual(['played', 'played', 'played', 'played']);
    expect(playAll(0).every((o) => o === 'wrong')).toBe(true);
  });
});
