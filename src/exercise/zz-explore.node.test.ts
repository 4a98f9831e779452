import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'vitest';
import { ACCUMULATOR_PROCESSOR_NAME, type FromWorkletMessage } from '../audio/messages';
import { loadProcessorClass, startProcessor } from '../audio/testing/worklet-harness';
import { decodeWav } from '../audio/testing/wav';
import { offlineStream } from '../audio/testing/offline-stream';

const root = join(import.meta.dirname, '..', '..');
const audioDir = join(root, '..', 'shared', 'audio');
it('explore', async () => {
  const engine = new WebAssembly.Module(readFileSync(join(root, 'engine', 'build', 'pitch-engine.wasm')));
  const cls = await loadProcessorClass(ACCUMULATOR_PROCESSOR_NAME);
  const truth = JSON.parse(readFileSync(join(audioDir, 'truth.json'), 'utf8'));
  const file = truth.files.find((f: { file: string }) => f.file.includes('phrase_1'));
  const wav = decodeWav(readFileSync(join(audioDir, file.file)));
  for (const fast of [true, false]) {
    const messages: FromWorkletMessage[] = [];
    const r = startProcessor(cls, wav.sampleRate, { engine, fastResponse: fast }, (m) => messages.push(m));
    for (let at = 0; at + 128 <= wav.samples.length; at += 128) r.quantum(wav.samples.subarray(at, at + 128));
    const { readings } = offlineStream(messages);
    const dips = readings.flatMap((x) => x.dips);
    console.log(fast ? 'FAST' : 'BLOCK', 'dips', dips.map((d) => `${Math.round(d.attackMs)}:${d.depthDb.toFixed(1)}`).join(' '));
  }
  console.log(file.notes.map((n: { onset_s: number; articulation: string; name: string }) => `${n.name} ${Math.round(n.onset_s * 1000)} ${n.articulation}`).join(' | '));
});
