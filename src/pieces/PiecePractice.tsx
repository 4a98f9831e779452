/* eslint-disable max-lines -- Over 300 lines: the piece screen with its run orchestration (cursor, click, loop, trainer, grading); the practice-run controller (issue 41 step 3) takes the run out. */
import { IonButton } from '@ionic/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  getInstrument,
  midiToHz,
  pitchFixOf,
  scoreForInstrument,
  tempoAt,
  type AttemptAssessment,
  type NoteAssessment,
} from '../music';
import { getAudioSession, type DroneHandle } from '../audio/output/audio-session';
import { reportPass } from '../lib/clean-pass';
import { useSettings } from '../settings';
import { usePitchService } from '../shared-ui/pitch-service-context';
import { practiceFrom } from './assignment';
import { gradeRecording } from './grade-recording';
import { gradedAgainst, pieceAssessOptions, pieceDrone } from './piece-assess-options';
import {
  cleanPassFaults,
  nextCleanStreak,
  sayCleanPassFaults,
  startPracticeRun,
  type CleanStreak,
  type PracticeRun,
} from './live-practice';
import type { PieceStore } from './piece-store';
import { PieceFileActions } from './PieceFileActions';
import { PracticeControls } from './PracticeControls';
import { AttemptSummary, NoteDetail, PieceProgress } from './PieceResults';
import { noteClockOf } from './note-when';
import {
  TRAINER_STEP_PERCENT,
  type PieceAttempt,
  type PracticeSettings,
  type StoredPiece,
} from './piece-types';
import { saveAssignment, saveReportPng, saveResultsJson } from './piece-files';
import { ScoreStaff } from './ScoreStaff';
import { sliceScore } from './score-slice';
import { tonicOf } from './tonic';
import { useTakeOfPiece } from './take-of-piece';

interface Result {
  readonly assessment: AttemptAssessment;
  readonly source: PieceAttempt['source'];
  readonly atMs: number;
  /** Whole-piece note index of each assessed note (a loop judges only its bars). */
  readonly noteIndices: readonly number[];
}

/**
 * A piece: its part drawn in the written pitch of the player's instrument, practised with the
 * cursor following the player (or with a click, a loop, the tempo trainer), then the verdicts
 * on the music: tap a note for why. A recording can be graded the same way; results export as
 * the assessor's JSON; the piece with its settings can be shared as an assignment.
 */
