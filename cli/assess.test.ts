/**
 * `npm run assess` on real files: a MusicXML part written by the app's writer and a recording
 * stitched from the corpus's trumpet notes (bench/performance-render.ts), graded by the real
 * engine, worklet, stream, follower and assessor.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatTable, runAssess, UsageError } from './assess-command';
import { renderPerformance, RENDER_RATE, type PlayedNote } from '../bench/performance-render';
import { writeWav16 } from '../e2e/synth-wav';
import type { AttemptAssessment } from '../src/music/assessment/assessment-types';
import { scoreToMusicXml } from '../src/music/score/musicxml-write';
import { scoreFromLine } from '../src/music/score/score-build';
import { spelledToMidi } from '../src/music/theory/notes';

const audioDir = process.env.EMBOUCHURE_AUDIO_DIR
  ? resolve(process.env.EMBOUCHURE_AUDIO_DIR)
  : resolve(import.meta.dirname, '..', '..', 'shared', 'audio');
const dir = mkdtempSync(join(tmpdir(), 'embouchure-assess-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Written for B♭ trumpet: a C major scale up and down in quarters at 100 bpm.
const LINE = [
  'C4',
  'D4',
  'E4',
  'F4',
  'G4',
  'A4',
  'B4',
  'C5',
  'B4',
  'A4',
  'G4',
  'F4',
  'E4',
  'D4',
  'C4',
];
const score = scoreFromLine(
  LINE.map((n, i) => [n, i === LINE.length - 1 ? 2 : 1] as const),
  { title: 'Scale', qpm: 100 },
);
const scorePath = join(dir, 'scale.musicxml');
writeFileSync(scorePath, scoreToMusicXml(score));

/** The scale played at the written tempo from 0.8 s; `change` edits a note. */
function perform(
  name: string,
  change: (note: PlayedNote, i: number) => PlayedNote = (n) => n,
): string {
  const notes = score.notes.map((n, i) =>
    change(
      {
        midi: spelledToMidi(n.written) - 2,
        onsetMs: 800 + n.startMs,
        durationMs: n.durationMs * 0.92,
      },
      i,
    ),
  );
  return writeWav16(join(dir, name), RENDER_RATE, renderPerformance(audioDir, notes));
}

const run = (audio: string, extra: string[] = []): AttemptAssessment =>
  runAssess(['--score', scorePath, '--audio', audio, ...extra]).result;

