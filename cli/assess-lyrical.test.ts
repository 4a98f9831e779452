/**
 * Issue 37, U8 through `npm run assess` on rendered audio (bench/performance-render.ts, the
 * corpus's trumpet notes, the real engine, stream, follower and assessor): the bundled Largo with
 * a centred ±15 ¢ vibrato is neither flat nor wavering with `--vibrato`, and Mary played 7 ¢
 * sharp throughout has no note flagged at the default band, the pieces' moving-note ±15 ¢.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseArgs, runAssess, UsageError } from './assess-command';
import { renderPerformance, RENDER_RATE, type PlayedNote } from '../bench/performance-render';
import { writeWav16 } from '../e2e/synth-wav';
import { parseMusicXml } from '../src/music/score/musicxml';
import { spelledToMidi } from '../src/music/theory/notes';
import type { AttemptAssessment } from '../src/music/assessment/assessment-types';

const audioDir = process.env.EMBOUCHURE_AUDIO_DIR
  ? resolve(process.env.EMBOUCHURE_AUDIO_DIR)
  : resolve(import.meta.dirname, '..', '..', 'shared', 'audio');
const dir = mkdtempSync(join(tmpdir(), 'embouchure-lyrical-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const studyPath = (name: string): string =>
  resolve(import.meta.dirname, '..', 'public', 'studies', `${name}.musicxml`);

/** A bundled study (written for B♭ trumpet) played as written from 0.8 s, 90 % of each note. */
function render(study: string, file: string, centsAt: (ms: number, i: number) => number): string {
  const score = parseMusicXml(readFileSync(studyPath(study), 'utf8'));
  const notes: PlayedNote[] = score.notes.map((n, i) => ({
    midi: spelledToMidi(n.written) + score.transposition.semitones,
    onsetMs: 800 + n.startMs,
    durationMs: n.durationMs * 0.9,
    centsAt: (ms) => centsAt(ms, i),
  }));
  return writeWav16(join(dir, file), RENDER_RATE, renderPerformance(audioDir, notes));
}

const flagsOf = (result: AttemptAssessment): string[] =>
  result.notes.flatMap((n) => n.flags.map((f) => f.flag));

describe('npm run assess on lyrical music (U8)', () => {
  it('the Largo with a centred ±15 ¢ vibrato and --vibrato: not flat, not wavering', () => {
    const audio = render(
      'largo-new-world',
      'largo-vibrato.wav',
      (ms, i) => 15 * Math.sin((2 * Math.PI * 5.5 * ms) / 1000 + 1.3 * i),
    );
    const { text, result } = runAssess([
      '--score',
      studyPath('largo-new-world'),
      '--audio',
      audio,
      '--vibrato',
    ]);
    expect(text.split('\n')[0]).toContain('band ±15 ¢, vibrato allowed');
    expect(result.notes.every((n) => n.verdict === 'played')).toBe(true);
    expect(
      flagsOf(result).filter((f) => f === 'flat' || f === 'sharp' || f === 'unsteady'),
    ).toEqual([]);
    expect(result.fixFirst ?? '').not.toMatch(/flat|sharp|wavered/);
    expect(result.scores.steadiness).toBeGreaterThanOrEqual(95);
    // Judged as any pitch movement (no --vibrato), the same take has notes "wavered".
    const plain = runAssess(['--score', studyPath('largo-new-world'), '--audio', audio]).result;
    expect(flagsOf(plain)).toContain('unsteady');
  }, 120_000);

  it('Mary 7 ¢ sharp throughout at the default band: no note flagged, no note blamed', () => {
    const audio = render('mary-had-a-little-lamb', 'mary-sharp.wav', () => 7);
    const { text, result } = runAssess([
      '--score',
      studyPath('mary-had-a-little-lamb'),
      '--audio',
      audio,
    ]);
    expect(text.split('\n')[0]).toContain('band ±15 ¢');
    expect(result.notes.every((n) => n.verdict === 'played')).toBe(true);
    expect(flagsOf(result).filter((f) => f === 'flat' || f === 'sharp')).toEqual([]);
    // Nothing to fix but, at most, the whole horn: never one note's "relax, open the aperture".
    expect(result.fixFirst === null || /main tuning slide/.test(result.fixFirst)).toBe(true);
  }, 120_000);

  it('--vibrato is a switch: a value other than on/off is refused with one line', () => {
    const base = ['--score', 'a.musicxml', '--audio', 'b.wav'];
    expect(parseArgs([...base, '--vibrato']).vibrato).toBe(true);
    expect(parseArgs([...base, '--vibrato=off']).vibrato).toBe(false);
    expect(parseArgs(base)).toMatchObject({ vibrato: false, bandCents: 15 });
    expect(() => parseArgs([...base, '--vibrato=maybe'])).toThrow(UsageError);
    expect(() => parseArgs([...base, '--vibrato=maybe'])).toThrow(
      '--vibrato takes no value (or =on, =off), got maybe',
    );
  });
});
