/* eslint-disable max-lines -- Over 300 lines: view, run orchestration (metronome, drone), save, loop and "again" in one; the practice-run controller (issue 41 step 3) takes the run out. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSessionDriver } from '../use-session-driver';
import { usePitchService } from '../../shared-ui/pitch-service-context';
import { useObservable } from '../../lib/use-observable';
import { reportPass } from '../../lib/clean-pass';
import { createMetronome, type Metronome } from '../../audio/output/metronome';
import { getAudioSession, type DroneHandle } from '../../audio/output/audio-session';
import type { HistoryStore } from '../../history/history-db';
import type { AttemptRecord, ExerciseKind } from '../../history/records';
import {
  droneRootName,
  getInstrument,
  loopBarPassage,
  pitchNameOf,
  spelledName,
  timedNotes,
  writtenMidiToHz,
  type InstrumentId,
  type Passage,
  type Tonguing,
  type DroneReference,
} from '../../music';
import { useSettings } from '../../settings';
import { LivePitch } from '../LivePitch';
import { PassageStaff } from '../staff/PassageStaff';
import { SaveStatus } from '../SaveStatus';
import { createTimedSession, type TimedNote, type TimedState } from './timed-session';
import { timedAttemptContent } from './timed-attempt';
import { useSaveAttempt } from '../use-save-attempt';
import { NoteValves } from './NoteValves';
import { BackButton } from '../BackButton';
import { LOOP_REPEATS } from './BarLoopPicker';
import { TimedDone } from './TimedDone';

/** A finished attempt at the whole exercise, kept while one of its bars is looped. */
interface WholeResults {
  readonly state: TimedState;
  readonly tempoBpm: number;
  /** What the save said ("Saved to your history."), shown again with the results. */
  readonly saveMessage: string | null;
}

/**
 * Notes one per beat to an audible metronome (scales, lip slurs): a count-in bar, then the staff,
 * fingering and live pitch follow the beat; per-note results and history at the end.
 */
