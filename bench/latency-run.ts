/**
 * Latency benchmark (run with `npm run bench:latency`): the real accumulator worklet and the real
 * compiled engine, driven offline in 128-sample quanta through the AudioWorklet shim, on the
 * phrase file of the corpus. For every note onset it reports the time until the first analysis
 * that names the right note and the first within ±5 cents, as posted by the worklet ("worklet")
 * and as the tuner displays it after its smoothing ("shown"), in block and fast mode.
 *
 * Time is measured from the onset in the truth file to the end of the analysed window (the last
 * sample the analysis saw): the delay a player would see on an infinitely fast machine. The
 * engine's compute time is reported separately (mean and max per analysis).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PEDAL_FLOOR_HZ, analysisWindow } from '../src/audio/worklet/analysis-window';
import { ACCUMULATOR_PROCESSOR_NAME, type FromWorkletMessage } from '../src/audio/worklet/messages';
import { loadProcessorClass, startProcessor } from '../src/audio/offline/worklet-harness';
import { decodeWav, resampleLinear } from '../src/audio/offline/wav';
import { offlineStream, type OfflineStream } from '../src/audio/offline/offline-stream';
import { createDisplayFilter } from '../src/tuner/display-filter';

export const projectRoot = resolve(import.meta.dirname, '..');
export const wasmPath = join(projectRoot, 'engine', 'build', 'pitch-engine.wasm');
export const audioDir = (): string =>
  process.env.EMBOUCHURE_AUDIO_DIR
    ? resolve(projectRoot, process.env.EMBOUCHURE_AUDIO_DIR)
    : resolve(projectRoot, '..', 'shared', 'audio');

/**
 * Loaded while the module itself loads: the module runner that imports this file closes once the
 * import resolves, so the worklet (a dynamic import) must be in by then.
 */
export const processorClass = await loadProcessorClass(ACCUMULATOR_PROCESSOR_NAME);

interface TruthNote {
  midi: number;
  name: string;
  onset_s: number;
  offset_s: number;
  measured_hz: number;
  articulation?: string;
}
interface TruthFile {
  file: string;
  sample_rate: number;
  notes: TruthNote[];
  reference_track: { frame: number; hop: number; hz: (number | null)[] };
}

export function loadEngineModule(): WebAssembly.Module {
  try {
    return new WebAssembly.Module(readFileSync(wasmPath));
  } catch (error) {
    throw new Error(`cannot load ${wasmPath}: run npm run build:engine first`, { cause: error });
  }
}

const midiOf = (hz: number) => Math.round(69 + 12 * Math.log2(hz / 440));
const centsOff = (hz: number, ref: number) => 1200 * Math.log2(hz / ref);

interface Event {
  /** End of the analysed window, s of input. */
  timeS: number;
  hz: number;
  clarity: number;
  /** Where the worklet located the onset of the note this analysis newly names, s; NaN if none. */
  onsetS: number;
}

/** Worklet messages for a whole file, in order, with times in seconds of input. */
async function runWorklet(
  samples: Float32Array,
  sampleRate: number,
  fastResponse: boolean,
  engine: WebAssembly.Module,
  fast: { frame?: number; hop?: number } = {},
  minHz?: number,
): Promise<{ events: Event[]; computeMs: number[]; stream: OfflineStream }> {
  const events: Event[] = [];
  const messages: FromWorkletMessage[] = [];
  const computeMs: number[] = [];
  const running = startProcessor(
    processorClass,
    sampleRate,
    { engine, fastResponse, fastFrameSize: fast.frame, fastHopSamples: fast.hop, minHz },
    (m: FromWorkletMessage) => {
      messages.push(m);
      if (m.type === 'pitch') {
        events.push({
          timeS: m.endFrame / sampleRate,
          hz: m.hz,
          clarity: m.clarity,
          onsetS: m.onsetFrame >= 0 ? m.onsetFrame / sampleRate : Number.NaN,
        });
      }
      if (m.type === 'error') throw new Error(m.message);
    },
  );
  const window = analysisWindow({ sampleRate, fastResponse, minHz });
  const analysisEvery = fastResponse ? (fast.hop ?? window.hopSamples) : window.frameSamples;
  for (let at = 0; at + 128 <= samples.length; at += 128) {
    const quantum = samples.subarray(at, at + 128);
    const t0 = performance.now();
    running.quantum(quantum);
    // A quantum that completes a window carries the analysis: time those.
    if ((at + 128) % analysisEvery === 0) computeMs.push(performance.now() - t0);
  }
  running.send({ type: 'teardown' });
  return { events, computeMs, stream: offlineStream(messages) };
}

