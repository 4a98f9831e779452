import { IonButton } from '@ionic/react';
import { useEffect, useRef } from 'react';
import { LEVEL_FLOOR_DB } from '../audio/stream/pitch-service-types';
import type { PitchService } from '../audio/stream/pitch-service-types';
import { useObservable } from '../lib/use-observable';
import { formatClock, type TakeRecorder } from './take-recorder';
import { sourceLabel } from './take-controller';
import type { TakeSource } from './take-format';

const BAR_MIN_DB = -70;

/**
 * Record / Stop with the running time and the input level. Time and level are written to the DOM
 * in animation frames from the stream's observable (no React render per reading).
 */
export function RecordButton(props: {
  service: PitchService;
  recorder: TakeRecorder;
  source: TakeSource;
  /** In a header toolbar: the dot alone until recording (its name says what it does). */
  compact?: boolean;
}) {
  const { service, recorder, source } = props;
  const state = useObservable(recorder.state);
  const timeRef = useRef<HTMLSpanElement>(null);
  const levelRef = useRef<HTMLSpanElement>(null);
  const recording = state.state === 'recording';
  const startedAtMs = recording ? state.startedAtMs : 0;

  useEffect(() => {
    if (!recording) return;
    let frame = 0;
    let shownSecond = -1;
    let shownLevel = -1;
    const draw = (): void => {
      frame = requestAnimationFrame(draw);
      const second = Math.floor((performance.now() - startedAtMs) / 1000);
      if (second !== shownSecond && timeRef.current) {
        shownSecond = second;
        timeRef.current.textContent = formatClock(second * 1000);
      }
      const reading = service.reading.get();
      const db = reading.live ? reading.levelDb : LEVEL_FLOOR_DB;
      const level = Math.round(Math.min(1, Math.max(0, (db - BAR_MIN_DB) / -BAR_MIN_DB)) * 50) / 50;
      if (level !== shownLevel && levelRef.current) {
        shownLevel = level;
        levelRef.current.style.transform = `scaleY(${level})`;
      }
    };
    draw();
    return () => cancelAnimationFrame(frame);
  }, [recording, startedAtMs, service]);

  const busy = state.state === 'starting' || state.state === 'saving';
  const name = (): string => {
    const at = new Date();
    return `${sourceLabel(source)} ${at.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })} ${at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}`;
  };
  return (
    <IonButton
      className={`record-button${recording ? ' record-button--on' : ''}`}
      data-testid="record-button"
      data-state={state.state}
      color={recording ? 'danger' : 'medium'}
      disabled={busy}
      aria-label={recording ? 'Stop recording' : 'Record a take'}
      onClick={() => void (recording ? recorder.stop() : recorder.start(source, name()))}
    >
      <span className="record-button__dot" aria-hidden="true" />
      {recording ? (
        <>
          <span ref={timeRef} className="record-button__time" data-testid="record-time">
            0:00
          </span>
          <span className="record-button__level" aria-hidden="true">
            <span ref={levelRef} className="record-button__level-fill" />
          </span>
          <span className="record-button__label">Stop</span>
        </>
      ) : (
        !props.compact && (
          <span className="record-button__label">{busy ? 'Saving…' : 'Record'}</span>
        )
      )}
    </IonButton>
  );
}
