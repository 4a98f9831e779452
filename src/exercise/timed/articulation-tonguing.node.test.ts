import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCUMULATOR_PROCESSOR_NAME } from '../../audio/worklet/messages';
import type { PitchReading } from '../../audio/stream/pitch-service-types';
import { offlineStream, type OfflineStream } from '../../audio/offline/offline-stream';
import { loadProcessorClass, startProcessor } from '../../audio/offline/worklet-harness';
import {
  articulationPassage,
  TONGUING_NOTES_PER_BEAT,
  writtenMidiToHz,
  type Tonguing,
} from '../../music';
import { createTimedSession } from './timed-session';

/**
 * Legato tonguing through the real worklet and compiled engine (`npm run build:engine` first) in
 * both modes, into the articulation session: each note is re-attacked by a short tongue stroke
 * (the level falls for 10–15 ms, the pitch never stops), so the stream's note tracker hears one
 * long note and only the level dips tell the notes apart.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const RATE = 44100;
const BPM = 120;
const BEAT_MS = 60_000 / BPM;
/** The session's count-in: one bar; `begin(0)` puts the first note here. */
const FIRST_NOTE_MS = 4 * BEAT_MS;

let engine: WebAssembly.Module;
let processorClass: Awaited<ReturnType<typeof loadProcessorClass>>;

beforeAll(async () => {
  engine = new WebAssembly.Module(readFileSync(join(root, 'engine', 'build', 'pitch-engine.wasm')));
  processorClass = await loadProcessorClass(ACCUMULATOR_PROCESSOR_NAME);
});

interface Stroke {
  /** Length of the stroke before each note's start, ms. */
  ms: number;
  /** Gain inside it (0: the air stops; 0.35: ~9 dB down, a light legato tongue). */
  gain: number;
}

/**
 * Written G4 (sounding F4 on the B♭ trumpet) from the first note to a beat after the last is due,
 * each note after the first preceded by a stroke. Returns the samples.
 */
function tongued(notes: number, perBeat: number, stroke: Stroke): Float32Array {
  const hz = writtenMidiToHz(67, 'bb-trumpet');
  const startMs = FIRST_NOTE_MS;
  const endMs = startMs + ((notes - 1) / perBeat + 1) * BEAT_MS;
  const out = new Float32Array(Math.round(((endMs + 600) / 1000) * RATE));
  const noteMs = BEAT_MS / perBeat;
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = (1000 * i) / RATE;
    if (t < startMs || t >= endMs) continue;
    phase += (2 * Math.PI * hz) / RATE;
    const k = Math.ceil((t - startMs) / noteMs); // the next note's index
    const inStroke = k >= 1 && k < notes && startMs + k * noteMs - t <= stroke.ms;
    const x = 0.2 * Math.sin(phase) + 0.1 * Math.sin(2 * phase) + 0.06 * Math.sin(3 * phase);
    out[i] = x * (inStroke ? stroke.gain : 1);
  }
  return out;
}

function stream(samples: Float32Array, fastResponse: boolean): OfflineStream {
  const running = startProcessor(processorClass, RATE, { engine, fastResponse });
  for (let at = 0; at + 128 <= samples.length; at += 128) {
    running.quantum(samples.subarray(at, at + 128));
  }
  return offlineStream(running.messages);
}

/** The stream into the articulation session, as the exercise drives it (events, then reading). */
function practise(tonguing: Tonguing, heard: OfflineStream, withDips = true) {
  const perBeat = TONGUING_NOTES_PER_BEAT[tonguing];
  const session = createTimedSession({
    passage: articulationPassage({ tonguing, pattern: 'note', bars: 1 }),
    tempoBpm: BPM,
    instrument: 'bb-trumpet',
    a4Hz: 440,
    inTuneCents: 15,
    articulationNotesPerBeat: perBeat,
  });
  session.begin(0);
  heard.readings.forEach((reading, index) => {
    for (const e of heard.events) if (e.reading === index) session.onNote(e.event);
    const r: PitchReading = withDips ? reading : { ...reading, dips: [] };
    session.onReading(r);
    session.tick(reading.timeMs);
  });
  session.finish();
  const summary = session.state.get().articulation;
  if (!summary) throw new Error('no articulation summary');
  return summary;
}

describe('legato tonguing, pitch never stopping: notes per beat from the re-attacks', () => {
  const cases: { tonguing: Tonguing; perBeat: number; stroke: Stroke }[] = [
    { tonguing: 'double', perBeat: 4, stroke: { ms: 12, gain: 0 } },
    { tonguing: 'triple', perBeat: 3, stroke: { ms: 15, gain: 0.35 } },
    { tonguing: 'single', perBeat: 2, stroke: { ms: 10, gain: 0 } },
  ];
  for (const { tonguing, perBeat, stroke } of cases) {
    for (const fastResponse of [false, true]) {
      const mode = fastResponse ? 'fast' : 'block';
      it(`${tonguing} tonguing (${perBeat} a beat, ${stroke.ms} ms strokes), ${mode} mode`, () => {
        const notes = 3 * perBeat + 1; // articulationPassage: 3 beats of groups and a held note
        const heard = stream(tongued(notes, perBeat, stroke), fastResponse);
        // The tracker alone hears (nearly) one long note: the case the re-attacks are for.
        expect(heard.events.filter((e) => e.event.type === 'note-on').length).toBeLessThan(3);
        const summary = practise(tonguing, heard);
        expect(summary.notesAsked).toBe(notes);
        expect(summary.notesHeard).toBe(notes);
        expect(summary.notesPerBeat).toBe(perBeat);
        expect(summary.evennessMs).toBeLessThan(5);
        // Without the dips, the same stream reads as notes running together.
        expect(practise(tonguing, heard, false).notesPerBeat).toBeLessThan(1);
      });
    }
  }

  it('a 2 dB swell at each beat division is not a tongue stroke (no notes invented)', () => {
    const heard = stream(tongued(13, 4, { ms: 15, gain: 0.8 }), false);
    expect(practise('double', heard).notesPerBeat).toBeLessThan(1);
  });
});