/** What the tuner displays for each reading (the stream's notes, smoothed as on the page). */
function shownEvents(stream: OfflineStream): Event[] {
  const filter = createDisplayFilter(stream.readings[0]?.response ?? 'block');
  return stream.readings.map((r) => ({
    timeS: r.windowEndMs / 1000,
    hz: filter.push(r),
    clarity: r.clarity,
    onsetS: Number.NaN,
  }));
}

interface NoteLatency {
  note: string;
  articulation: string;
  correctMs: number | null;
  within5Ms: number | null;
}

function latencies(events: Event[], truth: TruthFile, sampleRate: number): NoteLatency[] {
  return truth.notes.map((note, i) => {
    const next = truth.notes[i + 1];
    const end = next ? next.onset_s : note.offset_s + 0.3;
    let correctMs: number | null = null;
    let within5Ms: number | null = null;
    for (const e of events) {
      if (e.timeS <= note.onset_s || e.timeS > end || !(e.hz > 0)) continue;
      const ms = (e.timeS - note.onset_s) * 1000;
      if (correctMs === null && midiOf(e.hz) === note.midi) correctMs = ms;
      // Frame-local truth for the window that ended at e.timeS (the soundfont's loops wobble).
      const frameStart = Math.round(
        ((e.timeS * sampleRate - 4096) / sampleRate) * truth.sample_rate,
      );
      const reference =
        truth.reference_track.hz[Math.round(frameStart / truth.reference_track.hop)] ??
        note.measured_hz;
      if (within5Ms === null && Math.abs(centsOff(e.hz, reference)) <= 5) within5Ms = ms;
    }
    return {
      note: note.name,
      articulation: note.articulation ?? '',
      correctMs,
      within5Ms,
    };
  });
}

/**
 * The stream's notes for a run: onset (from the note-on) and pitch (the one it settled on, from
 * its note-off: the first readings of an attack may still be scooping up from below).
 */
function noteOns(stream: OfflineStream): { onsetS: number; hz: number }[] {
  return stream.events
    .map(({ event }) => event)
    .filter((event) => event.type === 'note-off')
    .map((event) => ({ onsetS: event.onsetMs / 1000, hz: event.hz }));
}

/**
 * Onset error per truth note, ms (reported − truth): the note-on of the right note nearest the
 * truth onset within ±150 ms, or null when the stream reported none there.
 */
function onsetErrors(ons: { onsetS: number; hz: number }[], truth: TruthFile): (number | null)[] {
  return truth.notes.map((note) => {
    let best: number | null = null;
    for (const on of ons) {
      if (midiOf(on.hz) !== note.midi) continue;
      const ms = (on.onsetS - note.onset_s) * 1000;
      if (Math.abs(ms) <= 150 && (best === null || Math.abs(ms) < Math.abs(best))) best = ms;
    }
    return best;
  });
}

/**
 * Wrong notes the tuner showed: runs of displayed readings naming a note that is neither the one
 * sounding (from its onset to the next) nor the one it follows (still ringing into a slur), with
 * how long each run lasted. A flash of a neighbour or an octave counts once however short.
 */