export function PiecePractice(props: { piece: StoredPiece; store: PieceStore }) {
  const { piece, store } = props;
  const settings = useSettings();
  const service = usePitchService();
  const instrument = getInstrument(settings.transposition);
  const score = useMemo(
    () => scoreForInstrument(piece.score, instrument),
    [piece.score, instrument],
  );
  // Read as any saved form (pieces stored or synced before a setting existed get its default).
  const [practice, setPractice] = useState<PracticeSettings>(() => practiceFrom(piece.practice));
  const [position, setPosition] = useState(-1);
  const [status, setStatus] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [attempts, setAttempts] = useState<PieceAttempt[]>([]);
  const [busy, setBusy] = useState(false);
  /** The tempo trainer's count after the last pass ("Clean pass 1 of 2 at 70 %"). */
  const [trainerLine, setTrainerLine] = useState<string | null>(null);
  const run = useRef<PracticeRun | null>(null);
  const [droneOn, setDroneOn] = useState(false);
  /** "Judged in just intonation against the G drone." for a live run with the drone on (U5). */
  const [judgedIn, setJudgedIn] = useState<string | null>(null);
  const drone = useRef<DroneHandle | null>(null);
  const tonic = useMemo(() => tonicOf(score), [score]);
  const stopDrone = (): void => {
    drone.current?.release();
    drone.current = null;
  };
  // A take recorded here keeps the piece and the passes judged live while it records.
  const judgedForTake = useTakeOfPiece(piece);

  useEffect(() => {
    store.attempts(piece.id).then(setAttempts, () => setAttempts([]));
  }, [store, piece.id]);
  useEffect(
    () => () => {
      run.current?.stop();
      drone.current?.release();
    },
    [],
  );

  const slice = useMemo(() => {
    const loop = practice.loop;
    if (!loop || loop.toBar > score.measures.length) return null;
    return sliceScore(score, loop.fromBar, loop.toBar);
  }, [score, practice.loop]);
  // The piece's band (moving notes, ±15 ¢ unless set), not the tuner's ±5 ¢ (U8).
  // The instrument too: its fingerings (a piccolo's 4th valve) decide the advice (U6).
  const assessOptions = {
    ...pieceAssessOptions(practice, settings.a4Hz),
    instrument: instrument.id,
  };

  const record = async (
    assessment: AttemptAssessment,
    source: PieceAttempt['source'],
    noteIndices: readonly number[],
  ): Promise<void> => {
    const atMs = Date.now();
    setResult({ assessment, noteIndices, source, atMs });
    setSelected(null);
    if (source === 'live') judgedForTake({ atMs, assessment, noteIndices });
    const attempt: PieceAttempt = {
      pieceId: piece.id,
      atMs,
      source,
      mode: practice.mode,
      tempoPercent: practice.tempoPercent,
      assessment,
    };
    setAttempts((list) => [...list, attempt]);
    await store.addAttempt(attempt).catch((error: unknown) => {
      setStatus(`This attempt could not be saved: ${String(error)}`);
    });
  };

  const start = async (): Promise<void> => {
    setResult(null);
    setPosition(-1);
    setStatus('Starting the microphone…');
    // With the drone on, each note is aimed at its just interval over the tonic (U5).
    const graded = gradedAgainst(slice?.score ?? score, droneOn ? pieceDrone(tonic) : null);
    setJudgedIn(graded.judgedIn);
    const indices = slice?.noteIndices ?? score.notes.map((n) => n.index);
    let tempoPercent = practice.tempoPercent;
    let streak: CleanStreak = { inARow: 0, needed: practice.cleanPassesInARow };
    setTrainerLine(null);
    try {
      if (droneOn) {
        drone.current = getAudioSession().drone.play([midiToHz(tonic.concertMidi, settings.a4Hz)]);
        drone.current.started.catch((error: unknown) => {
          setStatus(`The drone could not start: ${String(error)}`);
        });
      }
      run.current = await startPracticeRun({
        service,
        score: graded.score,
        mode: practice.mode,
        tempoPercent,
        assess: assessOptions,
        onPosition: (i) => setPosition(i < 0 ? -1 : (indices[i] ?? -1)),
        onStatus: setStatus,
        onPass: (assessment) => {
          void record(assessment, 'live', indices);
          const faults = cleanPassFaults(assessment);
          const clean = faults.length === 0;
          // The metronome's speed trainer (clean-pass mode) counts these (issues 24, 37).
          reportPass({ what: piece.title, clean });
          // The tempo trainer: N clean passes in a row (U2), a pass that is not clean starts again.
          const step = nextCleanStreak(streak, clean);
          streak = step.streak;
          if (practice.trainer) {
            const raised = step.raise && tempoPercent < 100;
            setTrainerLine(
              raised
                ? `${step.streak.needed} clean in a row: up to ${Math.min(100, tempoPercent + TRAINER_STEP_PERCENT)} %.`
                : clean
                  ? `Clean pass ${step.streak.inARow} of ${step.streak.needed} at ${tempoPercent} %.`
                  : `Not clean (${sayCleanPassFaults(faults) ?? ''}): staying at ${tempoPercent} %, the count starts again.`,
            );
          }
          if (!practice.loop) {
            stopDrone();
            run.current?.stop();
            run.current = null;
            setRunning(false);
            setStatus(null);
            return;
          }
          if (practice.trainer && step.raise && tempoPercent < 100) {
            tempoPercent = Math.min(100, tempoPercent + TRAINER_STEP_PERCENT);
            setPractice((p) => ({ ...p, tempoPercent }));
          }
          void run.current?.nextPass(tempoPercent);
        },
      });
      setRunning(true);
    } catch (error) {
      stopDrone();
      setStatus(`Could not start: ${String(error)}`);
    }
  };

  const stop = (): void => {
    const assessment = run.current?.stop() ?? null;
    run.current = null;
    stopDrone();
    setRunning(false);
    setStatus(null);
    if (assessment) {
      const indices = slice?.noteIndices ?? score.notes.map((n) => n.index);
      void record(assessment, 'live', indices);
    }
  };

  const grade = async (file: File): Promise<void> => {
    setBusy(true);
    setResult(null);
    // A recording is graded in equal temperament: no drone sounded in it as far as we know.
    setJudgedIn(null);
    setStatus(`Grading ${file.name}…`);
    const answer = await gradeRecording(file, score, assessOptions);
    setBusy(false);
    if (answer.kind === 'failed') {
      setStatus(`Not graded: ${answer.reason}`);
      return;
    }
    setStatus(null);
    await record(
      answer.assessment,
      'recording',
      score.notes.map((n) => n.index),
    );
  };

  const exportResults = async (): Promise<void> => {
    if (result) setStatus(await saveResultsJson(piece.title, result.assessment));
  };
  const exportReport = async (): Promise<void> => {
    if (!result) return;
    setStatus(
      await saveReportPng(piece.title, {
        title: piece.title,
        partName: score.partName,
        instrument: instrument.name,
        atMs: result.atMs,
        source: result.source,
        tempoPercent: practice.tempoPercent,
        assessment: result.assessment,
      }),
    );
  };
  const shareAssignment = async (): Promise<void> => {
    setStatus(await saveAssignment(piece.title, piece.score, practice));
  };

  const verdicts = useMemo(() => {
    if (!result) return null;
    const list: (NoteAssessment | undefined)[] = score.notes.map(() => undefined);
    result.assessment.notes.forEach((n, i) => {
      const index = result.noteIndices[i];
      if (index !== undefined) list[index] = n;
    });
    return list;
  }, [result, score]);
  const selectedNote = selected === null ? undefined : verdicts?.[selected];
  const markedQpm = Math.round(tempoAt(score.tempos, 0));

  return (
    <div className="piece-practice" data-testid="piece-practice">
      <header className="piece-head">
        <h2 data-testid="piece-title">{piece.title}</h2>
        <p>
          {score.partName || 'Part'} · written for {instrument.name} · ♩ = {markedQpm} ·{' '}
          {score.measures.length} bars · {score.notes.length} notes
        </p>
        {score.notices.length > 0 && (
          <ul className="piece-notices" data-testid="piece-notices">
            {score.notices.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        )}
      </header>
      <ScoreStaff
        score={score}
        current={running ? position : -1}
        startAt={running ? (slice?.noteIndices[0] ?? 0) : undefined}
        label={`${piece.title}, ${score.notes.length} notes`}
        verdicts={verdicts}
        selected={selected}
        onNoteTap={result ? setSelected : undefined}
        visibleLines={result ? 4 : 2}
      />
      {status && (
        <p className="piece-message" role="status" data-testid="practice-status">
          {status}
        </p>
      )}
      {selectedNote && (
        <NoteDetail
          note={selectedNote}
          fix={pitchFixOf(score, selectedNote, instrument.id)}
          clock={result ? noteClockOf(result.source, result.assessment) : undefined}
        />
      )}
      {result && <AttemptSummary assessment={result.assessment} />}
      {result && judgedIn && (
        <p className="piece-message" data-testid="judged-in">
          {judgedIn}
        </p>
      )}
      {trainerLine && (
        <p className="piece-message" role="status" data-testid="trainer-line">
          {trainerLine}
        </p>
      )}
      <div className="piece-actions">
        {running ? (
          <IonButton expand="block" color="danger" onClick={stop} data-testid="practice-stop">
            Stop
          </IonButton>
        ) : (
          <IonButton
            expand="block"
            disabled={busy}
            onClick={() => void start()}
            data-testid="practice-start"
          >
            {practice.mode === 'click' ? 'Start with click' : 'Start: follow me'}
          </IonButton>
        )}
      </div>
      {!running && (
        <PracticeControls
          practice={practice}
          bars={score.measures.length}
          markedQpm={markedQpm}
          onChange={setPractice}
          drone={{ on: droneOn, tonic: tonic.name, onChange: setDroneOn }}
        />
      )}
      {!running && (
        <PieceFileActions
          busy={busy}
          hasResult={result !== null}
          onGrade={(file) => void grade(file)}
          onExportResults={() => void exportResults()}
          onExportReport={() => void exportReport()}
          onShareAssignment={() => void shareAssignment()}
        />
      )}
      <PieceProgress attempts={attempts} />
    </div>
  );
}
