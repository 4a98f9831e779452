/* eslint-disable max-lines -- Over 300 lines: the one assessor, per-note verdicts and the attempt scores from one alignment. */
/**
 * The one assessor: a score and a performance in, a verdict per note and the attempt's scores
 * out (`AttemptAssessment`, also the JSON of `npm run assess`). Every deviation reaches a score
 * through a continuous curve (`curves.ts`); lateness costs timing only; a wobble costs steadiness
 * even when its average is centred; a crack is named with when it happened; a wrong note is never
 * praised. The alignment comes from the score follower, so nothing here depends on a metronome.
 */
import type { AttemptAssessment, NoteAssessment, NoteFlag } from './assessment-types';
import {
  attemptCrackCost,
  DEFAULT_BAND_CENTS,
  pitchScore,
  scoopCost,
  unevenCost,
  steadinessScore,
  timingScore,
  validateBandCents,
  weightedOverall,
} from './curves';
import { alignSegments, type Alignment, type FollowedNote } from './follower';
import { splitHeldRepeats } from './repeat-split';
import { spellInSignature } from './key-spelling';
import { inspectNote, soundStart } from './note-inside';
import { heldVibrato } from './vibrato';
import { playedSegments, type Performance, type PlayedSegment } from './performance';
import { evennessDeviations } from './evenness';
import { onsetDeviations, phrasesOf, type TimingReference } from './timing';
import { playedTempoOf } from './played-tempo';
import { fixFirstOf, sayNote } from './summary';
import {
  DEFAULT_A4_HZ,
  spelledNoteName,
  spelledToMidi,
  validateA4Hz,
  type SpelledNote,
} from '../theory/notes';
import type { KeySignature, Score, ScoreNote } from '../score/score-model';

export interface AssessOptions {
  /** Reference A4, Hz (415..466). */
  readonly a4Hz?: number;
  /** The in-tune band, ±cents (2..50): moves the pitch curve, never makes a cliff. */
  readonly bandCents?: number;
  /** What timing is judged against (default: the beat the player keeps). */
  readonly timing?: TimingReference;
  /** The instrument's id, for the advice (a piccolo's 4th valve: issue 37, U6). */
  readonly instrument?: string;
  /**
   * Lyrical music (U8): a regular vibrato (vibrato.ts) is judged on its centre and steadiness on
   * how that centre holds, not on the swing; a wobble or a crack is judged as ever.
   */
  readonly vibrato?: boolean;
}

/** Pitch spread above this is named unsteady, cents (a ±25 ¢ wobble spreads about 18 ¢; a held
 * note's natural ripple and the detector's jitter stay under 10). */
export const UNSTEADY_CENTS = 12;

export function concertMidiOf(score: Score, note: ScoreNote): number {
  return spelledToMidi(note.written) + score.transposition.semitones;
}

function keyAt(score: Score, quarters: number): KeySignature {
  let key: KeySignature = { fifths: 0, mode: 'major' };
  for (const k of score.keys) if (k.atQuarters <= quarters + 1e-9) key = k.value;
  return key;
}

/** ASCII written name ("F#4", "Bb4"), as the JSON schema spells notes. */
const asciiName = (note: SpelledNote): string => spelledNoteName(note, true);