function wrongNotesShown(shown: Event[], truth: TruthFile): { count: number; longestMs: number } {
  let count = 0;
  let longestMs = 0;
  let runStart = Number.NaN;
  let runMidi = 0;
  const closeRun = (endS: number) => {
    if (Number.isNaN(runStart)) return;
    count++;
    longestMs = Math.max(longestMs, (endS - runStart) * 1000);
    runStart = Number.NaN;
  };
  for (const e of shown) {
    const midi = e.hz > 0 ? midiOf(e.hz) : 0;
    let k = -1;
    for (let i = 0; i < truth.notes.length; i++) {
      if ((truth.notes[i] as TruthNote).onset_s <= e.timeS) k = i;
    }
    const allowed = [truth.notes[k]?.midi, truth.notes[k - 1]?.midi];
    const wrong = midi !== 0 && k >= 0 && !allowed.includes(midi);
    if (!wrong || midi !== runMidi) closeRun(e.timeS);
    if (wrong && Number.isNaN(runStart)) {
      runStart = e.timeS;
      runMidi = midi;
    }
    if (!wrong) runMidi = 0;
  }
  closeRun(shown.at(-1)?.timeS ?? 0);
  return { count, longestMs };
}

/** The file with `phase` samples of silence before it, and its truth moved to match. */
function withLeadIn(samples: Float32Array, truth: TruthFile, phase: number, sampleRate: number) {
  const padded = new Float32Array(phase + samples.length);
  padded.set(samples, phase);
  const shifted: TruthFile = {
    ...truth,
    notes: truth.notes.map((n) => ({
      ...n,
      onset_s: n.onset_s + phase / sampleRate,
      offset_s: n.offset_s + phase / sampleRate,
    })),
    // Frame-local references do not survive the shift: the ±5 ¢ column uses the loop mean.
    reference_track: { ...truth.reference_track, hz: [] },
  };
  return { padded, shifted };
}

const median = (values: number[]) => {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const percentile = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? Number.NaN;
};
const fmt = (v: number | null) => (v === null ? '   miss' : `${v.toFixed(1).padStart(7)}`);

