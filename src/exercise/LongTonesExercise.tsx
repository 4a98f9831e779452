import { useEffect, useMemo, useRef, useState } from 'react';
import { useSessionDriver } from './use-session-driver';
import { usePitchService } from '../shared-ui/pitch-service-context';
import { useObservable } from '../lib/use-observable';
import { createReferenceTone, type ReferenceTone } from '../audio/reference-tone';
import type { HistoryStore } from '../history/history-db';
import type { AttemptRecord } from '../history/records';
import {
  fingeringFor,
  REGULAR_RANGE_WRITTEN_MIDI,
  noteName,
  type Spelling,
  chartNote,
  longTonePyramid,
  spelledName,
  type ScaleNote,
} from '../music';
import { intonationMap, hornLookup, pastCentsOnPrimary } from '../history/intonation-map';
import { useSettings } from '../settings';
import { LivePitch } from './LivePitch';
import {
  createLongToneSession,
  HOLD_SECONDS_RANGE,
  type LongToneSession,
} from './long-tone-session';
import { LongToneResults } from './Results';
import { StaffView } from './StaffView';
import { ValveDiagram } from './ValveDiagram';

export const EXERCISE_IN_TUNE_CENTS_RANGE = { min: 1, max: 25 } as const;

export interface LongToneSetup {
  pattern: 'pyramid' | 'single';
  /** Written MIDI for the single-note pattern. */
  noteMidi: number;
  holdSeconds: number;
  inTuneCents: number;
  drone: boolean;
}

export const DEFAULT_LONG_TONE_SETUP: LongToneSetup = {
  pattern: 'pyramid',
  noteMidi: 67,
  holdSeconds: 8,
  inTuneCents: 10,
  drone: false,
};

const REGULAR_NOTES: number[] = [];
for (let m = REGULAR_RANGE_WRITTEN_MIDI.low; m <= REGULAR_RANGE_WRITTEN_MIDI.high; m++) {
  REGULAR_NOTES.push(m);
}

function notesFor(setup: LongToneSetup, spelling: Spelling): ScaleNote[] {
  return setup.pattern === 'pyramid'
    ? longTonePyramid({ spelling })
    : [chartNote(setup.noteMidi, spelling)];
}

