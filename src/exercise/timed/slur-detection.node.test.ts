import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCUMULATOR_PROCESSOR_NAME, type FromWorkletMessage } from '../../audio/worklet/messages';
import { loadProcessorClass, startProcessor } from '../../audio/offline/worklet-harness';
import { decodeWav, resampleLinear } from '../../audio/offline/wav';
import { offlineStream } from '../../audio/offline/offline-stream';
import { reattacked, type PitchSample } from '../../music';

/**
 * Slurred or tongued, on a real recording: the corpus phrase (../shared/audio/phrase, 12 notes,
 * each change labelled tongued or slurred in truth.json) through the real worklet and compiled
 * engine (`npm run build:engine` first), frames built as the timed session builds them.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const audioDir = process.env.EMBOUCHURE_AUDIO_DIR ?? join(root, '..', 'shared', 'audio');
const haveCorpus = existsSync(join(audioDir, 'truth.json'));

interface TruthNote {
  name: string;
  onset_s: number;
  measured_hz: number;
  articulation: 'tongued' | 'slurred';
}

let engine: WebAssembly.Module;
let processorClass: Awaited<ReturnType<typeof loadProcessorClass>>;
let notes: TruthNote[];
let samples: Float32Array;
let sampleRate: number;

beforeAll(async () => {
  if (!haveCorpus) return;
  engine = new WebAssembly.Module(readFileSync(join(root, 'engine', 'build', 'pitch-engine.wasm')));
  processorClass = await loadProcessorClass(ACCUMULATOR_PROCESSOR_NAME);
  const truth = JSON.parse(readFileSync(join(audioDir, 'truth.json'), 'utf8')) as {
    files: { file: string; notes: TruthNote[] }[];
  };
  const file = truth.files.find((f) => f.file.includes('phrase_1'));
  if (!file) throw new Error('truth.json has no phrase_1');
  notes = file.notes;
  const wav = decodeWav(readFileSync(join(audioDir, file.file)));
  samples = wav.samples;
  sampleRate = wav.sampleRate;
});

/**
 * What `reattacked` says of each change after the first note, as the session would ask it: from
 * the stream's fine level dips (`PitchReading.dips`), or (`levelsOnly`) from the readings' window
 * levels alone, as before the dips existed.
 */
function verdicts(
  fastResponse: boolean,
  levelsOnly = false,
  rateHz = sampleRate,
): { truth: string; said: string }[] {
  const messages: FromWorkletMessage[] = [];
  const running = startProcessor(processorClass, rateHz, { engine, fastResponse }, (m) =>
    messages.push(m),
  );
  const audio = rateHz === sampleRate ? samples : resampleLinear(samples, sampleRate, rateHz);
  for (let at = 0; at + 128 <= audio.length; at += 128) {
    running.quantum(audio.subarray(at, at + 128));
  }
  running.send({ type: 'teardown' });
  const { readings } = offlineStream(messages);
  const frames: PitchSample[] = readings.map((r) => ({
    timeMs: (r.windowStartMs + r.windowEndMs) / 2,
    hz: r.hz,
    levelDb: r.levelDb,
  }));
  const dips = levelsOnly ? undefined : readings.flatMap((r) => r.dips);
  const halfWindowMs = (readings[0].windowEndMs - readings[0].windowStartMs) / 2;
  return notes.slice(1).map((note) => {
    // The session's onset for the check: the first frame on the note, less half a window.
    const first = frames.find(
      (f) =>
        f.timeMs >= note.onset_s * 1000 - 100 &&
        f.hz > 0 &&
        Math.abs(1200 * Math.log2(f.hz / note.measured_hz)) <= 50,
    );
    const onsetMs = first ? first.timeMs - halfWindowMs : note.onset_s * 1000;
    return {
      truth: `${note.name} ${note.articulation}`,
      said: `${note.name} ${reattacked(frames, onsetMs, dips) ? 'tongued' : 'slurred'}`,
    };
  });
}

const tally = (results: { truth: string; said: string }[], kind: string) => {
  const of = results.filter((r) => r.truth.endsWith(kind));
  return { total: of.length, right: of.filter((r) => r.said === r.truth).length };
};

describe.skipIf(!haveCorpus)('slurred or tongued on the corpus phrase', () => {
  it('fast mode tells every change right (8 tongued, 3 slurred)', () => {
    const results = verdicts(true);
    expect(results).toHaveLength(11);
    expect(tally(results, 'tongued')).toEqual({ total: 8, right: 8 });
    expect(results.map((r) => r.said)).toEqual(results.map((r) => r.truth));
  });

  it('block mode tells every change right too: the dips are found at ~3 ms, not per window', () => {
    const results = verdicts(false);
    expect(results).toHaveLength(11);
    expect(tally(results, 'tongued')).toEqual({ total: 8, right: 8 });
    expect(tally(results, 'slurred')).toEqual({ total: 3, right: 3 });
    expect(results.map((r) => r.said)).toEqual(results.map((r) => r.truth));
  });

  it('the same at 44.1 kHz (the phrase resampled), both modes', () => {
    for (const fastResponse of [false, true]) {
      const results = verdicts(fastResponse, false, 44100);
      expect(results.map((r) => r.said)).toEqual(results.map((r) => r.truth));
    }
  });

  it("block mode's window levels alone hide most tongue strokes (why the dips exist)", () => {
    const results = verdicts(false, true);
    expect(tally(results, 'tongued').right).toBeLessThanOrEqual(2);
    expect(tally(results, 'slurred')).toEqual({ total: 3, right: 3 });
    // Fast mode's short windows still see them in the levels (the fallback for old recordings).
    expect(verdicts(true, true).map((r) => r.said)).toEqual(results.map((r) => r.truth));
  });
});
