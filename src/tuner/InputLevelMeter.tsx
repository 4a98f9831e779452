import { useEffect, useRef } from 'react';
import {
  LEVEL_FLOOR_DB,
  type PitchReading,
  type PitchService,
} from '../audio/stream/pitch-service-types';
import { SILENCE_BELOW_DB } from './tuner-display';

/** The level the page shows with no input (the accumulator's floor for digital silence). */
/** The bar spans this range; quieter input shows an empty bar. */
const BAR_MIN_DB = -90;
const BAR_MAX_DB = 0;

const fraction = (db: number): number =>
  Math.min(1, Math.max(0, (db - BAR_MIN_DB) / (BAR_MAX_DB - BAR_MIN_DB)));

/**
 * A thin input-level bar (block RMS, dBFS) with a tick at the silence threshold. Fed straight from
 * the service's observable and written to the DOM in requestAnimationFrame only when the value
 * changed: no React state per reading. `data-level-db` (one decimal) and `aria-valuenow` are for
 * tests and screen readers.
 */
export function InputLevelMeter(props: { service: PitchService }) {
  const { service } = props;
  const meterRef = useRef<HTMLDivElement>(null);
  const fillRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const meter = meterRef.current;
    const fill = fillRef.current;
    if (!meter || !fill) return;
    const levelOf = (reading: PitchReading): number =>
      reading.live && Number.isFinite(reading.levelDb) ? reading.levelDb : LEVEL_FLOOR_DB;
    let level = levelOf(service.reading.get());
    let shown = Number.NaN;
    let frame = 0;

    const unsubscribeReading = service.reading.subscribe((reading) => {
      level = levelOf(reading);
    });

    const draw = (): void => {
      frame = requestAnimationFrame(draw);
      const rounded = Math.max(LEVEL_FLOOR_DB, Math.round(level * 10) / 10);
      if (rounded === shown) return;
      shown = rounded;
      const text = rounded.toFixed(1);
      meter.dataset.levelDb = text;
      meter.setAttribute('aria-valuenow', text);
      meter.setAttribute('aria-valuetext', `${Math.round(rounded)} dB`);
      meter.classList.toggle('input-level--sound', rounded >= SILENCE_BELOW_DB);
      fill.style.transform = `scaleX(${fraction(rounded)})`;
    };
    draw();
    return () => {
      cancelAnimationFrame(frame);
      unsubscribeReading();
    };
  }, [service]);

  // Labelled on screen too (issue 23 row 15: a bare bar under the gauge said nothing).
  return (
    <div className="input-level-row">
      <span className="input-level__label" aria-hidden="true" data-testid="input-level-label">
        Mic level
      </span>
      <div
        ref={meterRef}
        className="input-level"
        data-testid="input-level"
        data-level-db={LEVEL_FLOOR_DB.toFixed(1)}
        role="meter"
        aria-label="Microphone level"
        aria-valuemin={LEVEL_FLOOR_DB}
        aria-valuemax={BAR_MAX_DB}
        aria-valuenow={LEVEL_FLOOR_DB}
        aria-valuetext={`${LEVEL_FLOOR_DB} dB`}
      >
        <div ref={fillRef} className="input-level__fill" />
        <div
          className="input-level__threshold"
          style={{ left: `${fraction(SILENCE_BELOW_DB) * 100}%` }}
          aria-hidden="true"
        />
      </div>
    </div>
  );
}
