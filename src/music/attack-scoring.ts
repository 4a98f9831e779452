/**
 * Attacks and notes played to a metronome (scales, lip slurs): how fast a note locks, whether it
 * cracked onto another partial, and its timing against the beat (from the pitch stream's note-on
 * onsets). Held notes are scored in `scoring.ts`, whose helpers this shares.
 */
import {
  centsFrom,
  clamp01,
  medianOf as median,
  ON_NOTE_CENTS,
  validateBand,
  type PitchSample,
} from './scoring';

/**
 * A note-on may be stamped a little after the middle of the first window that heard the note (an
 * onset late in a long block-mode window): accept it up to this much after that frame.
 */
const ONSET_SLACK_MS = 50;

export interface AttackOptions {
  targetHz: number;
  /** Sounding frequencies of the neighbouring notes the player might land on instead (other partials). */
  otherHz?: readonly number[];
  /** Half-width of the lock band (default ±20 ¢). */
  lockCents?: number;
  /** How long the pitch must stay in the band to count as locked (default 80 ms). */
  holdMs?: number;
}

export type AttackOutcome = 'locked' | 'cracked' | 'missed';

export interface AttackResult {
  outcome: AttackOutcome;
  /** 0..100. */
  score: number;
  /** From the first pitched frame to the start of the locked run; null if it never locked. */
  timeToLockMs: number | null;
  /** Largest excursion past the target, opposite to the approach, before settling (cents ≥ 0). */
  overshootCents: number;
  /** Median offset once locked (cents), null when not locked. */
  medianCents: number | null;
}

/**
 * A slurred or tongued attack onto a note (lip slurs, scales): how fast the note locks within
 * ±20 ¢, how far it overshoots, and whether it cracked onto another partial or was missed.
 * The track should cover the note only (from the moment it was due to the next note).
 */
export function scoreAttack(track: readonly PitchSample[], options: AttackOptions): AttackResult {
  const lockCents = options.lockCents ?? 20;
  const holdMs = options.holdMs ?? 80;
  validateBand('targetHz', options.targetHz, 20, 5000);
  validateBand('lockCents', lockCents, 1, 100);
  validateBand('holdMs', holdMs, 0, 2000);
  const voiced = track.filter((s) => s.hz > 0);
  const missed: AttackResult = {
    outcome: 'missed',
    score: 0,
    timeToLockMs: null,
    overshootCents: 0,
    medianCents: null,
  };
  if (voiced.length === 0) return missed;
  const onsetMs = voiced[0].timeMs;

  // The first run of frames inside the band lasting holdMs (or to the end of the track).
  let lockIndex = -1;
  for (let i = 0; i < track.length && lockIndex < 0; i++) {
    if (!inBand(track[i], options.targetHz, lockCents)) continue;
    let j = i;
    while (j + 1 < track.length && inBand(track[j + 1], options.targetHz, lockCents)) j++;
    if (track[j].timeMs - track[i].timeMs >= holdMs || j === track.length - 1) lockIndex = i;
    i = j;
  }

  if (lockIndex < 0) {
    // Not locked: did it land somewhere else (a crack onto another partial) or nowhere?
    const centsToTarget = median(voiced.map((s) => Math.abs(centsFrom(s.hz, options.targetHz))));
    const landedElsewhere = (options.otherHz ?? []).some(
      (hz) =>
        median(voiced.map((s) => Math.abs(centsFrom(s.hz, hz)))) < Math.min(centsToTarget, 50),
    );
    return { ...missed, outcome: landedElsewhere ? 'cracked' : 'missed' };
  }

  const lockMs = track[lockIndex].timeMs;
  const timeToLockMs = Math.max(0, lockMs - onsetMs);
  const approachCents = centsFrom(voiced[0].hz, options.targetHz);
  const approachSign = Math.sign(approachCents);
  // Overshoot: going past the target on the far side of the approach, up to 150 ms after the lock.
  let overshootCents = 0;
  const locked: number[] = [];
  for (const sample of track) {
    if (!(sample.hz > 0)) continue;
    const cents = centsFrom(sample.hz, options.targetHz);
    if (sample.timeMs >= lockMs && Math.abs(cents) <= lockCents) locked.push(cents);
    if (sample.timeMs > lockMs + 150 || Math.abs(cents) > ON_NOTE_CENTS * 4) continue;
    if (approachSign !== 0) overshootCents = Math.max(overshootCents, -approachSign * cents);
  }
  const score = Math.round(
    100 * clamp01(1 - Math.max(0, timeToLockMs - 100) / 900) * clamp01(1 - overshootCents / 100),
  );
  return {
    outcome: 'locked',
    score,
    timeToLockMs,
    overshootCents,
    medianCents: locked.length ? median(locked) : null,
  };
}

