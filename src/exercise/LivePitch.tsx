import { useEffect, useRef } from 'react';
import type { PitchReading } from '../audio/stream/pitch-service-types';
import type { ReadonlyObservable } from '../lib/observable';
import { liveReadoutText } from './live-readout';
import {
  centsBetween,
  nearestWrittenNote,
  type InstrumentId,
  noteName,
  type Spelling,
} from '../music';

const WINDOW_MS = 6000;
const RANGE_CENTS = 60;
const CAPACITY = 1024;

/**
 * The live pitch against the target: a scrolling trace of cents off the target with the in-tune
 * band, and a read-out. Drawn on a canvas straight from the pitch observable, so React does not
 * re-render per frame.
 */
export function LivePitch(props: {
  reading: ReadonlyObservable<PitchReading>;
  targetHz: number | null;
  inTuneCents: number;
  instrument: InstrumentId;
  a4Hz: number;
  /** How the heard note is named (default: by key). */
  spelling?: Spelling;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const readout = useRef<HTMLOutputElement>(null);
  const target = useRef(props.targetHz);
  const band = useRef(props.inTuneCents);
  const note = useRef({ instrument: props.instrument, a4Hz: props.a4Hz, spelling: props.spelling });
  useEffect(() => {
    target.current = props.targetHz;
    band.current = props.inTuneCents;
    note.current = { instrument: props.instrument, a4Hz: props.a4Hz, spelling: props.spelling };
  }, [props.targetHz, props.inTuneCents, props.instrument, props.a4Hz, props.spelling]);

  useEffect(() => {
    // Ring buffer, allocated once: time and cents (NaN = no pitch).
    const times = new Float64Array(CAPACITY);
    const cents = new Float64Array(CAPACITY);
    let head = 0;
    let count = 0;
    let frame = 0;

    const draw = (): void => {
      frame = 0;
      const element = canvas.current;
      const ctx = element?.getContext('2d');
      if (!element || !ctx) return;
      const { width, height } = element;
      const y = (c: number): number =>
        height / 2 -
        (Math.max(-RANGE_CENTS, Math.min(RANGE_CENTS, c)) / RANGE_CENTS) * (height / 2);
      ctx.clearRect(0, 0, width, height);
      ctx.fillStyle = 'rgba(45, 211, 111, 0.25)';
      ctx.fillRect(0, y(band.current), width, y(-band.current) - y(band.current));
      ctx.strokeStyle = 'rgba(128,128,128,0.8)';
      ctx.beginPath();
      ctx.moveTo(0, height / 2);
      ctx.lineTo(width, height / 2);
      ctx.stroke();
      if (count === 0) return;
      const newest = times[(head - 1 + CAPACITY) % CAPACITY];
      ctx.strokeStyle = '#3880ff';
      ctx.lineWidth = 2;
      ctx.beginPath();
      let pen = false;
      for (let i = 0; i < count; i++) {
        const k = (head - count + i + CAPACITY) % CAPACITY;
        const age = newest - times[k];
        if (age > WINDOW_MS || Number.isNaN(cents[k])) {
          pen = false;
          continue;
        }
        const x = width - (age / WINDOW_MS) * width;
        if (pen) ctx.lineTo(x, y(cents[k]));
        else ctx.moveTo(x, y(cents[k]));
        pen = true;
      }
      ctx.stroke();
    };

    const unsubscribe = props.reading.subscribe((reading) => {
      const targetHz = target.current;
      const offset = targetHz && reading.hz > 0 ? centsBetween(targetHz, reading.hz) : Number.NaN;
      times[head] = reading.timeMs;
      cents[head] = offset;
      head = (head + 1) % CAPACITY;
      count = Math.min(CAPACITY, count + 1);
      const out = readout.current;
      if (out) {
        if (!(reading.hz > 0)) out.textContent = '—';
        else {
          const heard = nearestWrittenNote(reading.hz, note.current.instrument, note.current.a4Hz);
          const name = heard.hasPitch
            ? noteName(heard.writtenMidi, { spelling: note.current.spelling })
            : '';
          out.textContent = liveReadoutText(name, Number.isNaN(offset) ? null : offset);
        }
      }
      frame ||= requestAnimationFrame(draw);
    });
    return () => {
      unsubscribe();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [props.reading]);

  return (
    <div className="live-pitch">
      <canvas ref={canvas} width={600} height={160} aria-hidden="true" />
      <output ref={readout} data-testid="live-pitch" aria-live="off">
        —
      </output>
    </div>
  );
}