describe('npm run assess', () => {
  it('passes a clean performance: every note played, nothing flagged, ≥ 90 overall', () => {
    const { text, result } = runAssess(['--score', scorePath, '--audio', perform('clean.wav')]);
    expect(result.notes.map((n) => n.verdict)).toEqual(LINE.map(() => 'played'));
    expect(result.notes.flatMap((n) => n.flags)).toEqual([]);
    expect(result.scores.overall).toBeGreaterThanOrEqual(90);
    expect(result.fixFirst).toBeNull();
    expect(result.notes.map((n) => n.written)).toEqual(LINE);
    // Onsets where the notes were rendered: median within 20 ms, none beyond 50 (issue 21's goals).
    const errors = result.notes
      .map((n, i) => Math.abs((n.onsetMs as number) - (800 + (score.notes[i]?.startMs ?? 0))))
      .sort((a, b) => a - b);
    expect(errors[errors.length >> 1]).toBeLessThanOrEqual(20);
    expect(errors[errors.length - 1]).toBeLessThanOrEqual(50);
    expect(text).toContain('15 played, 0 wrong, 0 missed of 15 notes');
    // The cents column as a reader sees it (teacher reading 3, U21: "-0" for a note 0.2 ¢ flat).
    const withCents = (cents: number[]): AttemptAssessment => ({
      ...result,
      notes: result.notes.map((n, i) => ({ ...n, cents: cents[i] ?? n.cents })),
    });
    const centsColumn = formatTable('t', withCents([-0.2, 0.3, -12.4, 7.6]))
      .split('\n')
      .slice(3, 7)
      .map((row) => row.split(/\s+/)[5]);
    expect(centsColumn).toEqual(['0', '0', '−12', '+8']);
  }, 60_000);

  it('names a wrong note in the key, a late note, a crack and a sharp note, and nothing else', () => {
    const audio = perform('faults.wav', (n, i) => {
      if (i === 3) return { ...n, midi: n.midi + 1 }; // F♯4 for F4
      if (i === 6) return { ...n, onsetMs: n.onsetMs + 150, durationMs: n.durationMs - 150 };
      if (i === 9) return { ...n, dropout: { atMs: 200, lengthMs: 120 } };
      if (i === 12) return { ...n, centsAt: () => 25 };
      return n;
    });
    const result = run(audio, ['--json', join(dir, 'out.json')]);
    const flagged = result.notes
      .map((n, i) => [i, n.verdict, n.flags.map((f) => f.flag).join(',')] as const)
      .filter(([, v, f]) => v !== 'played' || f !== '');
    expect(flagged).toEqual([
      [3, 'wrong', ''],
      [6, 'played', 'late'],
      [9, 'played', 'cracked'],
      [12, 'played', 'sharp'],
    ]);
    expect(result.notes[3]?.heard).toBe('F#4');
    expect(result.notes[3]?.reasons).toContain('Heard F♯4, not F4');
    expect(result.fixFirst).toMatch(/^1 wrong note: first in bar 1, heard F♯4 instead of F4/);
    const json = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as AttemptAssessment;
    expect(json.notes[6]).toMatchObject({
      index: 6,
      measure: '2',
      written: 'B4',
      verdict: 'played',
    });
    expect(json.scores.overall).toBeGreaterThan(70);
  }, 60_000);

  it('says what the reader assumed before the verdicts: a part in B♭ with no transposition', () => {
    const concert = join(dir, 'untransposed.musicxml');
    writeFileSync(
      concert,
      scoreToMusicXml({
        ...score,
        partName: 'Trumpet in Bb',
        transposition: { semitones: 0, letters: 0 },
      }),
    );
    const { text } = runAssess(['--score', concert, '--audio', perform('for-notice.wav')]);
    const lines = text.split('\n');
    expect(lines[1]).toBe(
      'note: The part is named "Trumpet in Bb" but the file gives no transposition, so its notes are read as concert pitch',
    );
  }, 60_000);

  it('refuses bad input with one clear line', () => {
    const notXml = join(dir, 'notes.txt');
    writeFileSync(notXml, 'hello');
    const emptyScore = join(dir, 'empty.musicxml');
    writeFileSync(emptyScore, scoreToMusicXml({ ...score, notes: [] }));
    const text = join(dir, 'fake.wav');
    writeFileSync(text, 'not audio at all');
    const noPart = join(dir, 'nopart.musicxml');
    writeFileSync(
      noPart,
      '<?xml version="1.0"?><score-partwise version="4.0"><part-list/></score-partwise>',
    );
    const eightBit = join(dir, 'eight-bit.wav');
    const header = Buffer.alloc(44 + 8000);
    header.write('RIFF', 0);
    header.writeUInt32LE(36 + 8000, 4);
    header.write('WAVEfmt ', 8);
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(1, 20); // PCM
    header.writeUInt16LE(1, 22);
    header.writeUInt32LE(8000, 24);
    header.writeUInt32LE(8000, 28);
    header.writeUInt16LE(1, 32);
    header.writeUInt16LE(8, 34); // 8-bit: not read
    header.write('data', 36);
    header.writeUInt32LE(8000, 40);
    writeFileSync(eightBit, header);
    const cases: [string[], RegExp][] = [
      [['--score', noPart, '--audio', text], /cannot read the score nopart\.musicxml: .*part/i],
      [
        ['--score', scorePath, '--audio', eightBit],
        /cannot read the audio eight-bit\.wav: unsupported WAV: format 1, 8 bits; save it as/,
      ],
      [['--score', notXml, '--audio', text], /cannot read the score notes\.txt/],
      [['--score', emptyScore, '--audio', text], /cannot read the score empty\.musicxml/],
      [
        ['--score', scorePath, '--audio', text],
        /cannot read the audio fake\.wav: not a RIFF\/WAVE file/,
      ],
      [['--score', join(dir, 'nope.xml'), '--audio', text], /no such file/],
      [['--score', scorePath], /--score and --audio are required/],
      [
        ['--score', scorePath, '--audio', text, '--a4', '500'],
        /--a4 must be a number from 415 to 466/,
      ],
      [
        ['--score', scorePath, '--audio', text, '--instrument', 'tuba'],
        /--instrument must be one of/,
      ],
      [
        ['--score', scorePath, '--audio', text, '--drone', 'H'],
        /^--drone must be a note name such as C, Bb or F#, got H$/,
      ],
    ];
    for (const [args, message] of cases) {
      expect(() => runAssess(args)).toThrow(UsageError);
      expect(() => runAssess(args)).toThrow(message);
    }
  });

  it('exits 2 with one line on stderr from the command line', () => {
    const result = spawnSync(
      process.execPath,
      [
        join(import.meta.dirname, 'assess.mjs'),
        '--score',
        scorePath,
        '--audio',
        join(dir, 'missing.wav'),
      ],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      `assess: cannot read the audio ${join(dir, 'missing.wav')}: no such file`,
    ]);
    expect(result.stdout).toBe('');
  }, 60_000);
});
