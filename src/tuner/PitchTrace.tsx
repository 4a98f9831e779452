import { useEffect, useRef } from 'react';
import type { PitchService } from '../audio/stream/pitch-service-types';
import { getInstrument, hzToMidi, noteName, type InstrumentId, type Spelling } from '../music';
import { createTailGate } from './tail-gate';
import { isIsolatedReading, traceRange } from './trace-range';

/** Seconds of history drawn. */
export const TRACE_SECONDS = 10;
/** Enough for 10 s at the fast-mode message rate (≤ 60/s plus note-change extras). */
const CAPACITY = 1024;

/**
 * Pitch over the last ~10 s on a canvas: written pitch (fractional MIDI for the instrument) against
 * time, one horizontal line per semitone over the range of the notes played (`trace-range.ts`),
 * points inside the in-tune band drawn green, others orange. Only the stream's notes are drawn
 * (readings while it says a note sounds), so noise between notes leaves a gap, not a scribble. Fed straight from the service's observable into typed ring buffers and drawn in
 * requestAnimationFrame only when something changed: no React state per reading.
 */
export function PitchTrace(props: {
  service: PitchService;
  transposition: InstrumentId;
  /** How the semitone labels are spelled (default: by key). */
  spelling?: Spelling;
  a4Hz: number;
  inTuneCents: number;
}) {
  const { service, transposition, a4Hz, inTuneCents } = props;
  const spelling = props.spelling ?? 'default';
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const offset = getInstrument(transposition).concertOffsetSemitones;
    const times = new Float64Array(CAPACITY);
    const midis = new Float64Array(CAPACITY); // NaN = no pitch (a gap in the line)
    let next = 0;
    let count = 0;
    let latestMidi = Number.NaN;
    let dirty = true;
    let frame = 0;

    const styles = getComputedStyle(canvas);
    const colour = (name: string, fallback: string) =>
      styles.getPropertyValue(name).trim() || fallback;
    const grid = colour('--trace-grid', 'rgba(128,128,128,0.35)');
    const label = colour('--trace-label', 'rgba(128,128,128,0.9)');
    const good = colour('--ion-color-success', '#2dd36f');
    const off = colour('--ion-color-warning', '#ffc409');
    const line = colour('--trace-line', 'rgba(128,128,128,0.8)');

    const gate = createTailGate();
    const unsubscribe = service.reading.subscribe((reading) => {
      // The stream's note only: a reading of another pitch it has not confirmed is not drawn, nor
      // the room's tail after a note (tail-gate.ts).
      const sounding = gate.shows(reading) && reading.onNote;
      const midi = sounding ? hzToMidi(reading.hz, a4Hz) - offset : Number.NaN;
      // The reading before this one, now that both its neighbours are known: a stray is dropped.
      if (count >= 2) {
        const prev = (next - 1 + CAPACITY) % CAPACITY;
        if (isIsolatedReading(midis[(next - 2 + CAPACITY) % CAPACITY], midis[prev], midi)) {
          midis[prev] = Number.NaN;
        }
      }
      times[next] = reading.timeMs;
      midis[next] = midi;
      next = (next + 1) % CAPACITY;
      if (count < CAPACITY) count++;
      if (Number.isFinite(midi)) latestMidi = midi;
      dirty = true;
    });
    /** The pitched points of the visible window (no allocation: walks the ring). */
    function* visibleMidis(sinceMs: number): Generator<number> {
      for (let i = 0; i < count; i++) {
        const at = (next - count + i + CAPACITY) % CAPACITY;
        if (times[at] >= sinceMs) yield midis[at];
      }
    }

    const draw = (): void => {
      frame = requestAnimationFrame(draw);
      if (!dirty) return;
      dirty = false;
      const dpr = window.devicePixelRatio || 1;
      const width = canvas.clientWidth;
      const height = canvas.clientHeight;
      if (width === 0 || height === 0) return;
      if (canvas.width !== Math.round(width * dpr)) canvas.width = Math.round(width * dpr);
      if (canvas.height !== Math.round(height * dpr)) canvas.height = Math.round(height * dpr);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, width, height);
      const newest = count > 0 ? times[(next - 1 + CAPACITY) % CAPACITY] : 0;
      const range = traceRange(
        visibleMidis(newest - TRACE_SECONDS * 1000),
        Number.isFinite(latestMidi) ? Math.round(latestMidi) : 60,
      );
      // For tests and debugging: the written notes the trace spans, e.g. "A3..C5".
      canvas.dataset.range = `${noteName(range.low, { ascii: true })}..${noteName(range.high, { ascii: true })}`;
      const top = range.high + 0.5;
      const y = (midi: number) => ((top - midi) / (range.high - range.low + 1)) * height;
      ctx.font = '11px system-ui, sans-serif';
      ctx.textBaseline = 'middle';
      for (let m = range.low; m <= range.high; m++) {
        ctx.strokeStyle = grid;
        ctx.lineWidth = 1;
        ctx.beginPath();
        ctx.moveTo(32, y(m));
        ctx.lineTo(width, y(m));
        ctx.stroke();
        if ((m - range.low) % range.labelStep !== 0) continue;
        ctx.fillStyle = label;
        // Kept inside the canvas: the top and bottom lines sit half a row from the edge.
        ctx.fillText(noteName(m, { spelling }), 2, Math.min(height - 6, Math.max(6, y(m))));
      }
      const x = (t: number) =>
        32 + ((t - (newest - TRACE_SECONDS * 1000)) / (TRACE_SECONDS * 1000)) * (width - 32);
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = line;
      ctx.beginPath();
      let penDown = false;
      let lastMidi = 0;
      for (let i = 0; i < count; i++) {
        const at = (next - count + i + CAPACITY) % CAPACITY;
        const t = times[at];
        const midi = midis[at];
        if (t < newest - TRACE_SECONDS * 1000 || !Number.isFinite(midi)) {
          penDown = false;
          continue;
        }
        // A jump to another note is a new stroke, not a line across the staff.
        if (penDown && Math.abs(midi - lastMidi) < 0.7) ctx.lineTo(x(t), y(midi));
        else ctx.moveTo(x(t), y(midi));
        penDown = true;
        lastMidi = midi;
      }
      ctx.stroke();
      for (let i = 0; i < count; i++) {
        const at = (next - count + i + CAPACITY) % CAPACITY;
        const t = times[at];
        const midi = midis[at];
        if (t < newest - TRACE_SECONDS * 1000 || !Number.isFinite(midi)) continue;
        const cents = (midi - Math.round(midi)) * 100;
        ctx.fillStyle = Math.abs(cents) <= inTuneCents ? good : off;
        ctx.fillRect(x(t) - 1.5, y(midi) - 1.5, 3, 3);
      }
    };
    frame = requestAnimationFrame(draw);
    return () => {
      cancelAnimationFrame(frame);
      unsubscribe();
    };
  }, [service, transposition, a4Hz, inTuneCents, spelling]);

  return (
    <figure className="pitch-trace">
      <canvas
        ref={canvasRef}
        className="pitch-trace__canvas"
        data-testid="pitch-trace"
        role="img"
        aria-label={`Pitch over the last ${TRACE_SECONDS} seconds, in written pitch`}
      />
      <figcaption className="pitch-trace__caption">
        Last {TRACE_SECONDS} s (written pitch)
      </figcaption>
    </figure>
  );
}
