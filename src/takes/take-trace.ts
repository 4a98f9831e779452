/**
 * Draws a take's pitch trace and notes on a canvas: readings as a line (pitch on a semitone
 * scale), each note the stream reported as a bar with its name, the loop selection shaded and the
 * playback cursor. The trace is drawn once to an offscreen layer; each frame only copies it and
 * draws the cursor.
 */
import { hzToMidi } from '../music';
import { READING_STRIDE, type TakeNote } from './take-format';

export interface TraceData {
  readings: readonly number[];
  notes: readonly TakeNote[];
  durationMs: number;
  /** Name of a concert MIDI note as the player reads it (written for the instrument). */
  label: (concertMidi: number) => string;
}

export interface TraceColours {
  line: string;
  note: string;
  text: string;
  grid: string;
  cursor: string;
  selection: string;
}

/** MIDI range shown: the notes (or pitched readings) ± 2 semitones, at least an octave. */
export function pitchRange(data: TraceData): { low: number; high: number } {
  let low = Infinity;
  let high = -Infinity;
  for (const note of data.notes) {
    const m = hzToMidi(note.hz);
    low = Math.min(low, m);
    high = Math.max(high, m);
  }
  if (!Number.isFinite(low)) {
    for (let i = 0; i + READING_STRIDE <= data.readings.length; i += READING_STRIDE) {
      const hz = data.readings[i + 1];
      if (hz > 0) {
        const m = hzToMidi(hz);
        low = Math.min(low, m);
        high = Math.max(high, m);
      }
    }
  }
  if (!Number.isFinite(low)) return { low: 60, high: 72 };
  low = Math.floor(low) - 2;
  high = Math.ceil(high) + 2;
  if (high - low < 12) {
    const mid = (low + high) / 2;
    low = Math.floor(mid - 6);
    high = low + 12;
  }
  return { low, high };
}

export function drawTraceLayer(
  layer: HTMLCanvasElement,
  data: TraceData,
  colours: TraceColours,
  widthPx: number,
  heightPx: number,
): void {
  const ratio = globalThis.devicePixelRatio || 1;
  layer.width = Math.round(widthPx * ratio);
  layer.height = Math.round(heightPx * ratio);
  const g = layer.getContext('2d');
  if (!g) return;
  g.setTransform(ratio, 0, 0, ratio, 0, 0);
  g.clearRect(0, 0, widthPx, heightPx);
  const { low, high } = pitchRange(data);
  const duration = Math.max(1, data.durationMs);
  const x = (ms: number): number => (ms / duration) * widthPx;
  const y = (midi: number): number => heightPx - ((midi - low) / (high - low)) * heightPx;

  g.strokeStyle = colours.grid;
  g.lineWidth = 1;
  for (let m = Math.ceil(low); m <= high; m++) {
    if (m % 12 !== 0) continue; // a line at each C
    g.beginPath();
    g.moveTo(0, y(m));
    g.lineTo(widthPx, y(m));
    g.stroke();
  }
  g.font = '12px system-ui, sans-serif';
  for (const note of data.notes) {
    const midi = Math.round(hzToMidi(note.hz));
    g.fillStyle = colours.note;
    const top = y(midi + 0.5);
    const width = Math.max(2, x(note.offsetMs) - x(note.onsetMs));
    g.fillRect(x(note.onsetMs), top, width, y(midi - 0.5) - top);
    if (width > 18) {
      g.fillStyle = colours.text;
      g.fillText(data.label(midi), x(note.onsetMs) + 2, Math.max(12, top - 3));
    }
  }
  g.strokeStyle = colours.line;
  g.lineWidth = 1.5;
  g.beginPath();
  let drawing = false;
  for (let i = 0; i + READING_STRIDE <= data.readings.length; i += READING_STRIDE) {
    const hz = data.readings[i + 1];
    if (hz <= 0) {
      drawing = false;
      continue;
    }
    const px = x(data.readings[i]);
    const py = y(hzToMidi(hz));
    if (drawing) g.lineTo(px, py);
    else g.moveTo(px, py);
    drawing = true;
  }
  g.stroke();
}

export function drawTraceFrame(
  canvas: HTMLCanvasElement,
  layer: HTMLCanvasElement,
  colours: TraceColours,
  durationMs: number,
  cursorMs: number,
  loop: { startMs: number; endMs: number } | null,
): void {
  const g = canvas.getContext('2d');
  if (!g) return;
  if (canvas.width !== layer.width || canvas.height !== layer.height) {
    canvas.width = layer.width;
    canvas.height = layer.height;
  }
  g.setTransform(1, 0, 0, 1, 0, 0);
  g.clearRect(0, 0, canvas.width, canvas.height);
  g.drawImage(layer, 0, 0);
  const scale = canvas.width / Math.max(1, durationMs);
  if (loop) {
    g.fillStyle = colours.selection;
    g.fillRect(loop.startMs * scale, 0, (loop.endMs - loop.startMs) * scale, canvas.height);
  }
  g.fillStyle = colours.cursor;
  const ratio = globalThis.devicePixelRatio || 1;
  g.fillRect(Math.round(cursorMs * scale - ratio), 0, Math.max(2, 2 * ratio), canvas.height);
}
