import { useEffect, useState } from 'react';
import { EXERCISE_LABELS, type ExerciseKind } from '../../history/records';
import { WARM_DOWN_MINUTES } from './routine';

const clock = (ms: number): string => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** Minutes as the player reads them: "4 min", "< 1 min". */
export const playedText = (ms: number): string =>
  ms > 0 && ms < 60_000 ? '< 1 min' : `${Math.round(ms / 60_000)} min`;

/** Ticks once a second while mounted; the time it returns is `Date.now()`. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Between two exercises of the routine: a rest as long as the playing before it (the teacher's
 * "rest as long as you play", notes/trumpet.md), counted down, with what comes next. The player
 * may go on before it ends.
 */
export function RestBreak(props: {
  restMs: number;
  playedMs: number;
  next: ExerciseKind;
  onContinue: () => void;
  onStop: () => void;
}) {
  const [endsAt] = useState(() => Date.now() + props.restMs);
  const left = endsAt - useNow();
  return (
    <section className="routine-break" aria-label="Rest" data-testid="rest">
      <h2>Rest</h2>
      <p>Rest as long as you played: let your lips recover before {EXERCISE_LABELS[props.next]}.</p>
      <p className="routine-break__clock" data-testid="rest-left" aria-live="off">
        {left > 0 ? clock(left) : 'Ready'}
      </p>
      <p data-testid="session-played">Played this session: {playedText(props.playedMs)}</p>
      <div className="buttons">
        <button type="button" data-testid="rest-continue" onClick={props.onContinue}>
          {left > 0 ? 'Skip rest: ' : 'Go on: '}
          {EXERCISE_LABELS[props.next]}
        </button>
        <button type="button" onClick={props.onStop}>
          End routine
        </button>
      </div>
    </section>
  );
}

/** The end of the routine: a short warm-down, then back home with the minutes played. */
export function WarmDown(props: { playedMs: number; onFinish: () => void }) {
  const [endsAt] = useState(() => Date.now() + WARM_DOWN_MINUTES * 60_000);
  const left = endsAt - useNow();
  return (
    <section className="routine-break" aria-label="Warm-down" data-testid="warm-down">
      <h2>Warm-down</h2>
      <p>
        Play soft, low long tones (G4 down to C4), then a few pedal notes or a gentle lip buzz:{' '}
        {WARM_DOWN_MINUTES} minutes to relax the lips after the session.
      </p>
      <p className="routine-break__clock" aria-live="off">
        {left > 0 ? clock(left) : 'Done'}
      </p>
      <p data-testid="session-played">Played this session: {playedText(props.playedMs)}</p>
      <div className="buttons">
        <button type="button" data-testid="finish-routine" onClick={props.onFinish}>
          Finish
        </button>
      </div>
    </section>
  );
}

/**
 * The routine's line above its exercise: what is left, and the time played so far counting the
 * exercise being played (W6: it counted only the steps done, "0 min played so far" after 88 s of
 * long tones, while the rest after it said "Played this session: 2 min").
 */
export function RoutineProgress(props: {
  /** The steps done before this exercise. */
  playedMs: number;
  /** When this exercise started (`Date.now()`). */
  startedAtMs: number;
  /** Exercises after this one. */
  left: number;
}) {
  const now = useNow();
  const played = props.playedMs + Math.max(0, now - props.startedAtMs);
  return (
    <p className="routine-session" data-testid="routine-progress">
      Routine: {props.left === 0 ? 'last exercise' : `${props.left} more after this`},{' '}
      {playedText(played)} played so far
    </p>
  );
}
