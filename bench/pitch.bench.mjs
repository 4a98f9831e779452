// Pitch benchmark: the engine side by side with pitchy, pitchfinder (YIN, Macleod) and aubio
// (yin, yinfft) on a labelled corpus, interleaved frame by frame in one process.
//
//   npm run bench -- [--corpus DIR] [--norm chunk128|chunk128-bare|frame] [--min-hz 60]
//                    [--json FILE] [--only REGEX] [--detectors engine,pitchy,...] [--full]
//
// Framing: the product's. Every 128-sample chunk is divided by its own max |x|; frames of 4096
// samples. "block" mode analyses each 4096-sample block once (frames starting at 0, 4096, ...);
// "sliding" mode the newest 4096 samples every 512 (frames starting at every multiple of 512).
// A frame is analysed independently of the others, so block frames are the sliding frames whose
// start is a multiple of 4096; each frame is computed once and scored in both modes.
// What each detector receives per --norm:
//   chunk128       engine: normalised chunks + their divisors (the product's path);
//                  peers: the restored waveform (they have no use for divisors).
//   chunk128-bare  everyone: the normalised chunks, no divisors.
//   frame          everyone: the frame divided by its own max |x|.
// The O(n^2) pitchfinder detectors run on block frames only unless --full is given.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  CHUNK,
  corpusAvailable,
  defaultCorpusDir,
  labelFrame,
  loadTruth,
  normaliseChunks,
  readWav,
} from './corpus.ts';
import { FRAME, HOP, ENGINE_WASM, allDetectors } from './detectors.ts';
import { newTally, scoreUnvoiced, scoreVoiced, summarise } from './metrics.ts';
import { PEDAL_FLOOR_HZ, analysisWindow } from '../src/audio/worklet/analysis-window.ts';
import { PitchEngine } from '../src/audio/worklet/engine/pitch-engine.ts';

