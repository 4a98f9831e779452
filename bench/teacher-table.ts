/**
 * Characteristic performances as a teacher hears them (issue 37, "Done when"): each is rendered
 * from the corpus's real trumpet notes (performance-render.ts) and graded by the real CLI
 * (`npm run assess`), so the table in docs/assessment.md is what a player sees. The test beside
 * this file checks every row's line and score band; `npm run assess:table` prints the table.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runAssess } from '../cli/assess-command';
import { writeWav16 } from '../e2e/synth-wav';
import type { AttemptAssessment } from '../src/music/assessment/assessment-types';
import { concertMidiOf } from '../src/music/assessment/assessor';
import { parseMusicXml } from '../src/music/score/musicxml';
import { scoreToMusicXml } from '../src/music/score/musicxml-write';
import { scoreFromLine, type LineItem } from '../src/music/score/score-build';
import { droneAimCents } from '../src/music/theory/drone-intonation';
import type { Score } from '../src/music/score/score-model';
import { spelledToMidi } from '../src/music/theory/notes';
import { renderPerformance, RENDER_RATE, type PlayedNote } from './performance-render';
import { dottedEven, tempoScenarios } from './tempo-scenarios';

export interface TeacherCase {
  readonly name: string;
  /** A bundled study (public/studies/NAME.musicxml), or a line written for the case. */
  readonly study:
    string | { readonly title: string; readonly line: readonly LineItem[]; readonly qpm: number };
  readonly args?: readonly string[];
  /** What the player did to note i (default: played as written). */
  readonly edit?: (note: PlayedNote, i: number, score: Score) => PlayedNote;
  /** Or the whole performance, when its notes move together (a tempo that drifts). */
  readonly played?: () => readonly PlayedNote[];
  /** The one line said, and the overall's band: what a teacher would sign. */
  readonly expect: { readonly line: RegExp | null; readonly overall: readonly [number, number] };
}

const writtenIs = (score: Score, i: number, name: string): boolean => {
  const note = score.notes[i];
  return (
    note !== undefined &&
    `${note.written.letter}${note.written.accidental === -1 ? 'b' : note.written.accidental === 1 ? '#' : ''}${note.written.octave}` ===
      name
  );
};

