import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCUMULATOR_PROCESSOR_NAME, MSG_TEARDOWN, type PitchMessage } from './messages';
import { loadProcessorClass, startProcessor } from '../offline/worklet-harness';
import { decodeWav } from '../offline/wav';
import { offlineStream } from '../offline/offline-stream';

/**
 * The real worklet and the real compiled engine (`npm run build:engine` first), driven quantum by
 * quantum in Node through the AudioWorklet shim.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const wasmPath = join(root, 'engine', 'build', 'pitch-engine.wasm');
const audioDir = process.env.EMBOUCHURE_AUDIO_DIR ?? join(root, '..', 'shared', 'audio');

let engine: WebAssembly.Module;
let processorClass: Awaited<ReturnType<typeof loadProcessorClass>>;

beforeAll(async () => {
  engine = new WebAssembly.Module(readFileSync(wasmPath));
  processorClass = await loadProcessorClass(ACCUMULATOR_PROCESSOR_NAME);
});

function run(file: string, fastResponse: boolean) {
  const wav = decodeWav(readFileSync(join(audioDir, file)));
  const running = startProcessor(processorClass, wav.sampleRate, { engine, fastResponse });
  for (let at = 0; at + 128 <= wav.samples.length; at += 128) {
    running.quantum(wav.samples.subarray(at, at + 128));
  }
  const pitches = running.messages.filter((m): m is PitchMessage => m.type === 'pitch');
  return { running, pitches, sampleRate: wav.sampleRate };
}

interface TruthFile {
  files: {
    file: string;
    notes: { midi: number; onset_s: number }[];
    reference_track: { hz: (number | null)[] };
  }[];
}
const truth = JSON.parse(readFileSync(join(audioDir, 'truth.json'), 'utf8')) as TruthFile;
/** Frame-local reference frequencies (frame 4096, hop 512) of a corpus file. */
function referenceTrack(file: string): (number | null)[] {
  const entry = truth.files.find((f) => f.file === file);
  if (!entry) throw new Error(`${file} not in truth.json`);
  return entry.reference_track.hz;
}

function truthNotes(file: string): { midi: number; onset_s: number }[] {
  const entry = truth.files.find((f) => f.file === file);
  if (!entry) throw new Error(`${file} not in truth.json`);
  return entry.notes;
}

const cents = (hz: number, refHz: number) => 1200 * Math.log2(hz / refHz);

describe('accumulator worklet + engine (Node)', () => {
  it('reports ready, then one pitch per 4096-sample block in block mode', () => {
    const { running, pitches, sampleRate } = run('clean/sr48000/tpt_n064_E4.wav', false);
    expect(running.messages[0]).toMatchObject({ type: 'ready', sampleRate: 48000 });
    const blocks = Math.floor((1.8 * sampleRate) / 4096);
    expect(pitches).toHaveLength(blocks);
    expect(pitches.map((p) => p.endFrame)).toEqual(
      Array.from({ length: blocks }, (_, i) => (i + 1) * 4096),
    );
  });

  it('reads a clean E4 within 3 cents of the frame-local truth once the note is steady', () => {
    const file = 'clean/sr48000/tpt_n064_E4.wav';
    const { pitches } = run(file, false);
    const reference = referenceTrack(file);
    // Blocks fully inside the sustain (0.45..1.45 s at 48 kHz).
    const steady = pitches.filter((p) => p.endFrame / 48000 > 0.55 && p.endFrame / 48000 < 1.45);
    expect(steady.length).toBeGreaterThan(5);
    for (const p of steady) {
      const expected = reference[(p.endFrame - 4096) / 512];
      expect(expected).toBeTypeOf('number');
      expect(Math.abs(cents(p.hz, expected as number))).toBeLessThan(3);
    }
  });

  it('reports 0 Hz (never NaN) for digital silence', () => {
    const { pitches } = run('nopitch/silence_sr44100.wav', false);
    expect(pitches.length).toBeGreaterThan(3);
    for (const p of pitches) {
      expect(p.hz).toBe(0);
      expect(p.levelDb).toBe(-120);
    }
  });

  it('updates about 5x more often in fast mode: capped at display rate (60/s vs ~11.7/s)', () => {
    const block = run('clean/sr48000/tpt_n064_E4.wav', false).pitches.length;
    const fast = run('clean/sr48000/tpt_n064_E4.wav', true).pitches;
    expect(fast.length).toBeGreaterThan(block * 4.5);
    // At most 60/s plus the immediate posts at note changes.
    expect(fast.length).toBeLessThan(1.8 * 60 + 10);
  });

  it.each([
    'nopitch/silence_sr44100.wav',
    'nopitch/white_m30dBFS_sr48000.wav',
    'nopitch/pink_m40dBFS_sr44100.wav',
  ])(
    'never reports a note on %s (block and fast mode: no note event, no note in any reading)',
    (file) => {
      for (const fastResponse of [false, true]) {
        const { running } = run(file, fastResponse);
        // The stream's onset gate: no note event, no reading with a note (what the tuner shows).
        const stream = offlineStream(running.messages);
        expect(stream.events).toEqual([]);
        expect(stream.readings.filter((r) => r.noteHz !== 0)).toEqual([]);
      }
    },
  );

  it.each([false, true])(
    'locates note onsets of the phrase within 15 ms (median) of the truth (fast mode: %s)',
    (fastResponse) => {
      const file = 'phrase/sr48000/phrase_1.wav';
      const entry = truthNotes(file);
      const stream = offlineStream(run(file, fastResponse).running.messages);
      // The stream's notes: onset from the note-on, pitch where it settled (its note-off).
      const notes = stream.events
        .map(({ event }) => event)
        .filter((event) => event.type === 'note-off');
      expect(notes).toHaveLength(entry.length);
      const errors = entry.map((note, i) => {
        const heard = notes[i];
        expect(Math.round(69 + 12 * Math.log2(heard.hz / 440))).toBe(note.midi);
        return Math.abs(heard.onsetMs - note.onset_s * 1000);
      });
      errors.sort((a, b) => a - b);
      expect(errors[errors.length >> 1]).toBeLessThan(15);
    },
  );

  it('frees the engine at the next quantum after a teardown request, then goes inert', () => {
    const { running } = run('clean/sr48000/tpt_n064_E4.wav', false);
    running.send({ type: MSG_TEARDOWN });
    // Processing stops (process() returns false) in the same quantum that confirms the teardown.
    expect(running.quantum(new Float32Array(128))).toBe(false);
    expect(running.messages.at(-1)).toEqual({ type: 'torn-down' });
    expect(running.quantum(new Float32Array(128))).toBe(false);
  });

  it('reports an engine error instead of throwing when the bytes are corrupt', () => {
    const running = startProcessor(processorClass, 44100, {
      engine: new Uint8Array([0, 97, 115, 109, 9, 9, 9, 9]).buffer,
      fastResponse: false,
    });
    expect(running.messages[0]).toMatchObject({ type: 'error' });
    expect(running.quantum(new Float32Array(128))).toBe(false);
  });
});