function inBand(sample: PitchSample, targetHz: number, bandCents: number): boolean {
  return sample.hz > 0 && Math.abs(centsFrom(sample.hz, targetHz)) <= bandCents;
}

export interface TimedNoteResult extends AttackResult {
  /** Onset minus the beat it was due on, ms (negative = early); null when missed. */
  timingMs: number | null;
}

/**
 * Notes played to a metronome (scales): note i is due at `firstBeatMs + i × beatMs`. Each note's
 * frames are those from half a beat before it is due to half a beat after; its pitch and lock are
 * scored as an attack. Its onset is the pitch stream's note-on (`onsetsMs`, located on the audio
 * clock) nearest the beat in that span; without one (a repeated note the stream heard as one), the
 * first frame on the note.
 */
export function scoreTimedNotes(
  track: readonly PitchSample[],
  targetsHz: readonly number[],
  firstBeatMs: number,
  beatMs: number,
  /** Per note, the neighbouring notes a crack would land on (lip slurs: the other partials). */
  otherHzPerNote: readonly (readonly number[])[] = [],
  /** Note-on onsets of the pitch stream, ms on the track's clock. */
  onsetsMs: readonly number[] = [],
): TimedNoteResult[] {
  validateBand('beatMs', beatMs, 60_000 / 208, 60_000 / 40);
  return targetsHz.map((targetHz, i) => {
    const dueMs = firstBeatMs + i * beatMs;
    const window = track.filter(
      (s) => s.timeMs >= dueMs - beatMs / 2 && s.timeMs < dueMs + beatMs / 2,
    );
    const onset = window.find(
      (s) => s.hz > 0 && Math.abs(centsFrom(s.hz, targetHz)) <= ON_NOTE_CENTS,
    );
    const otherHz = otherHzPerNote[i] ?? [];
    if (!onset) {
      // Never near the note: a crack if the window sits on a neighbour, else a miss.
      const attack = scoreAttack(window, { targetHz, otherHz });
      return { ...attack, timingMs: null };
    }
    const fromOnset = window.filter((s) => s.timeMs >= onset.timeMs);
    const attack = scoreAttack(fromOnset, {
      targetHz,
      otherHz,
      holdMs: Math.min(80, beatMs / 4),
    });
    let onsetMs = onset.timeMs;
    let nearest = Number.POSITIVE_INFINITY;
    for (const ms of onsetsMs) {
      // A note-on up to the first frame on the note (the scoop before it counts as the note).
      if (ms < dueMs - beatMs / 2 || ms > onset.timeMs + ONSET_SLACK_MS) continue;
      if (Math.abs(ms - dueMs) < nearest) {
        nearest = Math.abs(ms - dueMs);
        onsetMs = ms;
      }
    }
    const timingMs = onsetMs - dueMs;
    // A note on time scores its attack score; 100 ms late/early costs a quarter of it.
    const timingFactor = clamp01(1 - Math.abs(timingMs) / 400);
    return { ...attack, score: Math.round(attack.score * timingFactor), timingMs };
  });
}
