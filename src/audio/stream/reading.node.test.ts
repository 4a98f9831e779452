import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCUMULATOR_PROCESSOR_NAME } from '../worklet/messages';
import { loadProcessorClass, startProcessor } from '../offline/worklet-harness';
import { decodeWav } from '../offline/wav';
import { offlineStream, type OfflineStream } from '../offline/offline-stream';

/**
 * The readings' note identity on real audio: corpus files through the real worklet, compiled engine
 * (`npm run build:engine` first) and stream decoder, as the app's consumers receive them.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const audioDir = process.env.EMBOUCHURE_AUDIO_DIR ?? join(root, '..', 'shared', 'audio');

interface TruthNote {
  name: string;
  onset_s: number;
  offset_s: number;
  articulation?: string;
}
const truth = JSON.parse(readFileSync(join(audioDir, 'truth.json'), 'utf8')) as {
  files: { file: string; notes: TruthNote[] }[];
};
const notesOf = (file: string): TruthNote[] =>
  truth.files.find((f) => f.file === file)?.notes ?? [];

let engine: WebAssembly.Module;
let processorClass: Awaited<ReturnType<typeof loadProcessorClass>>;
beforeAll(async () => {
  engine = new WebAssembly.Module(readFileSync(join(root, 'engine', 'build', 'pitch-engine.wasm')));
  processorClass = await loadProcessorClass(ACCUMULATOR_PROCESSOR_NAME);
});

function stream(file: string, fastResponse: boolean): OfflineStream {
  const wav = decodeWav(readFileSync(join(audioDir, file)));
  const running = startProcessor(processorClass, wav.sampleRate, { engine, fastResponse });
  for (let at = 0; at + 128 <= wav.samples.length; at += 128) {
    running.quantum(wav.samples.subarray(at, at + 128));
  }
  return offlineStream(running.messages);
}

/** Readings whose window lies inside [fromS, toS]. */
const inside = (s: OfflineStream, fromS: number, toS: number) =>
  s.readings.filter((r) => r.windowStartMs >= fromS * 1000 && r.windowEndMs <= toS * 1000);

describe('noteId and onNote on the corpus (real worklet, engine and stream)', () => {
  for (const response of ['block', 'fast'] as const) {
    it(`${response}: the 12-note phrase (tongued and slurred) is 12 numbered notes, each reading of a note's middle on it`, () => {
      const s = stream('phrase/sr48000/phrase_1.wav', response === 'fast');
      const notes = notesOf('phrase/sr48000/phrase_1.wav');
      expect(notes).toHaveLength(12);
      const ons = s.events.filter((e) => e.event.type === 'note-on');
      expect(ons).toHaveLength(12);
      const seen: number[] = [];
      for (const note of notes) {
        // The note's middle: past the attack and the window that still holds the note before.
        const window = s.readings[0]?.windowSamples ?? 0;
        const middle = inside(s, note.onset_s + 0.1, note.offset_s - 0.02);
        expect(middle.length, `${note.name} at ${note.onset_s} s`).toBeGreaterThan(0);
        const idsHere = new Set(middle.map((r) => r.noteId));
        expect(
          [...idsHere],
          `${note.name} at ${note.onset_s} s (${window}-sample windows)`,
        ).toHaveLength(1);
        expect(middle.every((r) => r.onNote)).toBe(true);
        seen.push(middle[0]?.noteId ?? 0);
      }
      // Every note its own number, in order: a slur and a tongued repeat alike.
      expect(seen).toEqual(seen.map((_, i) => (seen[0] ?? 0) + i));
      // Nothing sounding after the phrase.
      expect(s.readings.at(-1)).toMatchObject({ noteId: 0, onNote: false });
    });

    it(`${response}: a scooped attack (80 ¢ flat, reaching pitch in 0.2 s) and vibratos keep one number`, () => {
      const files = [
        'bend/sr48000/tpt_n061_Cs4_scoop.wav',
        'vibrato/sr44100/tpt_n071_B4_vib15c.wav',
        'vibrato/sr48000/tpt_n056_Ab3_vib30c.wav',
        // Fast mode renumbers this one (see the next test).
        ...(response === 'block' ? ['vibrato/sr48000/tpt_n079_G5_vib40c.wav'] : []),
      ];
      for (const file of files) {
        const s = stream(file, response === 'fast');
        const [note] = notesOf(file);
        if (!note) throw new Error(`${file} not in truth.json`);
        const sustain = inside(s, note.onset_s + 0.25, note.offset_s);
        const idsHere = new Set(sustain.map((r) => r.noteId));
        expect([...idsHere], file).toHaveLength(1);
        expect([...idsHere][0], file).toBeGreaterThan(0);
        expect(
          sustain.every((r) => r.onNote),
          file,
        ).toBe(true);
      }
    });
  }

  it('fast: a ±40 ¢ vibrato on G5 is renumbered only where the stream starts a note', () => {
    // The note tracker follows a held note with a lag; a 5 Hz ±40 ¢ vibrato read every 5 ms
    // outruns it by more than a quarter tone, and the stream confirms a "new" note there. Each
    // new number comes with its note-on, so consumers that count notes agree with `noteId`.
    const s = stream('vibrato/sr48000/tpt_n079_G5_vib40c.wav', true);
    const noteOnAt = new Set(
      s.events.filter((e) => e.event.type === 'note-on').map((e) => e.reading),
    );
    let last = 0;
    s.readings.forEach((r, i) => {
      if (r.noteId > 0 && r.noteId !== last) expect(noteOnAt.has(i)).toBe(true);
      last = r.noteId;
    });
    expect(noteOnAt.size).toBe(
      new Set(s.readings.map((r) => r.noteId).filter((id) => id > 0)).size,
    );
  });
});
