/* eslint-disable max-lines -- Over 300 lines: the long-tone run view with its drone and save; the practice-run controller (issue 41 step 3) takes the run out. */
import { useEffect, useMemo, useRef } from 'react';
import { usePitchService } from '../../shared-ui/pitch-service-context';
import { useObservable } from '../../lib/use-observable';
import { getAudioSession, type DroneHandle } from '../../audio/output/audio-session';
import type { HistoryStore } from '../../history/history-db';
import {
  fingeringFor,
  noteName,
  PEDAL_TONES,
  pedalGuide,
  spelledName,
  valveComboLabel,
  type Passage,
  type ScaleNote,
} from '../../music';
import { getSettingsStore, useSettings } from '../../settings';
import { LivePitch } from '../LivePitch';
import type { LongToneSession, LongToneState } from './long-tone-session';
import { notesFor, type LongToneSetup } from './LongToneSetup';
import { LongToneResults } from '../Results';
import { SaveStatus } from '../SaveStatus';
import { PassageStaff } from '../staff/PassageStaff';
import { useSaveAttempt, type AttemptContent } from '../use-save-attempt';
import { useSessionDriver } from '../use-session-driver';
import { ValveDiagram } from '../ValveDiagram';
import { NextStepButton } from '../routine/NextStepButton';

const round1 = (value: number | null): number | null =>
  value === null ? null : Math.round(value * 10) / 10;

/** What the history keeps of a long-tone run so far. */
function contentOf(
  state: LongToneState,
  setup: LongToneSetup,
  settings: { transposition: string; a4Hz: number },
): AttemptContent | null {
  if (state.outcomes.length === 0) return null;
  return {
    settings: {
      instrument: settings.transposition,
      a4Hz: settings.a4Hz,
      inTuneCents: setup.inTuneCents,
      holdSeconds: setup.holdSeconds,
      pattern: setup.pattern,
      // The note of a one-note setup: the teacher's report names the item by it (U15).
      ...(setup.pattern === 'single' ? { noteMidi: setup.noteMidi } : {}),
    },
    score: state.score,
    notes: state.outcomes.map((o) => ({
      writtenMidi: o.writtenMidi,
      name: o.name,
      score: o.score,
      medianCents: round1(o.result.medianCents),
      spreadCents: round1(o.result.spreadCents),
      driftCents: round1(o.result.driftCents),
      inTuneFraction: Math.round(o.result.inTuneFraction * 1000) / 1000,
    })),
  };
}

/**
 * Long tones as music: each hold a whole note (a fermata's worth of time, not metered), followed by
 * a whole-bar rest with a breath mark when there is a rest between holds.
 */
export function longTonePassage(notes: readonly ScaleNote[], rests: boolean): Passage {
  return {
    beatsPerBar: 4,
    key: null,
    events: notes.flatMap((note, i) => [
      { kind: 'note' as const, note, beats: 4 as const, breathAfter: true },
      ...(rests && i < notes.length - 1 ? [{ kind: 'rest' as const, beats: 4 as const }] : []),
    ]),
  };
}

