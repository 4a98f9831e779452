/**
 * `npm run bench:cursor` (issue 36, H1): the pieces' live cursor fed rendered performances in
 * stream time. Each performance is rendered from the corpus's real trumpet notes
 * (performance-render.ts), run through the app's own worklet, engine and stream decoder
 * (cli/assess-pipeline.ts), and its readings and note events handed to the live assessor in the
 * order and at the stream time the app would receive them (a reading when its window ends, an
 * event with the reading that caused it). After each true onset: how long until the cursor shows
 * that note (lag); after a restart or a skip: how long until it is back on the note played
 * (re-lock). Beside it, the cursor before this issue (the follower fed settled segments only).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { streamOf, floorHzFor } from '../cli/assess-pipeline';
import { concertMidiOf } from '../src/music/assessment/assessor';
import { createScoreFollower } from '../src/music/assessment/follower';
import { createLiveAssessor } from '../src/music/assessment/live-assessor';
import { playedSegments, readingIndexAt } from '../src/music/assessment/performance';
import type { PerformanceEvent, PerformanceReading } from '../src/music/assessment/performance';
import { parseMusicXml } from '../src/music/score/musicxml';
import type { Score } from '../src/music/score/score-model';
import { renderPerformance, RENDER_RATE, type PlayedNote } from './performance-render';

const AUDIO_DIR = process.env.EMBOUCHURE_AUDIO_DIR
  ? resolve(process.env.EMBOUCHURE_AUDIO_DIR)
  : resolve(import.meta.dirname, '..', '..', 'shared', 'audio');

/** One played note and the score note it is. */
interface Played extends PlayedNote {
  readonly index: number;
}

interface Scenario {
  readonly name: string;
  readonly played: readonly Played[];
  /** Where the player jumped (index into `played` of the first note after the jump), if anywhere. */
  readonly jumpAt: number | null;
}

const study = (name: string): Score =>
  parseMusicXml(
    readFileSync(
      resolve(import.meta.dirname, '..', 'public', 'studies', `${name}.musicxml`),
      'utf8',
    ),
  );

