import { join } from 'node:path';
import { writeWav16 } from '../synth-wav';

/**
 * A synthesised trumpet line for the engine tests: brass-like notes (the first eight harmonics
 * falling 3 dB each, as `brassTone`) and silences, one phase-continuous tone so that a slurred
 * change of note has no gap (the pitch glides over `glideS`, as a lip slur does), while a note
 * after a silence starts with a 5 ms fade (a tongued attack).
 */
export interface LineNote {
  /** Concert frequency, or null for silence. */
  hz: number | null;
  seconds: number;
}

const HARMONICS = Array.from({ length: 8 }, (_, k) => 10 ** ((-3 * k) / 20));
const SCALE = 0.5 / HARMONICS.reduce((sum, a) => sum + a, 0);

export function writeLine(
  dir: string,
  name: string,
  notes: readonly LineNote[],
  options: { rate?: number; glideS?: number } = {},
): string {
  const rate = options.rate ?? 44100;
  const glide = Math.round((options.glideS ?? 0.03) * rate);
  const fade = Math.round(0.005 * rate);
  const total = Math.round(notes.reduce((s, n) => s + n.seconds, 0) * rate);
  const out = new Float32Array(total);
  let phase = 0;
  let at = 0;
  notes.forEach((note, index) => {
    const length = Math.round(note.seconds * rate);
    const { hz } = note;
    if (hz === null) {
      at += length;
      return;
    }
    const before = notes[index - 1]?.hz ?? null;
    const after = notes[index + 1]?.hz ?? null;
    for (let i = 0; i < length && at + i < total; i++) {
      // Slurred from the note before: glide from its pitch, in cents (log frequency).
      const f =
        before !== null && i < glide ? before * (hz / before) ** (i / glide) : (hz as number);
      phase += (2 * Math.PI * f) / rate;
      let x = 0;
      for (let k = 0; k < HARMONICS.length; k++) {
        x += (HARMONICS[k] as number) * Math.sin(phase * (k + 1));
      }
      const fadeIn = before === null ? Math.min(1, i / fade) : 1;
      const fadeOut = after === null ? Math.min(1, (length - i) / fade) : 1;
      out[at + i] = x * SCALE * fadeIn * fadeOut;
    }
    at += length;
  });
  return writeWav16(join(dir, name), rate, out);
}