export async function main(argv: string[]): Promise<void> {
  const file = argv.find((a) => a.endsWith('.wav')) ?? 'phrase/sr48000/phrase_1.wav';
  const rateArg = argv.find((a) => a.startsWith('--rate='));
  const numberArg = (name: string) => {
    const arg = argv.find((a) => a.startsWith(`--${name}=`));
    return arg ? Number(arg.slice(name.length + 3)) : undefined;
  };
  const fast = { frame: numberArg('fast-frame'), hop: numberArg('fast-hop') };
  const truthAll = JSON.parse(readFileSync(join(audioDir(), 'truth.json'), 'utf8')) as {
    files: TruthFile[];
  };
  const truth = truthAll.files.find((f) => f.file === file);
  if (!truth) throw new Error(`${file} not in truth.json`);
  const wav = decodeWav(readFileSync(join(audioDir(), file)));
  const sampleRate = rateArg ? Number(rateArg.slice('--rate='.length)) : wav.sampleRate;
  const samples = resampleLinear(wav.samples, wav.sampleRate, sampleRate);
  const engine = loadEngineModule();

  // Where an onset falls inside a 4096-sample block is chance: pool 8 phases (0..3584 samples of
  // leading silence, in steps of 512) so the medians do not hinge on one alignment.
  const phases = argv.includes('--one-phase') ? [0] : [0, 1, 2, 3, 4, 5, 6, 7].map((k) => k * 512);
  console.log(
    `Latency: ${file} at ${sampleRate} Hz, ${truth.notes.length} onsets x ${phases.length} phases`,
  );
  console.log('(ms from onset to the end of the first analysed window that is right)\n');
  const summary: string[] = [];
  const onsetSummary: string[] = [];
  for (const fastResponse of [false, true]) {
    const mode = fastResponse ? 'fast' : 'block';
    const raw: NoteLatency[] = [];
    const shown: NoteLatency[] = [];
    const compute: number[] = [];
    const onsetMs: number[] = [];
    let onsetMisses = 0;
    let wrongShown = 0;
    let wrongLongestMs = 0;
    let messages = 0;
    for (const phase of phases) {
      const { padded, shifted } = withLeadIn(samples, truth, phase, sampleRate);
      const run = await runWorklet(padded, sampleRate, fastResponse, engine, fast);
      const errors = onsetErrors(noteOns(run.stream), shifted);
      const wrong = wrongNotesShown(shownEvents(run.stream), shifted);
      wrongShown += wrong.count;
      wrongLongestMs = Math.max(wrongLongestMs, wrong.longestMs);
      for (const e of errors) if (e === null) onsetMisses++;
      onsetMs.push(...errors.filter((e): e is number => e !== null));
      const r = latencies(run.events, shifted, sampleRate);
      const s = latencies(shownEvents(run.stream), shifted, sampleRate);
      // ±5 ¢ needs the frame-local reference: only the unshifted run lines up with it.
      if (phase === 0) {
        const r0 = latencies(run.events, truth, sampleRate);
        const s0 = latencies(shownEvents(run.stream), truth, sampleRate);
        r0.forEach((row, i) => (r[i] = row));
        s0.forEach((row, i) => (s[i] = row));
        console.log(`${mode} mode, phase 0`);
        console.log('note  artic.    | worklet: note  ±5 ¢ | shown: note   ±5 ¢ | onset error');
        r0.forEach((row, i) => {
          const sr = s0[i] as NoteLatency;
          console.log(
            `${row.note.padEnd(5)} ${row.articulation.padEnd(9)} |  ${fmt(row.correctMs)} ${fmt(row.within5Ms)} |  ${fmt(sr.correctMs)} ${fmt(sr.within5Ms)} |  ${fmt(errors[i] ?? null)}`,
          );
        });
        console.log('');
      }
      // Other phases: the ±5 ¢ column falls back to the note's loop-mean frequency.
      raw.push(...r);
      shown.push(...s);
      compute.push(...run.computeMs);
      messages += run.events.length;
    }
    const pick = (rows: NoteLatency[], key: 'correctMs' | 'within5Ms') =>
      rows.map((r) => r[key]).filter((v): v is number => v !== null);
    const sorted = [...compute].sort((a, b) => a - b);
    const line =
      `${mode.padEnd(5)}: median to correct note ${median(pick(raw, 'correctMs')).toFixed(1)} ms ` +
      `(shown ${median(pick(shown, 'correctMs')).toFixed(1)}), to ±5 ¢ ${median(pick(raw, 'within5Ms')).toFixed(1)} ms ` +
      `(shown ${median(pick(shown, 'within5Ms')).toFixed(1)}); misses ${raw.filter((r) => r.correctMs === null).length}/${raw.length}; ` +
      `messages/run ${(messages / phases.length).toFixed(0)}; compute per analysis median ${median(compute).toFixed(3)} ms, ` +
      `p99 ${(sorted[Math.floor(sorted.length * 0.99)] ?? 0).toFixed(3)} ms, max ${Math.max(...compute).toFixed(3)} ms`;
    summary.push(line);
    const absolute = onsetMs.map(Math.abs);
    onsetSummary.push(
      `${mode.padEnd(5)}: onset error median ${median(onsetMs).toFixed(1)} ms, median |error| ` +
        `${median(absolute).toFixed(1)} ms, p90 |error| ${percentile(absolute, 0.9).toFixed(1)} ms; ` +
        `notes without a note-on ${onsetMisses}/${onsetMs.length + onsetMisses}; ` +
        `wrong notes shown ${wrongShown} in ${phases.length} runs (longest ${wrongLongestMs.toFixed(0)} ms)`,
    );
  }
  console.log(summary.join('\n'));
  console.log('\nOnsets reported by the stream (note-on events) against truth.json, all phases:');
  console.log(onsetSummary.join('\n'));
  console.log('Target: median within ±15 ms in both modes.');
  console.log('\nTargets: fast median ≤ 40 ms to the correct note; block ≤ 110 ms.');
  if (!argv.some((a) => a.endsWith('.wav'))) await pedalLatency(engine, phases, argv);
}

/**
 * Low notes: the corpus's pedal files (tag "pedal") with the engine's floor at PEDAL_FLOOR_HZ,
 * same phases and definition as above (single notes: until 0.3 s after note-off). The fast window
 * is longer for this floor (`analysisWindow`), so low notes take longer than the phrase's.
 */