export function TimedExercise(props: {
  exercise: Extract<ExerciseKind, 'scales' | 'lip-slurs'>;
  title: string;
  passage: Passage<TimedNote>;
  tempoBpm: number;
  /** Half-width of the in-tune band the notes are scored with, cents (shown on the page). */
  inTuneCents: number;
  recordSettings: AttemptRecord['settings'];
  history: HistoryStore;
  onBack: () => void;
  onDone?: () => void;
  /** Written MIDI of an optional drone (e.g. the scale's tonic) sounding while playing. */
  droneMidi?: number;
  /** An articulation exercise at this many notes per beat (tonguing summary in the results). */
  articulationNotesPerBeat?: number;
  /** The tonguing asked: double and triple set the K strokes against the T in the results. */
  articulationTonguing?: Tonguing;
  /** Something the player must know before starting (e.g. the range had to change). */
  notice?: string | null;
  /**
   * Transposition practice: the passage is a part written for this instrument, so it sounds (and
   * is scored) as on it; the player transposes, so no fingering is shown.
   */
  partFor?: InstrumentId | null;
  /** A routine step starts here without its form: the way to the form, while ready. */
  onChangeSetup?: () => void;
  /** "Again at +4 bpm" moved the tempo: the setup remembers the tempo reached. */
  onTempoChange?: (bpm: number) => void;
}) {
  const service = usePitchService();
  const settings = useSettings();
  // The instrument the written notes belong to: the part's, or the player's own.
  const instrument = props.partFor ?? settings.transposition;
  // "Again" and "+4 bpm" from the results: a new attempt here, at this tempo.
  const [tempoBpm, setTempoBpm] = useState(props.tempoBpm);
  const [round, setRound] = useState(0);
  // "Loop this bar" from the results: that bar (0-based) LOOP_REPEATS times, else the whole passage.
  const [loopBar, setLoopBar] = useState<number | null>(null);
  // The whole exercise's results a loop was started from, shown again on leaving the loop:
  // nothing the player was told is lost by practising one bar.
  const [whole, setWhole] = useState<WholeResults | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const passage = useMemo(
    () => (loopBar === null ? props.passage : loopBarPassage(props.passage, loopBar, LOOP_REPEATS)),
    [props.passage, loopBar],
  );
  const title =
    loopBar === null ? props.title : `${props.title}: bar ${loopBar + 1}, ${LOOP_REPEATS} times`;
  // The drone sounds the written tonic on the player's instrument: its concert root, named as the
  // exercise spells its key (written), so the result says what the player saw.
  const droneTuning = useMemo((): DroneReference | undefined => {
    if (props.droneMidi === undefined) return undefined;
    const tonic = props.passage.events.find(
      (e) => e.kind === 'note' && e.note.midi === props.droneMidi,
    );
    return {
      rootConcertMidi: props.droneMidi + getInstrument(instrument).concertOffsetSemitones,
      name: tonic?.kind === 'note' ? pitchNameOf(tonic.note) : droneRootName(props.droneMidi),
    };
  }, [props.droneMidi, props.passage, instrument]);
  const session = useMemo(
    () =>
      createTimedSession({
        passage,
        tempoBpm,
        instrument,
        a4Hz: settings.a4Hz,
        inTuneCents: props.inTuneCents,
        spelling: settings.spelling,
        articulationNotesPerBeat: props.articulationNotesPerBeat,
        articulationTonguing: props.articulationTonguing,
        drone: droneTuning,
        onJudged: reportPass,
      }),
    // `round`: "Again" wants a fresh session even at the same tempo.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      passage,
      tempoBpm,
      round,
      props.inTuneCents,
      props.articulationNotesPerBeat,
      props.articulationTonguing,
      droneTuning,
      instrument,
      settings.a4Hz,
      settings.spelling,
    ],
  );
  const notes = useMemo(() => timedNotes(passage).map((n) => n.note), [passage]);
  const state = useObservable(session.state);
  const metronome = useRef<Metronome | null>(null);
  const drone = useRef<DroneHandle | null>(null);
  const [startedAt, setStartedAt] = useState<Date | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  useSessionDriver(service, session, 40);
  useEffect(
    () => () => {
      void metronome.current?.dispose();
      drone.current?.release();
    },
    [],
  );

  const start = async (): Promise<void> => {
    try {
      metronome.current ??= createMetronome({ tempoBpm });
      const beat0 = await metronome.current.start(0.3);
      if (props.droneMidi !== undefined) {
        // The session tells the stream to subtract it from the microphone.
        const droneHz = writtenMidiToHz(props.droneMidi, instrument, settings.a4Hz);
        drone.current?.release();
        drone.current = getAudioSession().drone.play([droneHz], { volume: 0.12 });
        await drone.current.started;
      }
      setStartedAt(new Date());
      session.begin(beat0.startMs);
    } catch (error) {
      setMessage(`The metronome could not start: ${String(error)}`);
    }
  };

  const content = useMemo(
    () =>
      timedAttemptContent(
        state,
        {
          ...props.recordSettings,
          tempoBpm,
          inTuneCents: props.inTuneCents,
          instrument: settings.transposition,
          ...(props.partFor ? { partFor: props.partFor } : {}),
          a4Hz: settings.a4Hz,
        },
        notes,
      ),
    [state, props.recordSettings, tempoBpm, props.inTuneCents, props.partFor, settings, notes],
  );
  const save = useSaveAttempt({
    history: props.history,
    exercise: props.exercise,
    startedAt,
    done: state.phase === 'done',
    // A loop is practice on one bar, not an attempt at the exercise: not saved or charted.
    content: loopBar === null ? content : null,
    finish: () => session.finish(),
    // A wrong note has no cents but was played: only an attempt with nothing heard is aborted.
    played: state.outcomes.some((o) => o.heardName !== null),
  });
  useEffect(() => {
    if (state.phase !== 'done') return;
    metronome.current?.stop();
    drone.current?.release();
  }, [state.phase]);

  const again = (nextTempoBpm: number, nextLoopBar: number | null = loopBar): void => {
    // A new metronome at the new tempo; the finished attempt is already saved.
    void metronome.current?.dispose();
    metronome.current = null;
    drone.current?.release();
    drone.current = null;
    setStartedAt(null);
    setMessage(null);
    if (nextTempoBpm !== tempoBpm) props.onTempoChange?.(nextTempoBpm);
    setTempoBpm(nextTempoBpm);
    setLoopBar(nextLoopBar);
    setRound((r) => r + 1);
    setReviewing(false);
  };
  const loopFromWhole = (bar: number, results: WholeResults): void => {
    setWhole(results);
    again(results.tempoBpm, bar);
  };
  const leaveLoop = (): void => {
    again(whole?.tempoBpm ?? tempoBpm, null);
    setReviewing(whole !== null);
  };
  const played = state.outcomes.some((o) => o.heardName !== null);

  if (reviewing && whole && state.phase === 'ready') {
    return (
      <TimedDone
        state={whole.state}
        shown
        passage={props.passage}
        title={props.title}
        inTuneCents={props.inTuneCents}
        tempoBpm={whole.tempoBpm}
        loopBar={null}
        onLoop={(bar) => loopFromWhole(bar, whole)}
        saveArea={
          whole.saveMessage && (
            <p className="save-message" role="status" data-testid="save-message">
              {whole.saveMessage}
            </p>
          )
        }
        onAgain={again}
        onDone={props.onDone}
        onBack={props.onBack}
      />
    );
  }

  if (state.phase === 'done') {
    return (
      <TimedDone
        state={state}
        shown={loopBar === null ? !save.nothingPlayed : played}
        passage={passage}
        title={title}
        inTuneCents={props.inTuneCents}
        tempoBpm={tempoBpm}
        loopBar={loopBar}
        onLoop={(bar) => loopFromWhole(bar, { state, tempoBpm, saveMessage: save.message })}
        saveArea={
          loopBar === null ? (
            <SaveStatus save={save} />
          ) : (
            <p className="hint" data-testid="loop-not-saved">
              A loop is practice on one bar: it is not saved to your history.
            </p>
          )
        }
        message={message}
        onAgain={(bpm, bar) => (bar === null ? leaveLoop() : again(bpm, bar))}
        onDone={props.onDone}
        onBack={props.onBack}
      />
    );
  }

  const note = notes[state.index];
  return (
    <section className="exercise-run" aria-label={props.title}>
      <h2>
        {title}: <span data-testid="target-note">{spelledName(note)}</span> ({state.index + 1}/
        {notes.length}) at {tempoBpm} bpm
      </h2>
      {props.notice && (
        <p className="notice" role="status" data-testid="exercise-notice">
          {props.notice}
        </p>
      )}
      <PassageStaff
        passage={passage}
        current={state.phase === 'playing' ? state.index : -1}
        live={{
          reading: service.reading,
          targetHz: state.phase === 'playing' ? session.targetHz(state.index) : null,
          bandCents: props.inTuneCents,
        }}
        label={`${title}: ${notes.map(spelledName).join(' ')}`}
      />
      <div className="exercise-target">{!props.partFor && <NoteValves note={note} />}</div>
      <p className="phase" data-testid="phase">
        {state.phase === 'ready'
          ? `Press Start: one bar of clicks, then play what is written. In tune = within ±${props.inTuneCents} ¢.`
          : state.phase === 'count-in'
            ? 'Count-in…'
            : 'Play with the click.'}
      </p>
      <LivePitch
        reading={service.reading}
        targetHz={state.phase === 'playing' ? session.targetHz(state.index) : null}
        inTuneCents={props.inTuneCents}
        instrument={instrument}
        a4Hz={settings.a4Hz}
        spelling={settings.spelling}
      />
      {message && <p role="alert">{message}</p>}
      <div className="buttons">
        {state.phase === 'ready' ? (
          <button type="button" data-testid="timed-start" onClick={() => void start()}>
            Start
          </button>
        ) : (
          <button type="button" onClick={() => session.finish()}>
            Finish
          </button>
        )}
        {loopBar !== null ? (
          <button type="button" data-testid="loop-exit" onClick={leaveLoop}>
            Back to the whole exercise
          </button>
        ) : state.phase === 'ready' && props.onChangeSetup ? (
          <button type="button" data-testid="change-setup" onClick={props.onChangeSetup}>
            Change setup
          </button>
        ) : (
          <BackButton onClick={props.onBack} />
        )}
      </div>
    </section>
  );
}