/** The running long-tone exercise, then its results; every finished note is saved at once. */
export function LongToneRun(props: {
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
  const notes = useMemo(() => notesFor(setup, settings.spelling), [setup, settings.spelling]);
  const passage = useMemo(
    () => longTonePassage(notes, setup.pattern !== 'single' && setup.restSeconds > 0),
    [notes, setup.pattern, setup.restSeconds],
  );
  const drone = useRef<DroneHandle | null>(null);

  // Every reading goes to the session; React only hears about note boundaries.
  useSessionDriver(service, session);

  const content = useMemo(() => contentOf(state, setup, settings), [state, setup, settings]);
  const save = useSaveAttempt({
    history: props.history,
    exercise: 'long-tones',
    startedAt: props.startedAt,
    done: state.phase === 'done',
    content,
    finish: () => session.finish(),
  });

  // A pedal exercise listens for pedal tones itself while it runs (issue 23 row 6: it ran deaf).
  const pedalRun = setup.pattern === 'pedal' && state.phase !== 'done';
  useEffect(() => (pedalRun ? listenForPedalTones() : undefined), [pedalRun]);

  const targetHz =
    state.phase === 'done' || state.phase === 'resting' ? null : session.targetHz(state.index);
  useEffect(() => {
    if (!setup.drone) return;
    if (targetHz === null) {
      drone.current?.release();
      drone.current = null;
      return;
    }
    // The session subtracts it from what the microphone hears, so the hold is the player's, not
    // the drone's, without headphones (src/audio/output/audio-session.ts).
    if (drone.current) {
      drone.current.retune([targetHz]);
      return;
    }
    drone.current = getAudioSession().drone.play([targetHz]);
    drone.current.started.catch((e: unknown) => console.warn('drone failed', e));
  }, [setup.drone, targetHz]);
  useEffect(
    () => () => {
      drone.current?.release();
      drone.current = null;
    },
    [],
  );

  if (state.phase === 'done') {
    return (
      <>
        {/* Finished before any hold: no score, only SaveStatus saying so (issue 23 row 7). */}
        {save.nothingPlayed ? (
          <SaveStatus save={save} />
        ) : (
          <LongToneResults
            outcomes={state.outcomes}
            score={state.score}
            sessionAdvice={state.sessionAdvice}
            inTuneCents={setup.inTuneCents}
            saveStatus={<SaveStatus save={save} />}
          />
        )}
        <div className="buttons">
          <NextStepButton onNext={props.onDone} />
          <button type="button" data-testid="lt-again" onClick={props.onAgain}>
            New long tones
          </button>
        </div>
      </>
    );
  }

  const note = notes[state.index];
  const fingering = fingeringFor(note.midi);
  const pedal =
    setup.pattern === 'pedal' ? PEDAL_TONES.find((p) => p.midi === note.midi) : undefined;
  const last = state.outcomes.at(-1);
  return (
    <section className="exercise-run" aria-label="Long tones">
      <h2>
        Note {state.index + 1} of {notes.length}:{' '}
        <span data-testid="target-note">{spelledName(note)}</span>
      </h2>
      <PassageStaff
        passage={passage}
        current={state.index}
        live={{ reading: service.reading, targetHz, bandCents: setup.inTuneCents }}
        label={`Long tones: ${notes.map(spelledName).join(' ')}`}
      />
      <div className="exercise-target">
        {pedal && <ValveDiagram primary={pedal.combo} alternates={[]} />}
        {!pedal && fingering.hasFingering && (
          <ValveDiagram
            primary={fingering.primary}
            alternates={fingering.alternates}
            uses={fingering.alternateUses}
          />
        )}
      </div>
      <p data-testid="phase" className="phase" data-phase={state.phase}>
        {state.phase === 'waiting'
          ? `Breathe, then play ${spelledName(note)} and hold it ${setup.holdSeconds} s.`
          : state.phase === 'resting'
            ? `Rest. Next: ${spelledName(note)}.`
            : `Hold ${spelledName(note)}…`}
      </p>
      {pedal && (
        <p className="hint" data-testid="pedal-guide">
          {pedalGuide(pedal, valveComboLabel(pedal.combo))}
        </p>
      )}
      {state.phase === 'resting' && state.restUntilMs !== null && (
        <BreathTimer untilMs={state.restUntilMs} totalMs={setup.restSeconds * 1000} />
      )}
      {state.phase === 'waiting' && state.heardInsteadMidi !== null && (
        // A wrong note starts no hold: say what was heard, so the player can find the target.
        <p className="heard-instead" data-testid="heard-instead" role="status">
          Heard {noteName(state.heardInsteadMidi, { spelling: settings.spelling })}, not{' '}
          {spelledName(note)}: the hold starts on {spelledName(note)}.
        </p>
      )}
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
          {last.name}: {last.score}/100. {last.advice.summary}
        </p>
      )}
      {save.savedNotes > 0 && (
        <p className="saved-so-far" data-testid="saved-so-far">
          Saved as you play: {save.savedNotes} note{save.savedNotes === 1 ? '' : 's'} so far.
        </p>
      )}
      {save.message && save.message !== 'Saved to your history.' && (
        <p role="alert" className="error" data-testid="save-message">
          {save.message}
        </p>
      )}
      <div className="buttons">
        <button type="button" onClick={() => session.skip(performance.now())}>
          {state.phase === 'resting' ? 'End rest' : 'Next note'}
        </button>
        <button type="button" data-testid="lt-finish" onClick={() => session.finish()}>
          Finish
        </button>
      </div>
    </section>
  );
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

/**
 * The rest between holds counting down (seconds left and a bar), advanced by requestAnimationFrame,
 * not React. The session ends the rest on the stream's clock; this only shows it.
 */
function BreathTimer(props: { untilMs: number; totalMs: number }) {
  const bar = useRef<HTMLProgressElement>(null);
  const label = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    let frame = 0;
    const step = (): void => {
      const leftMs = Math.max(0, props.untilMs - performance.now());
      if (bar.current) bar.current.value = props.totalMs > 0 ? leftMs / props.totalMs : 0;
      if (label.current) label.current.textContent = `${Math.ceil(leftMs / 1000)} s`;
      if (leftMs > 0) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [props.untilMs, props.totalMs]);
  return (
    <p className="breath-timer" data-testid="breath-timer">
      Rest: <span ref={label} /> <progress ref={bar} max={1} value={1} aria-label="Rest left" />
    </p>
  );
}

/** Switches pedal-tone listening on (if off) until the returned function puts it back. */
function listenForPedalTones(): () => void {
  const store = getSettingsStore();
  if (store.get().pedalTones) return () => undefined;
  store.update({ pedalTones: true });
  return () => store.update({ pedalTones: false });
}