function parseArgs(argv) {
  const opts = {
    corpus: defaultCorpusDir(),
    norm: 'chunk128',
    minHz: 60,
    json: null,
    only: null,
    detectors: null,
    full: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--corpus') opts.corpus = resolve(next());
    else if (a === '--norm') opts.norm = next();
    else if (a === '--min-hz') opts.minHz = Number(next());
    else if (a === '--json') opts.json = resolve(next());
    else if (a === '--only') opts.only = new RegExp(next());
    else if (a === '--detectors') opts.detectors = next().split(',');
    else if (a === '--full') opts.full = true;
    else if (a === '--help' || a === '-h') {
      console.log(
        'usage: npm run bench -- [--corpus DIR] [--norm chunk128|chunk128-bare|frame] [--min-hz HZ] [--json FILE] [--only REGEX] [--detectors a,b] [--full]',
      );
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  if (!['chunk128', 'chunk128-bare', 'frame'].includes(opts.norm)) {
    throw new Error(`--norm must be chunk128, chunk128-bare or frame, got ${opts.norm}`);
  }
  if (!(opts.minHz > 0)) throw new Error(`--min-hz must be a positive number of Hz`);
  return opts;
}

function unvoicedKind(file, frame) {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < frame.length; i++) {
    if (frame[i] < lo) lo = frame[i];
    if (frame[i] > hi) hi = frame[i];
  }
  if (hi - lo === 0) return 'silence'; // digital silence, with or without a DC offset
  if (file.condition === 'noise-only') return 'low-level';
  if (file.tags.includes('noise')) return 'noise-only';
  return 'other';
}

const pct = (x) => (Number.isFinite(x) ? (100 * x).toFixed(2) : '–');
const num = (x, d) => (Number.isFinite(x) ? x.toFixed(d) : '–');

function table(title, rows) {
  const header = [
    'detector',
    'RPA %',
    'gross %',
    'octave %',
    'median ¢',
    'p95 ¢',
    'FP silence %',
    'FP low-level %',
    'FP noise-only %',
    'FP all %',
    'recall %',
    'µs/frame',
  ];
  const lines = [
    `### ${title}`,
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
  ];
  for (const [name, s] of rows) {
    if (s.frames === 0) continue;
    lines.push(
      `| ${[
        name,
        pct(s.rawPitchAccuracy),
        pct(s.grossErrorRate),
        pct(s.octaveErrorRate),
        num(s.medianCents, 3),
        num(s.p95Cents, 3),
        pct(s.falsePitchRate.silence),
        pct(s.falsePitchRate['low-level']),
        pct(s.falsePitchRate['noise-only']),
        pct(s.falsePitchRate.all),
        pct(s.voicingRecall),
        num(s.medianMicros, 0),
      ].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

/**
 * The pedal files (tag "pedal") with the engine's floor at PEDAL_FLOOR_HZ: the 4096-sample frames
 * every 512 of the tables above, and the fast-response window `analysisWindow` picks for the pedal
 * floor at the file's rate, each with divisors and on the bare path (normalised chunks only).
 * Steady-frame cents: against `reference_track` for 4096/512, against the note's `hz` otherwise
 * (that includes the soundfont loop's wobble of a few cents).
 */
function pedalSection(opts, truth) {
  const files = truth.files.filter((f) => f.tags.includes('pedal'));
  if (files.length === 0) return null;
  const module = new WebAssembly.Module(readFileSync(ENGINE_WASM));
  const configs = [];
  for (const fast of [false, true]) {
    for (const restore of [true, false]) configs.push({ fast, restore });
  }
  const rows = [];
  for (const { fast, restore } of configs) {
    const tally = newTally();
    const perFile = [];
    let windowText = '';
    for (const file of files) {
      const wav = readWav(join(opts.corpus, file.file));
      const sr = wav.sampleRate;
      const { normalised, divisors } = normaliseChunks(wav.samples);
      const window = fast
        ? analysisWindow({ sampleRate: sr, fastResponse: true, minHz: PEDAL_FLOOR_HZ })
        : { frameSamples: FRAME, hopSamples: HOP };
      const frame = window.frameSamples;
      const hop = window.hopSamples;
      windowText = `${frame}/${hop}`;
      const engine = PitchEngine.instantiateSync(module, {
        sampleRate: sr,
        minHz: PEDAL_FLOOR_HZ,
        frameSize: frame,
        hop: frame,
      });
      const fileTally = newTally();
      const ref = file.reference_track;
      const frames = Math.floor((wav.samples.length - frame) / hop) + 1;
      for (let i = 0; i < frames; i++) {
        const start = i * hop;
        const label = labelFrame(file.segments, start / sr, (start + frame) / sr);
        if (label === null) continue;
        const t0 = performance.now();
        engine.input.set(normalised.subarray(start, start + frame));
        if (restore) engine.divisors.set(divisors.subarray(start / CHUNK, (start + frame) / CHUNK));
        engine.pitches(frame, restore);
        const hz = engine.hz[0];
        tally.micros.push((performance.now() - t0) * 1000);
        const refHz = !fast && ref && ref.hop === HOP ? (ref.hz[start / HOP] ?? null) : label.hz;
        for (const t of [tally, fileTally]) {
          if (label.voiced) scoreVoiced(t, hz, label.hz, label.steady, refHz ?? null);
          else scoreUnvoiced(t, hz, unvoicedKind(file, wav.samples.subarray(start, start + frame)));
        }
      }
      engine.teardown();
      const fs = summarise(fileTally);
      perFile.push(
        `${file.notes[0].name} ${file.condition} ${pct(fs.rawPitchAccuracy)} % (${fs.octaveErrors} oct.)`,
      );
    }
    rows.push({
      name: `${fast ? 'fast' : 'sliding'} ${windowText}, ${restore ? 'divisors' : 'bare'}`,
      summary: summarise(tally),
      perFile: perFile.join('; '),
    });
  }
  const header = [
    'engine, floor ' + PEDAL_FLOOR_HZ + ' Hz',
    'voiced',
    'RPA %',
    'gross %',
    'octave errors',
    'median ¢',
    'p95 ¢',
    'FP all %',
    'µs/frame',
    'per file',
  ];
  const lines = [
    `### pedal files (tag "pedal": ${files.length}) with the pedal floor`,
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
  ];
  for (const { name, summary: x, perFile } of rows) {
    lines.push(
      `| ${[name, x.voicedFrames, pct(x.rawPitchAccuracy), pct(x.grossErrorRate), x.octaveErrors, num(x.medianCents, 3), num(x.p95Cents, 3), pct(x.falsePitchRate.all), num(x.medianMicros, 0), perFile].join(' | ')} |`,
    );
  }
  return { text: lines.join('\n'), rows };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!corpusAvailable(opts.corpus)) {
    throw new Error(`no truth.json in ${opts.corpus} (use --corpus DIR or EMBOUCHURE_AUDIO_DIR)`);
  }
  const truth = loadTruth(opts.corpus);
  let detectors = allDetectors(opts.minHz);
  if (opts.detectors)
    detectors = detectors.filter((d) => opts.detectors.some((n) => d.name.startsWith(n)));
  const modes = ['block', 'sliding'];
  const tallies = Object.fromEntries(
    modes.map((m) => [m, Object.fromEntries(detectors.map((d) => [d.name, newTally()]))]),
  );
  const files = truth.files.filter((f) => !opts.only || opts.only.test(f.file));
  const started = performance.now();
  const restored = new Float32Array(FRAME);
  let rotation = 0;
  for (const file of files) {
    const wav = readWav(join(opts.corpus, file.file));
    const { normalised, divisors } = normaliseChunks(wav.samples);
    const sr = wav.sampleRate;
    for (const d of detectors) await d.prepare(sr);
    const ref = file.reference_track;
    const frames = Math.floor((wav.samples.length - FRAME) / HOP) + 1;
    for (let i = 0; i < frames; i++) {
      const start = i * HOP;
      const label = labelFrame(file.segments, start / sr, (start + FRAME) / sr);
      if (label === null) continue;
      const isBlock = start % FRAME === 0;
      const raw = wav.samples.subarray(start, start + FRAME);
      let input;
      let engineInput;
      if (opts.norm === 'chunk128') {
        const chunk = normalised.subarray(start, start + FRAME);
        const div = divisors.subarray(start / CHUNK, (start + FRAME) / CHUNK);
        for (let k = 0; k < FRAME; k++) restored[k] = chunk[k] * div[Math.floor(k / CHUNK)];
        input = { samples: restored, divisors: null };
        engineInput = { samples: chunk, divisors: div };
      } else if (opts.norm === 'chunk128-bare') {
        input = { samples: normalised.subarray(start, start + FRAME), divisors: null };
        engineInput = input;
      } else {
        let peak = 0;
        for (let k = 0; k < FRAME; k++) peak = Math.max(peak, Math.abs(raw[k]));
        const frame = new Float32Array(FRAME);
        if (peak > 0) for (let k = 0; k < FRAME; k++) frame[k] = raw[k] / peak;
        input = { samples: frame, divisors: null };
        engineInput = input;
      }
      const kind = label.voiced ? null : unvoicedKind(file, raw);
      const refHz = ref && ref.hop === HOP ? (ref.hz[i] ?? null) : null;
      // Interleave: rotate the order so no detector always runs right after another.
      rotation = (rotation + 1) % detectors.length;
      for (let j = 0; j < detectors.length; j++) {
        const d = detectors[(j + rotation) % detectors.length];
        if (d.slow && !isBlock && !opts.full) continue;
        const t0 = performance.now();
        const hz = d.detect(d.name === 'engine' ? engineInput : input);
        const micros = (performance.now() - t0) * 1000;
        for (const mode of isBlock ? modes : ['sliding']) {
          const t = tallies[mode][d.name];
          t.micros.push(micros);
          if (label.voiced) scoreVoiced(t, hz, label.hz, label.steady, refHz);
          else scoreUnvoiced(t, hz, kind);
        }
      }
    }
    for (const d of detectors) d.finish();
  }
  const seconds = (performance.now() - started) / 1000;
  const summaries = Object.fromEntries(
    modes.map((m) => [
      m,
      Object.fromEntries(detectors.map((d) => [d.name, summarise(tallies[m][d.name])])),
    ]),
  );
  const head = `corpus ${opts.corpus} (${files.length} files), --norm ${opts.norm}, --min-hz ${opts.minHz}, frame ${FRAME}, hop ${HOP}; ${seconds.toFixed(0)} s`;
  console.log(head);
  for (const m of modes) {
    const any = Object.values(summaries[m])[0];
    console.log('');
    console.log(
      table(
        `${m} mode: ${any.voicedFrames} voiced (${any.steadyFrames} steady), ` +
          `${Object.values(any.unvoicedFrames).reduce((a, b) => a + b, 0)} unvoiced frames ` +
          `(silence ${any.unvoicedFrames.silence}, low-level ${any.unvoicedFrames['low-level']}, noise-only ${any.unvoicedFrames['noise-only']}, other ${any.unvoicedFrames.other})`,
        Object.entries(summaries[m]),
      ),
    );
  }
  const sliding = summaries.sliding;
  if (sliding.engine && sliding.pitchy) {
    const ratio = sliding.pitchy.medianMicros / sliding.engine.medianMicros;
    console.log(
      `\nengine speed-up over pitchy (median µs per frame, same run): ×${ratio.toFixed(2)}`,
    );
  }
  const pedal = opts.only ? null : pedalSection(opts, truth);
  if (pedal) console.log(`\n${pedal.text}`);
  if (!opts.full && detectors.some((d) => d.slow)) {
    console.log(
      '\n(pitchfinder detectors: block frames only in sliding mode too; --full runs them on every frame)',
    );
  }
  if (opts.json) {
    mkdirSync(dirname(opts.json), { recursive: true });
    writeFileSync(
      opts.json,
      JSON.stringify(
        {
          corpus: opts.corpus,
          norm: opts.norm,
          minHz: opts.minHz,
          frame: FRAME,
          hop: HOP,
          files: files.length,
          seconds,
          modes: summaries,
          pedal: pedal ? pedal.rows : null,
        },
        null,
        1,
      ),
    );
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
