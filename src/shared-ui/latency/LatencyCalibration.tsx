import { useEffect, useRef, useState } from 'react';
import type { CalibrationResult } from '../../music';
import { useObservable } from '../../lib/use-observable';
import { getSettingsStore, useSettings } from '../../settings';
import { usePitchService } from '../pitch-service-context';
import {
  PLAYED_CLICKS,
  runLatencyCalibration,
  type CalibrationProgress,
  type CalibrationRun,
} from './run-calibration';
import { useLatencyStatus, type LatencyStatus } from './use-latency-status';
import './latency.css';

const STATUS_TEXT: Record<Exclude<LatencyStatus, 'calibrated'>, string> = {
  reported: 'Reported by this browser: timings against the click allow for it.',
  unknown:
    'Unknown: this browser does not report the microphone’s delay, so a note played on the click may be judged late. Calibrate to correct it.',
  'not-listening': 'Start the microphone (Tuner) to see whether this browser reports it.',
};

/**
 * Settings → Audio: the input latency as known now, and the one-tap calibration (play a short
 * note on each click; the median offset is stored and applied to every reading from then on).
 */
export function LatencyCalibration() {
  const service = usePitchService();
  const store = getSettingsStore();
  const settings = useSettings(store);
  const status = useLatencyStatus(service);
  const [run, setRun] = useState<CalibrationRun | null>(null);
  const [outcome, setOutcome] = useState<CalibrationResult | { error: string } | null>(null);
  const runRef = useRef<CalibrationRun | null>(null);
  useEffect(() => () => runRef.current?.cancel(), []);

  const start = (): void => {
    setOutcome(null);
    const next = runLatencyCalibration(service, settings.inputLatencyCalibrationMs ?? 0);
    runRef.current = next;
    setRun(next);
    next.result.then(
      (result) => {
        if (runRef.current !== next) return;
        if (result.ok) store.update({ inputLatencyCalibrationMs: Math.round(result.latencyMs) });
        setOutcome(result);
        setRun(null);
      },
      (error: unknown) => {
        if (runRef.current !== next) return;
        setOutcome({ error: error instanceof Error ? error.message : String(error) });
        setRun(null);
      },
    );
  };

  const calibrated = settings.inputLatencyCalibrationMs;
  return (
    <div className="latency-calibration" data-testid="latency-calibration">
      <p className="latency-calibration__status" data-testid="latency-status" data-status={status}>
        <strong>Input latency: </strong>
        {calibrated !== null
          ? `calibrated, ${calibrated} ms: every note’s time is moved that much earlier.`
          : STATUS_TEXT[status as Exclude<LatencyStatus, 'calibrated'>]}
      </p>
      {run ? (
        <CalibrationRunning run={run} onCancel={() => run.cancel()} />
      ) : (
        <div className="latency-calibration__actions">
          <button
            type="button"
            className="latency-calibration__button"
            data-testid="calibrate-latency"
            onClick={start}
          >
            {calibrated === null ? 'Calibrate: play on the click' : 'Calibrate again'}
          </button>
          {calibrated !== null && (
            <button
              type="button"
              className="latency-calibration__button latency-calibration__button--quiet"
              data-testid="reset-latency"
              onClick={() => {
                store.update({ inputLatencyCalibrationMs: null });
                setOutcome(null);
              }}
            >
              Forget calibration
            </button>
          )}
        </div>
      )}
      {outcome && (
        <p className="latency-calibration__outcome" role="status" data-testid="latency-outcome">
          {'error' in outcome
            ? `Could not calibrate: ${outcome.error}.`
            : outcome.ok
              ? `Measured ${Math.round(outcome.latencyMs)} ms (notes within ${Math.round(outcome.spreadMs)} ms of each other). Saved.`
              : outcome.reason}
        </p>
      )}
      {!run && (
        <p className="latency-calibration__hint">
          Two clicks to get ready, then play a short note (any note) right on each of the next{' '}
          {PLAYED_CLICKS} clicks, without headphones or with them, as you practise.
        </p>
      )}
    </div>
  );
}

function CalibrationRunning(props: { run: CalibrationRun; onCancel: () => void }) {
  const progress: CalibrationProgress = useObservable(props.run.progress);
  return (
    <div className="latency-calibration__running" aria-live="polite">
      <p data-testid="latency-progress" data-phase={progress.phase}>
        {progress.phase === 'count-in'
          ? 'Get ready…'
          : `Play on each click: ${progress.clicksHeard} of ${PLAYED_CLICKS} (notes heard: ${progress.notesHeard})`}
      </p>
      <button type="button" className="latency-calibration__button" onClick={props.onCancel}>
        Cancel
      </button>
    </div>
  );
}