export function assessPerformance(
  score: Score,
  performance: Performance,
  options: AssessOptions = {},
): AttemptAssessment {
  const a4Hz = validateA4Hz(options.a4Hz ?? DEFAULT_A4_HZ);
  const bandCents = validateBandCents(options.bandCents ?? DEFAULT_BAND_CENTS);
  const timing: TimingReference = options.timing ?? { kind: 'free' };
  const scoreQpm = score.tempos[0]?.value ?? 120;
  const tempoRatio =
    timing.kind === 'tempo'
      ? scoreQpm / timing.qpm
      : timing.kind === 'click' && timing.qpm
        ? scoreQpm / timing.qpm
        : 1;

  let segments = playedSegments(performance, a4Hz);
  const followed: FollowedNote[] = score.notes.map((note, i) => ({
    startMs: note.startMs,
    midi: concertMidiOf(score, note),
    barStart: i === 0 || score.notes[i - 1]?.measureIndex !== note.measureIndex,
  }));
  const align = (): Alignment =>
    alignSegments(
      followed,
      segments,
      timing.kind === 'free'
        ? {}
        : timing.kind === 'click'
          ? { tempoRatio, clickOriginMs: timing.originMs }
          : { tempoRatio },
    );
  let alignment = align();
  // Repeats the stream kept as one note, found with the score's help (repeat-split.ts); a run of
  // them takes one pass each.
  for (let pass = 0; pass < 4; pass++) {
    const split = splitHeldRepeats(
      followed,
      segments,
      alignment,
      performance.readings,
      a4Hz,
      tempoRatio,
    );
    if (!split) break;
    segments = split;
    alignment = align();
  }
  const segmentAt = (i: number): PlayedSegment | null => {
    const s = alignment.segmentOf[i];
    return s >= 0 ? segments[s] : null;
  };
  const timed = phrasesOf(
    score.notes.map((note, i) => ({
      startMs: note.startMs,
      durationQuarters: note.durationQuarters,
      onsetMs: segmentAt(i)?.onsetMs ?? Number.NaN,
      attempt: alignment.attemptOf[i],
    })),
    tempoRatio,
  );
  const { deviationMs: deviations, toleranceMs } = onsetDeviations(timed, timing, tempoRatio);
  // The tempo actually played, against the tempo asked for (U7: a take that sped up passed).
  const playedTempo = playedTempoOf(timed, scoreQpm, scoreQpm / tempoRatio);
  const {
    deviationMs: evenness,
    alternating,
    runLagMs,
    toleranceMs: evenBy,
  } = evennessDeviations(timed, (k) => Math.abs(deviations[k]) >= toleranceMs[k]);

  /**
   * For a note no segment was matched to: the concert MIDI the note before was still holding
   * through most of this note's time (a slur that never moved), or null.
   */
  const heldThrough = (i: number): number | null => {
    // The last note before this one that was heard (a run of held-through notes looks back).
    let k = i - 1;
    while (k >= 0 && !segmentAt(k)) k--;
    const previous = k >= 0 ? segmentAt(k) : null;
    const note = score.notes[i];
    const before = score.notes[k];
    if (!previous || !before || !Number.isFinite(previous.midi)) return null;
    const dueMs = previous.onsetMs + (note.startMs - before.startMs) * tempoRatio;
    const heldMidi = Math.round(previous.midi);
    const stillHolding = previous.offsetMs >= dueMs + 0.5 * note.durationMs * tempoRatio;
    return stillHolding ? heldMidi : null;
  };
  const notes: NoteAssessment[] = score.notes.map((note, i) => {
    const segment = segmentAt(i);
    const written = asciiName(note.written);
    if (!segment) {
      // Not started here: nothing to score, only what became of it and why.
      const unplayed = (
        verdict: 'missed' | 'wrong',
        heard: string | null,
        reason: string,
      ): NoteAssessment => ({
        index: note.index,
        measure: note.measure,
        written,
        onsetMs: null,
        heard,
        cents: null,
        verdict,
        flags: [],
        scores: { pitch: 0, timing: 0, steadiness: 0 },
        reasons: [reason],
      });
      const heldOver = heldThrough(i);
      if (heldOver === null) return unplayed('missed', null, 'Not heard');
      if (heldOver === followed[i].midi) {
        // The same pitch held on where the score repeats it: not started again.
        return unplayed(
          'missed',
          null,
          `Not tongued again: ${sayNote(written)} held on from the note before`,
        );
      }
      // The note before was held on through this one's time: a different pitch was held.
      const heard = asciiName(
        spellInSignature(
          heldOver - score.transposition.semitones,
          keyAt(score, note.startQuarters),
        ),
      );
      return unplayed(
        'wrong',
        heard,
        `Heard ${sayNote(heard)}, not ${sayNote(written)}: held on from the note before`,
      );
    }
    const expected = followed[i];
    const heardMidi = Math.round(segment.midi);
    const right = heardMidi === expected.midi;
    const vibrato = options.vibrato ? heldVibrato(performance.readings, segment, a4Hz) : null;
    // Off the note's aim (a 7th partial aims about −31 ¢), the heard note's name from ET.
    const centreMidi = vibrato?.centreMidi ?? segment.midi;
    const cents = 100 * (centreMidi - heardMidi) - (right ? (note.aimCents ?? 0) : 0);
    // The note lasts until the next judged note starts (whatever the attempt), or its length.
    let spanEndMs = segment.onsetMs + note.durationMs * tempoRatio + 150;
    const s = alignment.segmentOf[i];
    for (let k = s + 1; k < segments.length; k++) {
      if (alignment.noteOf[k] >= 0) {
        // …where its sound starts (a scoop into it begins before its onset: not this note's).
        const next = segments[k];
        const nextStart = soundStart(
          performance.readings,
          next.from,
          next.onsetMs,
          next.midi,
          a4Hz,
        );
        spanEndMs = Math.min(spanEndMs, Math.max(segment.onsetMs, nextStart.startMs));
        break;
      }
    }
    const inside = inspectNote(
      performance.readings,
      segment.from,
      segment.onsetMs,
      Math.max(spanEndMs, segment.offsetMs),
      segment.midi,
      a4Hz,
    );
    const flags: NoteFlag[] = [];
    const reasons: string[] = [];
    const heard = asciiName(
      spellInSignature(heardMidi - score.transposition.semitones, keyAt(score, note.startQuarters)),
    );
    if (!right) reasons.push(`Heard ${sayNote(heard)}, not ${sayNote(written)}`);
    const deviation = deviations[i];
    const lateBy = toleranceMs[i] * (alternating[i] ? 2 : 1);
    // In a run where every other note lags (long-short eighths, a late K), the pattern is what
    // is wrong: the lagging notes are named uneven by the lag, not late and early by turns (U11).
    const unevenRun =
      alternating[i] === 1 && Number.isFinite(evenness[i]) && Math.abs(evenness[i]) >= evenBy[i];
    if (unevenRun) {
      const ms = Math.round(Math.abs(evenness[i]));
      flags.push({ flag: 'uneven', ms });
      reasons.push(`${ms} ms behind the even pulse (every other note lags)`);
    } else if (
      alternating[i] === 1 &&
      Number.isFinite(deviation) &&
      Math.abs(deviation) < 2 * lateBy
    ) {
      // The run's notes ahead are where the pulse is: not named late or early for the lag.
    } else if (Number.isFinite(deviation) && Math.abs(deviation) >= lateBy) {
      const ms = Math.round(Math.abs(deviation));
      flags.push(deviation > 0 ? { flag: 'late', ms } : { flag: 'early', ms });
      reasons.push(`Came in ${ms} ms ${deviation > 0 ? 'late' : 'early'}`);
    } else if (Number.isFinite(evenness[i]) && Math.abs(evenness[i]) >= evenBy[i]) {
      const ms = Math.round(Math.abs(evenness[i]));
      flags.push({ flag: 'uneven', ms });
      reasons.push(`${ms} ms ${evenness[i] > 0 ? 'behind' : 'ahead of'} the even pulse`);
    }
    if (right && Math.abs(cents) > bandCents) {
      const c = Math.round(Math.abs(cents));
      flags.push(cents > 0 ? { flag: 'sharp', cents: c } : { flag: 'flat', cents: c });
      reasons.push(`${c} ¢ ${cents > 0 ? 'sharp' : 'flat'}`);
    }
    const spreadCents = vibrato?.spreadCents ?? inside.spreadCents;
    if (spreadCents > UNSTEADY_CENTS) {
      const c = Math.round(spreadCents);
      flags.push({ flag: 'unsteady', cents: c });
      reasons.push(`Wavered (spread ${c} ¢)`);
    }
    // A scoop is named on a right note only (a wrong note's line is about the note).
    if (right && inside.scoop) {
      const { cents: from, ms } = inside.scoop;
      flags.push({ flag: 'scooped', cents: from, ms });
      reasons.push(
        `Scooped in from ${Math.abs(from)} ¢ ${from < 0 ? 'below' : 'above'} (${ms} ms to the pitch)`,
      );
    }
    for (const crack of inside.cracks) {
      flags.push(crack);
      const what =
        crack.kind === 'dropout'
          ? 'the sound dropped out'
          : crack.kind === 'partial'
            ? 'slipped to another partial'
            : 'the pitch broke';
      reasons.push(`Cracked ${crack.atMs} ms in: ${what} for ${crack.lengthMs} ms`);
    }
    const crackMs = inside.cracks.reduce((s, c) => s + c.lengthMs, 0);
    return {
      index: note.index,
      measure: note.measure,
      written,
      onsetMs: Math.round(segment.onsetMs),
      heard,
      cents: Math.round(cents * 10) / 10,
      verdict: right ? 'played' : 'wrong',
      flags,
      scores: {
        pitch: right ? round1(pitchScore(cents, bandCents)) : 0,
        // Off the beat and off the run's even pulse both cost timing (U11); with no click, an
        // alternating run's notes are off only the pulse (the free fit bends through the lag).
        timing: Number.isFinite(deviation)
          ? round1(
              Math.max(
                0,
                (alternating[i] === 1 && timing.kind === 'free' ? 100 : timingScore(deviation)) -
                  unevenCost(alternating[i] === 1 ? runLagMs[i] : evenness[i]),
              ),
            )
          : 100,
        steadiness: round1(
          Math.max(
            0,
            steadinessScore(spreadCents, crackMs) -
              (right && inside.scoop ? scoopCost(inside.scoop.cents, inside.scoop.ms) : 0),
          ),
        ),
      },
      reasons,
    };
  });

  // A wrong or missed note earns nothing toward the attempt (U3: a take with no right note scored
  // 55, its wrong notes keeping their timing and steadiness); its own row still says how it was
  // timed and held.
  const mean = (pick: (n: NoteAssessment) => number): number =>
    notes.length
      ? notes.reduce((s, n) => s + (n.verdict === 'played' ? pick(n) : 0), 0) / notes.length
      : 0;
  const sub = {
    pitch: round1(mean((n) => n.scores.pitch)),
    timing: round1(mean((n) => n.scores.timing)),
    steadiness: round1(mean((n) => n.scores.steadiness)),
  };
  // Cracks cost the attempt what a listener hears, however many notes there are (U12).
  const cracks = notes.flatMap((n) =>
    n.flags.flatMap((f) => (f.flag === 'cracked' ? [f.lengthMs] : [])),
  );
  const overall = Math.max(0, weightedOverall(sub) - attemptCrackCost(cracks));
  return {
    notes,
    scores: { ...sub, overall: round1(overall) },
    fixFirst: fixFirstOf(score, notes, {
      bandCents,
      timing,
      instrumentId: options.instrument ?? null,
      playedTempo,
    }),
    playedTempo,
  };
}

const round1 = (x: number): number => Math.round(x * 10) / 10;
