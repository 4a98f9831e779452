/**
 * `npm run bench:assess`: the assessor on performances with known truth (assess-scenarios.ts),
 * through the app's real engine, worklet, stream, follower and assessor (cli/assess-pipeline.ts).
 * Prints alignment error, verdict and flag confusion, the scores that matter (clean, rubato, one
 * wrong note), the fairness sweeps beside the old per-screen curves (note-scores.ts), and cost.
 */
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { assessRecording, floorHzFor, streamOf } from '../cli/assess-pipeline';
import { assessPerformance } from '../src/music/assessment/assessor';
import { createLiveAssessor } from '../src/music/assessment/live-assessor';
import type { AttemptAssessment, NoteFlag } from '../src/music/assessment/assessment-types';
import { scoreHold } from '../src/music/assessment/scoring';
import { spelledNoteName } from '../src/music/theory/notes';
import type { Score } from '../src/music/score/score-model';
import { scoreFromLine, type LineItem } from '../src/music/score/score-build';
import { PIECES, perform, scenarios, type Scenario } from './assess-scenarios';
import { renderPerformance, RENDER_RATE, type PlayedNote } from './performance-render';
import { dottedEven, rubatoScenarios, tempoScenarios } from './tempo-scenarios';
import { tempoLabel, tempoLine } from '../src/music/assessment/played-tempo';
import { dottedRhythmLine } from '../src/music/assessment/dotted-rhythm';

const audioDir = process.env.EMBOUCHURE_AUDIO_DIR
  ? resolve(process.env.EMBOUCHURE_AUDIO_DIR)
  : resolve(import.meta.dirname, '..', '..', 'shared', 'audio');