/** The score's notes `indices` played from `startMs`, each at its written length × `stretch(k)`. */
function playNotes(
  score: Score,
  indices: readonly number[],
  startMs: number,
  stretch: (k: number) => number = () => 1,
): Played[] {
  const out: Played[] = [];
  let t = startMs;
  indices.forEach((index, k) => {
    const note = score.notes[index];
    if (!note) return;
    const next = score.notes[index + 1];
    const lengthMs = (next ? next.startMs - note.startMs : note.durationMs) * stretch(k);
    out.push({
      index,
      midi: concertMidiOf(score, note),
      onsetMs: t,
      durationMs: Math.max(80, Math.min(note.durationMs * stretch(k), lengthMs) * 0.9),
    });
    t += lengthMs;
  });
  return out;
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

function barIndex(score: Score, bar: number): number {
  return score.notes.findIndex((n) => n.measureIndex === bar - 1);
}

function scenarios(score: Score): Scenario[] {
  const all = range(0, score.notes.length - 1);
  const steady = playNotes(score, all, 800);
  const rubato = playNotes(
    score,
    all,
    800,
    (k) => 1.1 * (1 + 0.08 * Math.sin((2 * Math.PI * k) / 12)),
  );
  // Played to the end of bar 6, a 2 s stop, then bar 4 again to the end.
  const bar4 = barIndex(score, 4);
  const bar7 = barIndex(score, 7);
  const first = playNotes(score, range(0, bar7 - 1), 800);
  const last = first[first.length - 1] as Played;
  const again = playNotes(
    score,
    range(bar4, score.notes.length - 1),
    last.onsetMs + last.durationMs + 2000,
  );
  // Bars 1–3, then bar 5 on (bar 4 skipped, no stop).
  const bar5 = barIndex(score, 5);
  const before = playNotes(score, range(0, bar4 - 1), 800);
  const end = before[before.length - 1] as Played;
  const after = playNotes(
    score,
    range(bar5, score.notes.length - 1),
    end.onsetMs + ((score.notes[bar4]?.startMs ?? 0) - (score.notes[bar4 - 1]?.startMs ?? 0)),
  );
  return [
    { name: 'steady, as written', played: steady, jumpAt: null },
    { name: '10 % slower, with rubato', played: rubato, jumpAt: null },
    { name: 'stop, restart two bars back', played: [...first, ...again], jumpAt: first.length },
    { name: 'a skipped bar', played: [...before, ...after], jumpAt: before.length },
  ];
}

/** The cursor before issue 36: the follower fed only segments settled 400 ms past their end. */
function settledCursor(score: Score) {
  const readings: PerformanceReading[] = [];
  const events: PerformanceEvent[] = [];
  const follower = createScoreFollower(
    score.notes.map((note, i) => ({
      startMs: note.startMs,
      midi: concertMidiOf(score, note),
      barStart: i === 0 || score.notes[i - 1]?.measureIndex !== note.measureIndex,
    })),
  );
  let handedUntilMs = Number.NEGATIVE_INFINITY;
  return {
    reading: (r: PerformanceReading) => readings.push(r),
    noteEvent(e: PerformanceEvent) {
      events.push(e);
      const nowMs = readings[readings.length - 1]?.windowEndMs ?? 0;
      const tail = events.filter(
        (x) =>
          (x.type === 'note-off' ? x.offsetMs : x.onsetMs) >= Math.min(nowMs - 1000, handedUntilMs),
      );
      if (tail.length === 0) return;
      const from = readingIndexAt(readings, (tail[0]?.onsetMs ?? nowMs) - 100);
      for (const s of playedSegments({ readings: readings.slice(from), events: tail }, 440)) {
        if (s.onsetMs <= handedUntilMs || s.offsetMs > nowMs - 400) continue;
        follower.push({ ...s, from: s.from + from, to: s.to + from });
        handedUntilMs = s.onsetMs;
      }
    },
    position: () => follower.position(),
  };
}

interface Cursor {
  reading(r: PerformanceReading): void;
  noteEvent(e: PerformanceEvent): void;
  position(): number;
}

/** Lags after each onset and the re-lock time, for one cursor on one scenario. */
function measure(score: Score, scenario: Scenario, make: () => Cursor) {
  const audio = renderPerformance(AUDIO_DIR, scenario.played);
  const stream = streamOf(audio, RENDER_RATE, {
    response: 'fast',
    floorHz: floorHzFor(score, 440),
  });
  const cursor = make();
  // When the cursor first showed each played note (at or after its onset), stream ms.
  const shownAt: number[] = scenario.played.map(() => Number.NaN);
  let k = 0; // the played note due (its onset passed)
  let e = 0;
  const check = (nowMs: number) => {
    while (k + 1 < scenario.played.length && (scenario.played[k + 1] as Played).onsetMs <= nowMs)
      k++;
    for (let j = Math.max(0, k - 2); j <= k; j++) {
      const p = scenario.played[j] as Played;
      if (!Number.isFinite(shownAt[j]) && p.onsetMs <= nowMs && cursor.position() === p.index) {
        shownAt[j] = nowMs;
      }
    }
  };
  stream.readings.forEach((r, i) => {
    const reading = { ...r, live: true } as PerformanceReading;
    cursor.reading(reading);
    while (e < stream.events.length && (stream.events[e] as { reading: number }).reading <= i) {
      cursor.noteEvent((stream.events[e] as { event: PerformanceEvent }).event);
      e++;
    }
    check(r.windowEndMs);
  });
  const lags = scenario.played
    .map((p, j) => (shownAt[j] as number) - p.onsetMs)
    .filter(
      (x, j) =>
        scenario.jumpAt === null ||
        j < scenario.jumpAt ||
        j >= scenario.jumpAt + 2 ||
        Number.isFinite(x),
    );
  const shown = lags.filter(Number.isFinite);
  // Re-lock: from the first note after the jump that the music tells apart from going on
  // without it (Mary's bar 5 starts on the E bar 4 would: nobody can know before the D), to the
  // first note after that the cursor showed.
  const relockMs =
    scenario.jumpAt === null
      ? null
      : (() => {
          const jumpAt = scenario.jumpAt;
          const lastBefore = (scenario.played[jumpAt - 1] as Played).index;
          const expected = (j: number) => score.notes[lastBefore + 1 + (j - jumpAt)];
          let from = jumpAt;
          while (from < scenario.played.length) {
            const note = expected(from);
            if (!note || concertMidiOf(score, note) !== (scenario.played[from] as Played).midi)
              break;
            from++;
          }
          const tellsApart = (scenario.played[from] as Played).onsetMs;
          for (let j = from; j < scenario.played.length; j++) {
            if (Number.isFinite(shownAt[j])) return (shownAt[j] as number) - tellsApart;
          }
          return Number.POSITIVE_INFINITY;
        })();
  return {
    lags: shown,
    missed: scenario.played.length - shown.length,
    relockMs,
    notes: scenario.played.length,
  };
}

const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor(q * s.length))] as number) : Number.NaN;
};

export function main(): void {
  const score = study('mary-had-a-little-lamb');
  const rows: string[] = [];
  const pad = (s: string, n: number) => s.padEnd(n);
  rows.push(
    `${pad('performance (Mary had a little lamb)', 34)}${pad('cursor', 20)}${pad('lag median', 12)}${pad('lag p90', 10)}${pad('not shown', 11)}re-lock`,
  );
  for (const scenario of scenarios(score)) {
    for (const [label, make] of [
      ['live (this issue)', () => createLiveAssessor(score, {})],
      ['settled (before)', () => settledCursor(score)],
    ] as const) {
      const m = measure(score, scenario, make);
      const ms = (x: number | null) =>
        x === null ? '—' : Number.isFinite(x) ? `${Math.round(x)} ms` : 'never';
      rows.push(
        `${pad(scenario.name, 34)}${pad(label, 20)}${pad(ms(quantile(m.lags, 0.5)), 12)}${pad(ms(quantile(m.lags, 0.9)), 10)}${pad(`${m.missed} of ${m.notes}`, 11)}${ms(m.relockMs)}`,
      );
    }
  }
  rows.push(
    'lag: from each true onset to the cursor on that note (stream time); re-lock: from the first note the music tells apart from going on without the jump.',
  );
  rows.push('goals: lag median ≤ 100 ms, p90 ≤ 200 ms; re-lock ≤ 1000 ms (issue 36)');
  process.stdout.write(`${rows.join('\n')}\n`);
}
