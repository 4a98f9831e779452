/* eslint-disable max-lines -- Over 300 lines: one timed attempt, from count-in to the scored notes, over one state. */
import { heardNoteName, passageSpellings } from './heard-name';
import type { NoteEvent, PitchReading } from '../../audio/stream/pitch-service-types';
import { createObservable, type ReadonlyObservable } from '../../lib/observable';
import {
  centsBetween,
  nearestWrittenNote,
  noteAdvice,
  spellInKey,
  spelledNoteName,
  measureAttack,
  shiftHzByCents,
  spelledName,
  summarizeAttempt,
  timedNotes,
  writtenMidiToHz,
  articulationOnsets,
  REATTACK_DIP_DB,
  SAME_ATTACK_MS,
  type ArticulationSummary,
  type LevelDipSample,
  type AttemptSummary,
  type PitchSample,
  assessPerformance,
  asNoteScore,
  cleanPassFaults,
  sayCleanPassFaults,
  scoreFromPassage,
  scoreAgainstDrone,
  droneJudgedText,
  type PerformanceEvent,
  type PerformanceReading,
} from '../../music';
import {
  adviceFingering,
  articulationOf,
  type TimedOptions,
  type TimedOutcome,
} from './timed-note';

/**
 * How long after the last note's window the session waits for the stream's last readings before
 * it scores anyway (a stopped stream sends none): the stream's own timestamps decide, not a guess.
 */
const LAST_READING_GRACE_MS = 1000;
/** A note's window opens this long before it is due at most (a quarter of a beat at 60 bpm). */
const MAX_LEAD_MS = 250;

export type { TimedNote, TimedOptions, TimedOutcome } from './timed-note';

export type TimedPhase = 'ready' | 'count-in' | 'playing' | 'done';

export interface TimedState {
  phase: TimedPhase;
  /** Index of the note due now (by the clock). */
  index: number;
  outcomes: readonly TimedOutcome[];
  score: number;
  summary: AttemptSummary | null;
  /** Articulation exercises: evenness, attacks and notes per beat (null otherwise). */
  articulation: ArticulationSummary | null;
  /**
   * Scored as a clean pass by the rule the pieces use (`cleanPassFaults`, src/music: no wrong,
   * missed or cracked note, on the beat, even, in tune, overall ≥ 85): the metronome's speed
   * trainer counts these in a row (issues 24, 37). False until done.
   */
  clean: boolean;
  /** Why the pass was not clean ("2 notes late or early"), null when clean or not done. */
  notClean: string | null;
  /**
   * "Judged in just intonation against the C drone." when a drone sounded (each note aimed at
   * its just interval over it, as the tuner shows), null in equal temperament.
   */
  judgedIn: string | null;
  /**
   * The assessor's one thing to fix first (null when there is none), on its own: saved with the
   * attempt, so the teacher's report can say which advice keeps coming back (issue 37, U15).
   */
  fixFirst: string | null;
}

export interface TimedSession {
  readonly state: ReadonlyObservable<TimedState>;
  /** Beat 0 of the count-in is heard at `startMs` (performance.now() clock). */
  begin(startMs: number): void;
  onReading(reading: PitchReading): void;
  /** Note events of the pitch stream: note-on onsets are what timing is judged against. */
  onNote(event: NoteEvent): void;
  /** Advance the clock (call a few times per beat); scores when the last note is over. */
  tick(nowMs: number): void;
  finish(): void;
  targetHz(index: number): number;
  readonly beatMs: number;
  readonly countInBeats: number;
}

/**
 * A written passage played to the metronome (scales, lip slurs, articulation): each note is due on
 * its beat, its window runs from a little before that to a little before the next note (or to
 * its end before a rest), and the assessor judges it; its attack is measured here (`attack-measure`).
 */