export const TEACHER_CASES: readonly TeacherCase[] = [
  {
    name: 'Mary, clean',
    study: 'mary-had-a-little-lamb',
    expect: { line: null, overall: [95, 100] },
  },
  {
    name: 'Mary, one note 200 ms late',
    study: 'mary-had-a-little-lamb',
    edit: (n, i) =>
      i === 6 ? { ...n, onsetMs: n.onsetMs + 200, durationMs: n.durationMs - 200 } : n,
    expect: { line: /came in \d+ ms late: place each note on the beat/, overall: [88, 99] },
  },
  {
    name: 'Largo, one 150 ms crack',
    study: 'largo-new-world',
    edit: (n, i) => (i === 4 ? { ...n, slip: { atMs: 300, lengthMs: 150, semitones: 5 } } : n),
    expect: { line: /^1 note cracked: first in bar \d+/, overall: [80, 93] },
  },
  {
    // The corpus's own notes read about +2 ¢ here: this take is heard near +7 ¢.
    name: 'Mary 5 ¢ sharp throughout (band ±15)',
    study: 'mary-had-a-little-lamb',
    edit: (n) => ({ ...n, centsAt: () => 5 }),
    expect: { line: null, overall: [95, 100] },
  },
  {
    name: 'Mary, one note left out',
    study: 'mary-had-a-little-lamb',
    edit: (n, i) => (i === 9 ? { ...n, gain: 0 } : n),
    expect: { line: /^1 note not heard: first in bar 3/, overall: [85, 97] },
  },
  {
    name: 'Ode to Joy, one note cracked to the partial above for 150 ms',
    study: 'ode-to-joy',
    edit: (n, i) => (i === 6 ? { ...n, slip: { atMs: 150, lengthMs: 150, semitones: 5 } } : n),
    expect: { line: /^1 note cracked: first in bar 2/, overall: [80, 93] },
  },
  {
    name: 'Mary +25 ¢ throughout',
    study: 'mary-had-a-little-lamb',
    edit: (n) => ({ ...n, centsAt: () => 25 }),
    expect: {
      line: /^Everything is high \(median \+2\d ¢\): pull the main tuning slide out a little\.$/,
      overall: [70, 92],
    },
  },
  {
    name: 'Hot Cross Buns an octave low',
    study: 'hot-cross-buns',
    edit: (n) => ({ ...n, midi: n.midi - 12 }),
    expect: { line: /^You're reading an octave low: /, overall: [0, 19] },
  },
  {
    name: 'Twinkle, every B♭ played as B♮',
    study: 'twinkle-twinkle',
    edit: (n, i, score) => (writtenIs(score, i, 'Bb4') ? { ...n, midi: n.midi + 1 } : n),
    expect: {
      line: /^You forgot the B♭ in the key signature: \d+ notes played as B/,
      overall: [60, 88],
    },
  },
  {
    name: 'Mary, every note a semitone high',
    study: 'mary-had-a-little-lamb',
    edit: (n) => ({ ...n, midi: n.midi + 1 }),
    expect: { line: /wrong note/, overall: [0, 19] },
  },
  {
    name: 'Mary, one wrong note',
    study: 'mary-had-a-little-lamb',
    edit: (n, i) => (i === 3 ? { ...n, midi: n.midi + 2 } : n),
    expect: { line: /^1 wrong note: first in bar 1, heard/, overall: [85, 96] },
  },
  {
    name: 'Mary, every note scooped from −60 ¢ over 150 ms',
    study: 'mary-had-a-little-lamb',
    edit: (n) => ({ ...n, centsAt: (ms) => (ms < 150 ? -60 + (60 * ms) / 150 : 0) }),
    expect: { line: /^You scoop into the notes/, overall: [80, 100] },
  },
  {
    name: 'Largo with a ±15 ¢ vibrato, --vibrato',
    study: 'largo-new-world',
    args: ['--vibrato'],
    edit: (n) => ({ ...n, centsAt: (ms) => 15 * Math.sin((2 * Math.PI * 5.5 * ms) / 1000) }),
    expect: { line: null, overall: [92, 100] },
  },
  {
    name: 'Largo, a ±25 ¢ wobble at 5 Hz',
    study: 'largo-new-world',
    edit: (n) => ({ ...n, centsAt: (ms) => 25 * Math.sin((2 * Math.PI * 5 * ms) / 1000) }),
    expect: { line: /wavered/, overall: [75, 95] },
  },
  {
    name: 'Minuet, D5 and E5 22 ¢ flat',
    study: 'minuet-in-g',
    edit: (n, i, score) =>
      writtenIs(score, i, 'D5') || writtenIs(score, i, 'E5') ? { ...n, centsAt: () => -22 } : n,
    expect: { line: /^Your 5th-partial notes \(.*\) sit low: more air/, overall: [80, 99] },
  },
];

/** C major up and down in quarters, written for B♭ trumpet (the Scales exercise's C). */
const C_SCALE = {
  title: 'C major scale',
  qpm: 80,
  line: 'C4 D4 E4 F4 G4 A4 B4 C5 B4 A4 G4 F4 E4 D4 C4'
    .split(' ')
    .map((n, i, all) => [n, i === all.length - 1 ? 2 : 1] as const),
};
/** Eighths at ♩ = 96, a run a teacher hears long-short at once. */
const EIGHTHS = {
  title: 'Eighths',
  qpm: 96,
  line: 'C4 D4 E4 F4 G4 F4 E4 D4 C4 D4 E4 F4 G4 F4 E4 D4'.split(' ').map((n) => [n, 0.5] as const),
};
/** The drone of the Scales exercise on C (written C4 for B♭ trumpet: concert B♭3). */
const C_DRONE = { rootConcertMidi: 58, name: 'C' };
const justOverC = (n: PlayedNote): PlayedNote => ({
  ...n,
  centsAt: () => droneAimCents(n.midi, C_DRONE),
});

const tempoPlayed = (name: string) => (): readonly PlayedNote[] =>
  tempoScenarios().find((t) => t.name === name)?.played ?? [];

export const MORE_CASES: readonly TeacherCase[] = [
  {
    name: 'Yankee Doodle at 80 % of the marking',
    study: 'yankee-doodle',
    played: tempoPlayed('Yankee Doodle at 80 % (♩=96)'),
    expect: { line: /^You played at ♩≈9\d; the marking is 120\.$/, overall: [90, 100] },
  },
  {
    name: 'Arban dotted eighths, every pair played even',
    study: 'arban-dotted-eighths',
    played: () => dottedEven().played,
    expect: {
      line: /^Your dotted rhythm is too even: make the 16th short and late\.$/,
      overall: [60, 97],
    },
  },
  {
    name: 'C scale in just intonation over a C drone, --drone C',
    study: C_SCALE,
    args: ['--drone', 'C', '--band', '10'],
    edit: justOverC,
    expect: { line: null, overall: [93, 100] },
  },
  {
    name: 'The same take graded in equal temperament (no drone)',
    study: C_SCALE,
    args: ['--band', '10'],
    edit: justOverC,
    expect: { line: /flat/, overall: [85, 97] },
  },
  {
    name: 'Eighths long-short (every other note 60 ms late)',
    study: EIGHTHS,
    edit: (n, i) =>
      i % 2 === 1 ? { ...n, onsetMs: n.onsetMs + 60, durationMs: n.durationMs - 60 } : n,
    expect: { line: /^Your runs are uneven \(long-short/, overall: [80, 97] },
  },
];

const studyPath = (name: string): string =>
  resolve(import.meta.dirname, '..', 'public', 'studies', `${name}.musicxml`);

export const AUDIO_DIR = process.env.EMBOUCHURE_AUDIO_DIR
  ? resolve(process.env.EMBOUCHURE_AUDIO_DIR)
  : resolve(import.meta.dirname, '..', '..', 'shared', 'audio');

/** Renders one case as played on a B♭ trumpet from 0.8 s, and grades it with the CLI. */
export function runCase(
  c: TeacherCase,
  dir: string,
): { readonly result: AttemptAssessment; readonly text: string } {
  const path =
    typeof c.study === 'string'
      ? studyPath(c.study)
      : join(dir, `${c.study.title.replace(/[^A-Za-z0-9]+/g, '-')}.musicxml`);
  if (typeof c.study !== 'string') {
    const written = scoreFromLine(c.study.line, { title: c.study.title, qpm: c.study.qpm });
    writeFileSync(path, scoreToMusicXml(written));
  }
  const score = parseMusicXml(readFileSync(path, 'utf8'));
  const notes =
    c.played?.() ??
    score.notes.map((note, i) =>
      (c.edit ?? ((n) => n))(
        {
          midi: concertMidiOf(score, note),
          onsetMs: 800 + note.startMs,
          durationMs: note.durationMs * 0.92,
        },
        i,
        score,
      ),
    );
  const wav = writeWav16(
    join(dir, `${c.name.replace(/[^A-Za-z0-9]+/g, '-')}.wav`),
    RENDER_RATE,
    renderPerformance(AUDIO_DIR, notes),
  );
  void spelledToMidi;
  return runAssess(['--score', path, '--audio', wav, ...(c.args ?? [])]);
}

const FLAG_WORDS: Record<string, string> = {
  late: 'late',
  early: 'early',
  sharp: 'sharp',
  flat: 'flat',
  unsteady: 'wavered',
  cracked: 'cracked',
  uneven: 'uneven',
  scooped: 'scooped',
};

/** The markdown table: one row per case, the overall, the sub-scores, the flags, the line said. */
export function tableMarkdown(
  rows: readonly { readonly c: TeacherCase; readonly result: AttemptAssessment }[],
): string {
  const out = [
    '| Performance | Overall | Pitch | Timing | Steadiness | Flags (notes) | The line said |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const { c, result } of rows) {
    const counts = new Map<string, number>();
    for (const n of result.notes) {
      if (n.verdict !== 'played') counts.set(n.verdict, (counts.get(n.verdict) ?? 0) + 1);
      for (const f of new Set(n.flags.map((f) => FLAG_WORDS[f.flag] ?? f.flag))) {
        counts.set(f, (counts.get(f) ?? 0) + 1);
      }
    }
    const flags = [...counts].map(([k, v]) => `${k} ${v}`).join(', ') || '—';
    const s = result.scores;
    out.push(
      `| ${c.name} | ${Math.round(s.overall)} | ${Math.round(s.pitch)} | ${Math.round(s.timing)} | ${Math.round(s.steadiness)} | ${flags} | ${result.fixFirst ?? 'nothing: a clean performance'} |`,
    );
  }
  return out.join('\n');
}

export function main(): void {
  const dir = mkdtempSync(join(tmpdir(), 'embouchure-teacher-'));
  try {
    const rows = [...TEACHER_CASES, ...MORE_CASES].map((c) => ({
      c,
      result: runCase(c, dir).result,
    }));
    process.stdout.write(`${tableMarkdown(rows)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