const quantile = (values: readonly number[], q: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};
const fmt = (x: number, digits = 0): string => (Number.isFinite(x) ? x.toFixed(digits) : '–');
const table = (rows: readonly (readonly string[])[]): string => {
  const widths = (rows[0] as readonly string[]).map((_, c) =>
    Math.max(...rows.map((r) => (r[c] ?? '').length)),
  );
  return rows
    .map((r) =>
      r
        .map((cell, c) => cell.padEnd(widths[c] as number))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
};

function assess(s: Scenario): AttemptAssessment {
  const samples = renderPerformance(audioDir, s.played);
  return assessRecording(s.score, samples, RENDER_RATE, {
    timing: s.tempoQpm ? { kind: 'tempo', qpm: s.tempoQpm } : { kind: 'free' },
  }).assessment;
}

const FLAGS: NoteFlag['flag'][] = [
  'late',
  'early',
  'sharp',
  'flat',
  'unsteady',
  'cracked',
  'uneven',
];

function corpusReport(): void {
  const list = scenarios();
  const alignment: number[] = [];
  const verdicts = new Map<string, number>();
  const flagCounts = new Map<string, { tp: number; fp: number; fn: number }>();
  const rows: string[][] = [
    [
      'piece',
      'performance',
      'notes',
      'wrong',
      'missed',
      'flags right',
      'extra flags',
      'overall',
      'fix first',
    ],
  ];
  const overall = new Map<string, number>();
  for (const s of list) {
    const result = assess(s);
    let right = 0;
    const extra: string[] = [];
    result.notes.forEach((note, i) => {
      const truth = s.truth[i] as Scenario['truth'][number];
      const key = `${truth.verdict}→${note.verdict}`;
      verdicts.set(key, (verdicts.get(key) ?? 0) + 1);
      if (
        truth.verdict === 'played' &&
        note.verdict === 'played' &&
        truth.onsetMs !== null &&
        note.onsetMs !== null
      ) {
        alignment.push(Math.abs(note.onsetMs - truth.onsetMs));
      }
      const got = new Set(note.flags.map((f) => f.flag));
      for (const flag of FLAGS) {
        const want = truth.flags.includes(flag);
        const c = flagCounts.get(flag) ?? { tp: 0, fp: 0, fn: 0 };
        if (want && got.has(flag)) c.tp++;
        else if (got.has(flag)) c.fp++;
        else if (want) c.fn++;
        flagCounts.set(flag, c);
        if (want && got.has(flag)) right++;
        if (!want && got.has(flag)) extra.push(`${i + 1}:${flag}`);
      }
    });
    const wanted = s.truth.reduce((sum, t) => sum + t.flags.length, 0);
    overall.set(`${s.piece}/${s.name}`, result.scores.overall);
    rows.push([
      s.piece,
      s.name,
      String(s.score.notes.length),
      String(result.notes.filter((n) => n.verdict === 'wrong').length),
      String(result.notes.filter((n) => n.verdict === 'missed').length),
      `${right}/${wanted}`,
      extra.slice(0, 4).join(' ') + (extra.length > 4 ? ` +${extra.length - 4}` : ''),
      fmt(result.scores.overall),
      (result.fixFirst ?? '—').slice(0, 60),
    ]);
  }
  console.log(`Performances (${list.length}), rendered from ../shared/audio's trumpet notes:\n`);
  console.log(table(rows));
  console.log(
    `\nAlignment on played notes: median ${fmt(quantile(alignment, 0.5))} ms, p90 ${fmt(quantile(alignment, 0.9))} ms, max ${fmt(Math.max(...alignment))} ms (goals ≤ 20, ≤ 50) over ${alignment.length} notes`,
  );
  console.log(`Verdicts (truth→said): ${[...verdicts].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log(
    `Flags (right / extra / missed): ${[...flagCounts].map(([k, c]) => `${k} ${c.tp}/${c.fp}/${c.fn}`).join(', ')}`,
  );
  const byPiece = (name: string) =>
    Object.keys(PIECES).map((p) => overall.get(`${p}/${name}`) ?? Number.NaN);
  const cleanScores = byPiece('clean');
  const rubatoCost = Object.keys(PIECES).map(
    (_, k) => (cleanScores[k] as number) - (byPiece('rubato (no click)')[k] as number),
  );
  const wrongCost = Object.keys(PIECES).map(
    (_, k) => (cleanScores[k] as number) - (byPiece('one wrong note')[k] as number),
  );
  console.log(
    `Clean overall: ${cleanScores.map((x) => fmt(x)).join(', ')} (goal ≥ 90); rubato costs ${rubatoCost.map((x) => fmt(x, 1)).join(', ')} (goal ≤ 10); one wrong note costs ${wrongCost.map((x) => fmt(x, 1)).join(', ')} (goal < 20; pieces of ${Object.values(
      PIECES,
    )
      .map((p) => p.notes.length)
      .join(', ')} notes)`,
  );
}

/** One held note (written G4, 2 beats at 60) after a lead-in note, with something changed. */
function sweepNote(edit: (note: PlayedNote) => PlayedNote): AttemptAssessment['notes'][number] {
  const score = scoreFromLine(
    [
      ['C5', 1],
      ['G4', 2],
      ['C5', 1],
    ],
    { qpm: 60 },
  );
  const played = perform(score, { jitterMs: 0 }).map((n, i) => (i === 1 ? edit(n) : n));
  const result = assessRecording(score, renderPerformance(audioDir, played), RENDER_RATE, {
    timing: { kind: 'tempo', qpm: 60 },
  }).assessment;
  return result.notes[1] as AttemptAssessment['notes'][number];
}

/** The old long-tone score (scoring.ts) of a steady 3 s tone `cents` off, ±10 ¢ band. */
function oldLongTone(cents: number): number {
  const targetHz = 392;
  const track = Array.from({ length: 300 }, (_, k) => ({
    timeMs: k * 10,
    hz: targetHz * 2 ** ((cents + 1.5 * Math.sin(k)) / 1200),
  }));
  return scoreHold(track, { targetHz, inTuneCents: 10 }).score;
}

function sweep(
  name: string,
  unit: string,
  values: readonly number[],
  measure: (v: number) => [number, number],
): void {
  const points = values.map((v) => [v, ...measure(v)] as const);
  let step = 0;
  let stepOld = 0;
  for (let k = 1; k < points.length; k++) {
    step = Math.max(step, Math.abs((points[k]?.[1] ?? 0) - (points[k - 1]?.[1] ?? 0)));
    stepOld = Math.max(stepOld, Math.abs((points[k]?.[2] ?? 0) - (points[k - 1]?.[2] ?? 0)));
  }
  const per = values.length > 1 ? (values[1] as number) - (values[0] as number) : 1;
  const scale = unit === '10 ms' ? 10 / per : 1 / per;
  console.log(
    `\n${name}: largest step between neighbours ${fmt(step, 1)}, ${fmt(step * scale, 1)} per ${unit} (old curve ${fmt(stepOld, 1)}, ${fmt(stepOld * scale, 1)}; the cap is 3 per ${unit})`,
  );
  console.log(
    table([
      ['value', ...points.map((p) => String(p[0]))],
      ['now', ...points.map((p) => fmt(p[1]))],
      ['old', ...points.map((p) => fmt(p[2]))],
    ]),
  );
}

function sweeps(): void {
  const detune = Array.from({ length: 21 }, (_, i) => i * 2);
  sweep(
    'Pitch score against a steady detune, cents (band ±10; old: a long tone, scoreHold)',
    '¢',
    detune,
    (c) => [sweepNote((n) => ({ ...n, centsAt: () => c })).scores.pitch, oldLongTone(c)],
  );
  const late = Array.from({ length: 16 }, (_, i) => i * 20);
  sweep(
    'Timing score against lateness, ms (a steady player, one note late)',
    '10 ms',
    late,
    (ms) => [
      sweepNote((n) => ({ ...n, onsetMs: n.onsetMs + ms, durationMs: n.durationMs - ms })).scores
        .timing,
      Number.NaN, // the old timed-note curve is retired: the assessor's is the only one
    ],
  );
  const wobble = Array.from({ length: 11 }, (_, i) => i * 4);
  sweep('Steadiness against a 5 Hz wobble, ±cents (centred)', '¢', wobble, (d) => [
    sweepNote((n) => ({ ...n, centsAt: (ms) => d * Math.sin((2 * Math.PI * 5 * ms) / 1000) }))
      .scores.steadiness,
    Number.NaN, // the old timed-note curve is retired
  ]);
  const crack = Array.from({ length: 11 }, (_, i) => i * 40);
  sweep('Steadiness against a dropout inside the note, ms', '10 ms', crack, (ms) => [
    sweepNote((n) => (ms > 0 ? { ...n, dropout: { atMs: 600, lengthMs: ms } } : n)).scores
      .steadiness,
    Number.NaN,
  ]);
}

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();
const heapMb = (): number => {
  gc();
  return process.memoryUsage().heapUsed / 1e6;
};

function cost(): void {
  // A 10-minute recording: the arpeggio study over and over at 96 bpm (rests kept).
  const base = PIECES.arpeggios as Score;
  const oneQuarters = base.lengthQuarters;
  const repeats = Math.ceil(600000 / base.lengthMs);
  const items: LineItem[] = [];
  for (let r = 0; r < repeats; r++) {
    let at = 0;
    for (const n of base.notes) {
      if (n.startQuarters > at + 1e-9) items.push([null, n.startQuarters - at]);
      items.push([spelledNoteName(n.written, true), n.durationQuarters]);
      at = n.startQuarters + n.durationQuarters;
    }
    if (oneQuarters > at + 1e-9) items.push([null, oneQuarters - at]);
  }
  const long = scoreFromLine(items, { qpm: 96 });
  const played = perform(long, {}, 3);
  const samples = renderPerformance(audioDir, played);
  const heapStart = heapMb();
  const t0 = performance.now();
  const { assessment, stream } = assessRecording(long, samples, RENDER_RATE);
  const totalMs = performance.now() - t0;
  const heapWithResult = heapMb();
  const readings = stream.readings;
  const events = stream.events.map((e) => e.event);
  const heapReadings = (() => {
    // What the readings alone hold: the same stream again, without the assessment.
    const before = heapMb();
    const again = assessRecordingStreamOnly(long, samples);
    const after = heapMb();
    void again.length;
    return after - before;
  })();
  // The follower and assessor alone on the stream, as the page runs them.
  const t1 = performance.now();
  assessPerformance(long, { readings, events });
  const mainMs = performance.now() - t1;
  // Live: each reading (and the note events before it) handed over as the page would.
  const live = createLiveAssessor(long);
  const perReadingUs: number[] = [];
  let e = 0;
  const eventMs = (k: number): number => {
    const event = stream.events[k]?.event;
    return event?.type === 'note-off' ? event.offsetMs : (event?.onsetMs ?? Infinity);
  };
  for (const reading of readings) {
    const t = performance.now();
    while (e < stream.events.length && eventMs(e) <= reading.windowEndMs) {
      live.noteEvent(stream.events[e++]?.event as (typeof events)[number]);
    }
    live.reading(reading);
    live.position();
    perReadingUs.push(1000 * (performance.now() - t));
  }
  const tFinish = performance.now();
  live.finish();
  const finishMs = performance.now() - tFinish;
  const minutes = samples.length / RENDER_RATE / 60;
  console.log(
    `\nCost: a ${fmt(minutes, 1)}-minute recording (${long.notes.length} notes, ${readings.length} readings) assessed in ${fmt(totalMs / 1000, 1)} s (goal < 20 s); heap after: +${fmt(heapWithResult - heapStart)} MB, of which the readings alone hold ${fmt(heapReadings)} MB; ${assessment.notes.filter((n) => n.verdict === 'played').length} played`,
  );
  console.log(
    `Follower + assessor alone: ${fmt(mainMs)} ms for ${readings.length} readings = ${fmt((1000 * mainMs) / readings.length, 1)} µs per reading (goal < 1 ms)`,
  );
  console.log(
    `Live (createLiveAssessor, main thread): per reading median ${fmt(quantile(perReadingUs, 0.5), 1)} µs, p99 ${fmt(quantile(perReadingUs, 0.99))} µs, p99.9 ${fmt(quantile(perReadingUs, 0.999))} µs, max ${fmt(Math.max(...perReadingUs))} µs (goal < 1000); the verdict at the end ${fmt(finishMs)} ms`,
  );
}

/** The readings of a recording (the stream only), to weigh them. */
function assessRecordingStreamOnly(score: Score, samples: Float32Array): readonly unknown[] {
  return streamOf(samples, RENDER_RATE, { response: 'fast', floorHz: floorHzFor(score, 440) })
    .readings;
}

/** Tempo and timing that follow music (issue 37, U7, U10), figures beside their goals. */
function tempoReport(): void {
  const rows: string[][] = [
    ['performance', 'truth ♩', 'reported ♩', 'error', 'said', 'timing flags'],
  ];
  let worst = 0;
  for (const s of tempoScenarios()) {
    const samples = renderPerformance(audioDir, s.played);
    const result = assessRecording(s.score, samples, RENDER_RATE, {
      timing: s.givenQpm ? { kind: 'tempo', qpm: s.givenQpm } : { kind: 'free' },
    }).assessment;
    const tempo = result.playedTempo ?? null;
    const error = tempo
      ? Math.max(Math.abs(tempo.startQpm / s.startQpm - 1), Math.abs(tempo.endQpm / s.endQpm - 1))
      : Number.NaN;
    worst = Math.max(worst, Number.isFinite(error) ? error : 1);
    const timed = result.notes.filter((n) =>
      n.flags.some((f) => f.flag === 'late' || f.flag === 'early'),
    );
    rows.push([
      s.name,
      s.startQpm === s.endQpm ? fmt(s.startQpm) : `${fmt(s.startQpm)}→${fmt(s.endQpm)}`,
      tempo ? tempoLabel(tempo) : '–',
      `${fmt(100 * error, 1)} %`,
      (tempoLine(tempo) ?? '—').slice(0, 60),
      `${timed.length}/${result.notes.length}`,
    ]);
  }
  console.log('\nTempo played (U7), start and end against the render:\n');
  console.log(table(rows));
  console.log(`Worst tempo error ${fmt(100 * worst, 1)} % (goal ≤ 3 %)`);
  const rubato: string[][] = [['slow melody', 'notes', 'late/early', 'share', 'fix first']];
  let worstShare = 0;
  for (const s of rubatoScenarios()) {
    const result = assessRecording(
      s.score,
      renderPerformance(audioDir, s.played),
      RENDER_RATE,
    ).assessment;
    const flagged = result.notes.filter((n) =>
      n.flags.some((f) => f.flag === 'late' || f.flag === 'early'),
    ).length;
    const share = flagged / result.notes.length;
    worstShare = Math.max(worstShare, share);
    rubato.push([
      s.name,
      String(result.notes.length),
      String(flagged),
      `${fmt(100 * share)} %`,
      (result.fixFirst ?? '—').slice(0, 60),
    ]);
  }
  console.log('\nRubato over slow melodies, no tempo given:\n');
  console.log(table(rubato));
  console.log(`Most notes flagged late/early: ${fmt(100 * worstShare)} % (goal ≤ 10 %)`);
  const dotted = dottedEven();
  const result = assessRecording(
    dotted.score,
    renderPerformance(audioDir, dotted.played),
    RENDER_RATE,
  ).assessment;
  const onBeat = result.notes.filter(
    (n) =>
      (dotted.score.notes[n.index]?.durationQuarters ?? 0) !== 0.25 &&
      n.flags.some((f) => f.flag === 'late' || f.flag === 'early'),
  ).length;
  console.log(
    `\nDotted rhythm played even (U10): said "${dottedRhythmLine(dotted.score, result.notes) ?? '—'}" (goal: the rhythm named); ${result.notes.filter((n) => n.verdict !== 'played').length} notes not played (goal 0), ${onBeat} notes on the beat called late/early (goal 0), first note: ${result.notes[0]?.reasons.join('; ') || 'nothing said'}`,
  );
}

export function main(args: readonly string[]): void {
  if (!args.includes('--no-tempo')) tempoReport();
  if (!args.includes('--no-corpus')) corpusReport();
  if (!args.includes('--no-sweeps')) sweeps();
  if (!args.includes('--no-cost')) cost();
}