export function createTimedSession(options: TimedOptions): TimedSession {
  const { instrument, a4Hz } = options;
  const notes = timedNotes(options.passage);
  if (notes.length === 0) throw new Error('A timed exercise needs at least one note.');
  const beatMs = 60_000 / options.tempoBpm;
  const countInBeats = options.countInBeats ?? options.passage.beatsPerBar;
  // The score the assessor judges, each note with its aim (a 7th partial's, or its just interval
  // over the drone): the live target and the trace use the same aims, decided once there.
  const asScore = scoreAgainstDrone(
    scoreFromPassage(options.passage, { tempoBpm: options.tempoBpm, instrument }),
    options.drone,
  );
  const targets = notes.map((n, i) =>
    shiftHzByCents(
      writtenMidiToHz(n.note.midi, instrument, a4Hz),
      asScore.notes[i]?.aimCents ?? n.note.naturalCents ?? 0,
    ),
  );
  // Each note's window: it opens half the shorter of it and its predecessor (when they touch)
  // before it is due, and closes where the next note's opens, or at its end before a rest.
  const leads = notes.map((n, i) => {
    const prev = notes[i - 1];
    const touching = prev && Math.abs(prev.startBeat + prev.beats - n.startBeat) < 1e-6;
    const shortest = touching ? Math.min(prev.beats, n.beats) : n.beats;
    return Math.min(MAX_LEAD_MS, 0.5 * shortest * beatMs);
  });
  const state = createObservable<TimedState>({
    phase: 'ready',
    index: 0,
    outcomes: [],
    score: 0,
    summary: null,
    articulation: null,
    clean: false,
    notClean: null,
    judgedIn: null,
    fixFirst: null,
  });
  const samples: PitchSample[] = [];
  // What the assessor judges: the stream as it came (readings and note events, one clock).
  const readings: PerformanceReading[] = [];
  const events: PerformanceEvent[] = [];
  /** Half the analysis window of the readings heard (block mode ~46 ms, fast ~11 ms). */
  let halfWindowMs = 0;
  const onsetsMs: number[] = [];
  /**
   * The stream's level dips (tongue strokes and lesser), and whether each lies inside a note the
   * stream already heard (not before it, nor at its own start: noise before a note, or the attack
   * that begins it, is no re-attack).
   */
  const dips: (LevelDipSample & { inNote: boolean })[] = [];
  let firstNoteMs = 0;
  /** End of the newest analysed window heard (the stream's clock, not the wall clock). */
  let heardUntilMs = Number.NEGATIVE_INFINITY;
  const dueMs = (i: number): number => firstNoteMs + notes[i].startBeat * beatMs;
  const windowOf = (i: number): [number, number] => {
    const next = notes[i + 1];
    const endBeat = notes[i].startBeat + notes[i].beats;
    const touching = next && Math.abs(next.startBeat - endBeat) < 1e-6;
    return [dueMs(i) - leads[i], firstNoteMs + endBeat * beatMs - (touching ? leads[i + 1] : 0)];
  };
  const lastNoteEndMs = (): number => windowOf(notes.length - 1)[1];

  // The passage's own spellings: a note heard that the passage has is named as it is written.
  const spellings = passageSpellings(
    notes.map((n) => ({ midi: n.note.midi, name: spelledName(n.note) })),
  );
  /** The note heard under a target: the target's own name when it is that note (W4). */
  const nameOf = (hz: number | null, target: { midi: number; name: string }): string | null => {
    if (hz === null) return null;
    // Another note is named in the passage's key (in E♭ major an A♭4, never G♯4); by preference
    // without a key.
    return heardNoteName(
      nearestWrittenNote(hz, instrument, a4Hz),
      target,
      (midi) => spelledNoteName(spellInKey(midi, options.passage.key, options.spelling)),
      spellings,
    );
  };

  const score = (): void => {
    // Note starts: the tracker's note-ons and the tongue's re-attacks (legato tonguing never
    // stops the pitch, so only its level dip marks the new note).
    const starts = articulationOnsets(
      onsetsMs,
      dips.filter((d) => d.depthDb >= REATTACK_DIP_DB && d.inNote).map((d) => d.attackMs),
    );
    // The one assessor decides each note (issue 21): what was played, where it started against
    // the click, its pitch from its aim, steadiness and cracks. The windows below only cut the
    // note's attack and trace for display.
    const assessment = assessPerformance(
      asScore,
      { readings, events },
      {
        a4Hz,
        bandCents: options.inTuneCents,
        timing: { kind: 'click', originMs: firstNoteMs },
        instrument,
      },
    );
    const outcomes = notes.map((n, i): TimedOutcome => {
      const [from, to] = windowOf(i);
      const verdict = assessment.notes[i];
      // The attack is measured from where the note was heard to start (the assessor's onset),
      // not from the click: a late note's attack is still its own.
      const heardFrom = verdict.onsetMs === null ? from : Math.min(from, verdict.onsetMs - 20);
      const frames = samples.filter((s) => s.timeMs >= heardFrom && s.timeMs < to);
      const attack = measureAttack(frames, {
        targetHz: targets[i],
        dueMs: verdict.onsetMs ?? dueMs(i),
        noteMs: n.beats * beatMs,
        onsetsMs: starts.filter((ms) => ms >= heardFrom - 50 && ms < to),
        halfWindowMs,
        expect: n.slurredIn ? 'slurred' : undefined,
        dips: dips.filter((d) => d.attackMs >= heardFrom - 100 && d.attackMs < to),
      });
      const result = asNoteScore(verdict, {
        targetHz: targets[i],
        writtenMidi: n.note.midi,
        dueMs: dueMs(i),
        neighbours: n.note.neighbours,
        attack,
      });
      const name = spelledName(n.note);
      const heardName = nameOf(result.heardHz, { midi: n.note.midi, name });
      return {
        verdict,
        writtenMidi: n.note.midi,
        name,
        heardName,
        result,
        score: result.overall,
        outcome: result.outcome,
        timingMs: result.timingMs,
        medianCents: result.medianCents,
        advice: noteAdvice(
          result,
          { target: name, heard: heardName },
          adviceFingering(n.note, instrument),
        ),
        trace: frames.map((s) => [
          Math.round(s.timeMs - from),
          s.hz > 0 ? Math.round(centsBetween(targets[i], s.hz) * 10) / 10 : null,
        ]),
      };
    });
    const articulation = articulationOf(
      notes,
      notes.map((_, i) => dueMs(i)),
      starts,
      outcomes,
      { beatMs, perBeat: options.articulationNotesPerBeat, tonguing: options.articulationTonguing },
    );
    // The attempt's score and the one thing to fix first are the assessor's — except that in
    // double and triple tonguing a late or uneven K is the thing to fix when every note was right
    // and whole (U14: "Well played" sat above "Your K lands 25 ms behind your T").
    const kLine = articulation?.tAndK?.problem ? articulation.tAndK.text : null;
    const notesWhole = assessment.notes.every(
      (n) => n.verdict === 'played' && !n.flags.some((f) => f.flag === 'cracked'),
    );
    const fixFirst = kLine && notesWhole ? kLine : assessment.fixFirst;
    const summary: AttemptSummary = {
      ...summarizeAttempt(
        outcomes.map((o) => o.result),
        fixFirst,
        options.inTuneCents,
      ),
      overall: Math.round(assessment.scores.overall),
    };
    const faults = cleanPassFaults(assessment);
    const clean = faults.length === 0;
    state.set({
      phase: 'done',
      index: notes.length - 1,
      outcomes,
      score: summary.overall,
      summary,
      articulation,
      clean,
      notClean: sayCleanPassFaults(faults),
      judgedIn: options.drone ? droneJudgedText(options.drone) : null,
      fixFirst,
    });
    // Reported once, when scored, clean or not: a running speed trainer in clean-pass mode counts
    // clean passes in a row (src/companion); the exercise need not know whether one runs.
    options.onJudged?.({ what: 'a timed exercise', clean });
  };

  return {
    state,
    beatMs,
    countInBeats,
    targetHz: (i) => targets[Math.min(i, targets.length - 1)],
    begin(startMs) {
      firstNoteMs = startMs + countInBeats * beatMs;
      state.set({ ...state.get(), phase: 'count-in', index: 0 });
    },
    onReading(reading) {
      const phase = state.get().phase;
      if (!reading.live || (phase !== 'count-in' && phase !== 'playing')) return;
      // A reading describes its whole window: its pitch belongs to the window's middle.
      readings.push(reading);
      samples.push({
        timeMs: reading.windowCentreMs,
        hz: reading.hz,
        levelDb: reading.levelDb,
      });
      for (const dip of reading.dips) {
        const inNote = reading.noteHz > 0 && reading.noteOnsetMs < dip.attackMs - SAME_ATTACK_MS;
        dips.push({ ...dip, inNote });
      }
      halfWindowMs = (reading.windowEndMs - reading.windowStartMs) / 2;
      heardUntilMs = Math.max(heardUntilMs, reading.windowEndMs);
    },
    onNote(event) {
      const phase = state.get().phase;
      if (phase !== 'count-in' && phase !== 'playing') return;
      events.push(event);
      if (event.type === 'note-on') onsetsMs.push(event.onsetMs);
    },
    tick(nowMs) {
      const current = state.get();
      if (current.phase !== 'count-in' && current.phase !== 'playing') return;
      const endMs = lastNoteEndMs();
      if (heardUntilMs >= endMs || nowMs >= endMs + LAST_READING_GRACE_MS) {
        score();
        return;
      }
      if (nowMs < windowOf(0)[0]) return;
      let index = 0;
      while (index + 1 < notes.length && nowMs >= windowOf(index + 1)[0]) index++;
      if (current.phase !== 'playing' || index !== current.index) {
        state.set({ ...current, phase: 'playing', index });
      }
    },
    finish() {
      const phase = state.get().phase;
      if (phase === 'done') return;
      if (phase === 'ready') {
        state.set({ ...state.get(), phase: 'done' });
        return;
      }
      score();
    },
  };
}