/** Long tones: setup, then the running exercise, then results saved to the history. */
export function LongTonesExercise(props: {
  history: HistoryStore;
  onExit?: () => void;
  onDone?: () => void;
}) {
  const [setup, setSetup] = useState<LongToneSetup>(DEFAULT_LONG_TONE_SETUP);
  const [run, setRun] = useState<{ session: LongToneSession; startedAt: Date } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const settings = useSettings();

  const start = async (): Promise<void> => {
    setError(null);
    const { min, max } = HOLD_SECONDS_RANGE;
    if (!(setup.holdSeconds >= min && setup.holdSeconds <= max)) {
      setError(`Hold must be ${min}–${max} seconds.`);
      return;
    }
    const band = EXERCISE_IN_TUNE_CENTS_RANGE;
    if (!(setup.inTuneCents >= band.min && setup.inTuneCents <= band.max)) {
      setError(`In-tune band must be ±${band.min}–${band.max} ¢.`);
      return;
    }
    const notes = notesFor(setup, settings.spelling);
    // A slow or blocked database must not hold the exercise back: give it 1.5 s.
    const earlier = await Promise.race([
      props.history.all(),
      new Promise<[]>((resolve) => setTimeout(() => resolve([]), 1500)),
    ]);
    // The coach looks at the player's earlier attempts on each note: this instrument, the note's
    // (primary) fingering, unclipped medians only (history/intonation-map.ts).
    const map = intonationMap(earlier, settings.transposition);
    setRun({
      startedAt: new Date(),
      session: createLongToneSession({
        notes,
        holdSeconds: setup.holdSeconds,
        inTuneCents: setup.inTuneCents,
        instrument: settings.transposition,
        a4Hz: settings.a4Hz,
        pastCentsByMidi: pastCentsOnPrimary(map),
        horn: hornLookup(map),
        spelling: settings.spelling,
      }),
    });
  };

  if (run) {
    return (
      <LongToneRun
        key={run.startedAt.getTime()}
        session={run.session}
        startedAt={run.startedAt}
        setup={setup}
        history={props.history}
        onAgain={() => setRun(null)}
        onDone={props.onDone}
      />
    );
  }

  return (
    <section className="exercise-setup" aria-label="Long tones setup">
      <h2>Long tones</h2>
      <p>
        Hold each note for the chosen time, as steady and centred as you can. Breathe between notes:
        each hold starts when you start the note.
      </p>
      <label>
        Notes{' '}
        <select
          data-testid="lt-pattern"
          value={setup.pattern}
          onChange={(e) =>
            setSetup({ ...setup, pattern: e.target.value as LongToneSetup['pattern'] })
          }
        >
          {/* trumpet.md: a descending chromatic run is not a pyramid; name it what it is. */}
          <option value="pyramid">
            Chromatic run: G4 down to {noteName(54, { spelling: settings.spelling })} and back
          </option>
          <option value="single">One note</option>
        </select>
      </label>
      {setup.pattern === 'single' && (
        <label>
          Note{' '}
          <select
            data-testid="lt-note"
            value={setup.noteMidi}
            onChange={(e) => setSetup({ ...setup, noteMidi: Number(e.target.value) })}
          >
            {REGULAR_NOTES.map((m) => (
              <option key={m} value={m}>
                {noteName(m, { spelling: settings.spelling })}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        Hold (s){' '}
        <input
          data-testid="lt-hold"
          type="number"
          min={HOLD_SECONDS_RANGE.min}
          max={HOLD_SECONDS_RANGE.max}
          value={setup.holdSeconds}
          onChange={(e) => setSetup({ ...setup, holdSeconds: Number(e.target.value) })}
        />
      </label>
      <label>
        In tune ± (¢){' '}
        <input
          data-testid="lt-band"
          type="number"
          min={EXERCISE_IN_TUNE_CENTS_RANGE.min}
          max={EXERCISE_IN_TUNE_CENTS_RANGE.max}
          value={setup.inTuneCents}
          onChange={(e) => setSetup({ ...setup, inTuneCents: Number(e.target.value) })}
        />
      </label>
      <label>
        <input
          type="checkbox"
          checked={setup.drone}
          onChange={(e) => setSetup({ ...setup, drone: e.target.checked })}
        />{' '}
        Drone on the target note (use headphones)
      </label>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <div className="buttons">
        <button type="button" data-testid="lt-start" onClick={() => void start()}>
          Start
        </button>
        {props.onExit && (
          <button type="button" onClick={props.onExit}>
            Back
          </button>
        )}
      </div>
    </section>
  );
}

function LongToneRun(props: {
  session: LongToneSession;
  startedAt: Date;
  setup: LongToneSetup;
  history: HistoryStore;
  onAgain: () => void;
  onDone?: () => void;
}) {
  const { session, setup } = props;
  const service = usePitchService();
  const settings = useSettings();
  const state = useObservable(session.state);
  const [saveMessage, setSaveMessage] = useState<string | null>(null);
  const notes = useMemo(() => notesFor(setup, settings.spelling), [setup, settings.spelling]);
  const drone = useRef<ReferenceTone | null>(null);

  // Every reading goes to the session; React only hears about note boundaries.
  useSessionDriver(service, session);

  const targetHz = state.phase === 'done' ? null : session.targetHz(state.index);
  useEffect(() => {
    if (!setup.drone) return;
    if (targetHz === null) {
      drone.current?.stop();
      return;
    }
    drone.current ??= createReferenceTone();
    void drone.current.start(targetHz).catch((e: unknown) => console.warn('drone failed', e));
  }, [setup.drone, targetHz]);
  useEffect(
    () => () => {
      void drone.current?.dispose();
    },
    [],
  );

  // Save once when the exercise completes.
  const saved = useRef(false);
  useEffect(() => {
    if (state.phase !== 'done' || saved.current) return;
    saved.current = true;
    if (state.outcomes.length === 0) return;
    const record: AttemptRecord = {
      startedAt: props.startedAt.toISOString(),
      durationS: Math.round((Date.now() - props.startedAt.getTime()) / 100) / 10,
      exercise: 'long-tones',
      settings: {
        instrument: settings.transposition,
        a4Hz: settings.a4Hz,
        inTuneCents: setup.inTuneCents,
        holdSeconds: setup.holdSeconds,
        pattern: setup.pattern,
      },
      score: state.score,
      notes: state.outcomes.map((o) => ({
        writtenMidi: o.writtenMidi,
        name: o.name,
        score: o.result.score,
        medianCents: round1(o.result.medianCents),
        spreadCents: round1(o.result.spreadCents),
        driftCents: round1(o.result.driftCents),
        inTuneFraction: Math.round(o.result.inTuneFraction * 1000) / 1000,
      })),
    };
    void props.history.add(record).then((ok) => {
      const status = props.history.status.get();
      setSaveMessage(
        ok ? 'Saved to your history.' : status.state === 'ready' ? null : status.message,
      );
    });
  }, [state, props.history, props.startedAt, settings, setup]);

  if (state.phase === 'done') {
    return (
      <>
        <LongToneResults
          outcomes={state.outcomes}
          score={state.score}
          sessionAdvice={state.sessionAdvice}
          inTuneCents={setup.inTuneCents}
          saveMessage={saveMessage}
        />
        <div className="buttons">
          {props.onDone && (
            <button type="button" data-testid="next-exercise" onClick={props.onDone}>
              Next exercise
            </button>
          )}
          <button type="button" data-testid="lt-again" onClick={props.onAgain}>
            New long tones
          </button>
        </div>
      </>
    );
  }

  const note = notes[state.index];
  const next = notes[state.index + 1];
  const fingering = fingeringFor(note.midi);
  const last = state.outcomes.at(-1);
  return (
    <section className="exercise-run" aria-label="Long tones">
      <h2>
        Note {state.index + 1} of {notes.length}:{' '}
        <span data-testid="target-note">{spelledName(note)}</span>
      </h2>
      <div className="exercise-target">
        <StaffView
          notes={next ? [note, next] : [note]}
          label={`Target ${spelledName(note)}${next ? `, then ${spelledName(next)}` : ''}`}
        />
        {fingering.hasFingering && (
          <ValveDiagram
            primary={fingering.primary}
            alternates={fingering.alternates}
            uses={fingering.alternateUses}
          />
        )}
      </div>
      <p data-testid="phase" className="phase">
        {state.phase === 'waiting'
          ? `Breathe, then play ${spelledName(note)} and hold it ${setup.holdSeconds} s.`
          : `Hold ${spelledName(note)}…`}
      </p>
      <HoldProgress onsetMs={state.onsetMs} holdMs={setup.holdSeconds * 1000} />
      <LivePitch
        reading={service.reading}
        targetHz={targetHz}
        inTuneCents={setup.inTuneCents}
        instrument={settings.transposition}
        a4Hz={settings.a4Hz}
        spelling={settings.spelling}
      />
      {last?.advice && (
        <p className="coach" data-testid="last-advice">
          {last.name}: {last.result.score}/100. {last.advice.summary}
        </p>
      )}
      <div className="buttons">
        <button type="button" onClick={() => session.skip(performance.now())}>
          Next note
        </button>
        <button type="button" data-testid="lt-finish" onClick={() => session.finish()}>
          Finish
        </button>
      </div>
    </section>
  );
}

function round1(value: number | null): number | null {
  return value === null ? null : Math.round(value * 10) / 10;
}

/** How much of the hold is done: a <progress> advanced by requestAnimationFrame, not React. */
function HoldProgress(props: { onsetMs: number | null; holdMs: number }) {
  const bar = useRef<HTMLProgressElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    if (props.onsetMs === null) {
      element.value = 0;
      return;
    }
    const onsetMs = props.onsetMs;
    let frame = 0;
    const step = (): void => {
      element.value = Math.min(1, (performance.now() - onsetMs) / props.holdMs);
      if (element.value < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [props.onsetMs, props.holdMs]);
  return <progress ref={bar} className="hold-progress" max={1} value={0} aria-label="Hold" />;
}