async function pedalLatency(engine: WebAssembly.Module, phases: number[], argv: string[]) {
  const rateArg = argv.find((a) => a.startsWith('--rate='));
  const truthAll = JSON.parse(readFileSync(join(audioDir(), 'truth.json'), 'utf8')) as {
    files: (TruthFile & { tags: string[]; condition: string })[];
  };
  const files = truthAll.files.filter((f) => f.tags.includes('pedal'));
  console.log(
    `\nPedal files, floor ${PEDAL_FLOOR_HZ} Hz, ${phases.length} phases each (median ms to the right note / to ±5 ¢; misses):`,
  );
  console.log(`${'file'.padEnd(42)} | ${'block (window/hop)'.padEnd(30)} | fast (window/hop)`);
  for (const truth of files) {
    const wav = decodeWav(readFileSync(join(audioDir(), truth.file)));
    const sampleRate = rateArg ? Number(rateArg.slice('--rate='.length)) : wav.sampleRate;
    const samples = resampleLinear(wav.samples, wav.sampleRate, sampleRate);
    const cells: string[] = [];
    for (const fastResponse of [false, true]) {
      const rows: NoteLatency[] = [];
      for (const phase of phases) {
        const { padded, shifted } = withLeadIn(samples, truth, phase, sampleRate);
        const run = await runWorklet(padded, sampleRate, fastResponse, engine, {}, PEDAL_FLOOR_HZ);
        rows.push(...latencies(run.events, shifted, sampleRate));
      }
      const pick = (key: 'correctMs' | 'within5Ms') =>
        rows.map((r) => r[key]).filter((v): v is number => v !== null);
      const { frameSamples, hopSamples } = analysisWindow({
        sampleRate,
        fastResponse,
        minHz: PEDAL_FLOOR_HZ,
      });
      cells.push(
        `${median(pick('correctMs')).toFixed(1).padStart(6)} / ${median(pick('within5Ms')).toFixed(1).padStart(6)}; ${rows.filter((r) => r.correctMs === null).length} (${frameSamples}/${hopSamples})`,
      );
    }
    console.log(`${`${truth.file}`.padEnd(42)} | ${cells.join(' | ')}`);
  }
}

/**
 * `--accuracy`: steady-state check of a fast-mode configuration on every single-note file of the
 * corpus (not the phrase): share of analyses during the steady sustain naming the right note, and
 * the median |cents| against the truth's note frequency.
 */
export async function accuracy(argv: string[]): Promise<void> {
  const numberArg = (name: string) => {
    const arg = argv.find((a) => a.startsWith(`--${name}=`));
    return arg ? Number(arg.slice(name.length + 3)) : undefined;
  };
  const fast = { frame: numberArg('fast-frame'), hop: numberArg('fast-hop') };
  const truthAll = JSON.parse(readFileSync(join(audioDir(), 'truth.json'), 'utf8')) as {
    files: (TruthFile & { condition: string })[];
  };
  const engine = loadEngineModule();
  for (const fastResponse of [false, true]) {
    let right = 0;
    let total = 0;
    const errors: number[] = [];
    for (const truth of truthAll.files) {
      if (truth.notes.length !== 1 || truth.condition === 'phrase') continue;
      const note = truth.notes[0] as TruthNote;
      const wav = decodeWav(readFileSync(join(audioDir(), truth.file)));
      const { events } = await runWorklet(wav.samples, wav.sampleRate, fastResponse, engine, fast);
      for (const e of events) {
        // Steady sustain: from 0.3 s after the onset to the note-off.
        if (e.timeS < note.onset_s + 0.3 + 0.1 || e.timeS > note.offset_s) continue;
        total++;
        const expected = (note as TruthNote & { bent_measured_hz?: number }).bent_measured_hz;
        const refHz = expected ?? note.measured_hz;
        if (e.hz > 0 && Math.abs(centsOff(e.hz, refHz)) < 50) {
          right++;
          errors.push(Math.abs(centsOff(e.hz, refHz)));
        }
      }
    }
    console.log(
      `${fastResponse ? 'fast ' : 'block'}: ${((100 * right) / total).toFixed(1)}% of ${total} steady readings on the right note, median |error| ${median(errors).toFixed(2)} ¢`,
    );
  }
}
