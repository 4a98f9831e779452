/**
 * `npm run assess` on rendered audio (issue 37, U7, U10): bundled studies rendered from the
 * corpus's trumpet notes (bench/tempo-scenarios.ts) and graded through the real engine, stream,
 * follower and assessor. An accelerando and a slow take say their tempo, with or without
 * `--tempo`, and blame no note; a hymn with rubato draws few flags; a dotted rhythm played even
 * is named, with no phantom miss and the first note on time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAssess } from './assess-command';
import { renderPerformance, RENDER_RATE, type PlayedNote } from '../bench/performance-render';
import { dottedEven, ramp, rubatoScenarios, study } from '../bench/tempo-scenarios';
import { perform } from '../bench/assess-scenarios';
import { writeWav16 } from '../e2e/synth-wav';
import type { AttemptAssessment } from '../src/music/assessment/assessment-types';
import { dottedRhythmLine } from '../src/music/assessment/dotted-rhythm';

const audioDir = process.env.EMBOUCHURE_AUDIO_DIR
  ? resolve(process.env.EMBOUCHURE_AUDIO_DIR)
  : resolve(import.meta.dirname, '..', '..', 'shared', 'audio');
const studies = resolve(import.meta.dirname, '..', 'public', 'studies');
const dir = mkdtempSync(join(tmpdir(), 'embouchure-assess-tempo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const wav = (name: string, played: readonly PlayedNote[]): string =>
  writeWav16(join(dir, name), RENDER_RATE, renderPerformance(audioDir, played));

const grade = (
  piece: string,
  audio: string,
  extra: string[] = [],
): { text: string; result: AttemptAssessment } =>
  runAssess(['--score', join(studies, `${piece}.musicxml`), '--audio', audio, ...extra]);

/** "3 Came in 150 ms late" for each note named late or early. */
const timingReasons = (result: AttemptAssessment): string[] =>
  result.notes.flatMap((n) =>
    n.reasons.filter((r) => r.startsWith('Came in')).map((r) => `${n.index} ${r}`),
  );

describe('npm run assess: the tempo played (U7)', () => {
  const march = study('yankee-doodle');
  const lastMs = march.notes[march.notes.length - 1]?.startMs ?? 0;

  it('an accelerando 120→133 says so, and with --tempo 120 does not blame the first note', () => {
    const audio = wav('accelerando.wav', perform(march, { time: ramp(lastMs, 133 / 120) }));
    const line = 'You sped up from ♩=120 to about ♩=133: keep the pulse.';
    const free = grade('yankee-doodle', audio);
    expect(free.text).toContain(`tempo played: ♩≈126 (120→133), marking ♩=120: ${line}`);
    // Before: "G4 in bar 1 came in 167 ms late" (the first note was on time), then every note.
    const given = grade('yankee-doodle', audio, ['--tempo', '120']);
    expect(timingReasons(given.result)).toEqual([]);
    expect(given.text).toContain(line);
    expect(given.result.playedTempo).toMatchObject({ markedQpm: 120, drifting: true });
  }, 60_000);

  it('a take at 80 % says ♩≈96 against the marking, not "came in 1873 ms early"', () => {
    const audio = wav('slow.wav', perform(march, { time: (ms) => ms / 0.8 }));
    const given = grade('yankee-doodle', audio, ['--tempo', '120']);
    expect(timingReasons(given.result)).toEqual([]);
    expect(given.text).toContain('You played at ♩≈96; the marking is 120.');
    expect(grade('yankee-doodle', audio).text).toContain('tempo played: ♩≈96, marking ♩=120');
  }, 60_000);
});

describe('npm run assess: timing that follows music', () => {
  it('a hymn with a ±10 % swell every 3 bars: at most 10 % of its notes late or early', () => {
    const hymn = rubatoScenarios().find(
      (s) => s.name.startsWith('Amazing Grace') && s.name.includes('3 bars'),
    );
    expect(hymn).toBeDefined();
    const { result, text } = grade('amazing-grace', wav('hymn.wav', hymn?.played ?? []));
    expect(timingReasons(result).length).toBeLessThanOrEqual(0.1 * result.notes.length);
    expect(text).toMatch(/tempo played: ♩≈8\d, marking ♩=80\n/);
  }, 60_000);

  it('a dotted rhythm played even is named; no phantom miss, the first note on time (U10)', () => {
    const { score, played } = dottedEven();
    const { result } = grade('arban-dotted-eighths', wav('dotted-even.wav', played));
    expect(dottedRhythmLine(score, result.notes)).toBe(
      'Your dotted rhythm is too even: make the 16th short and late.',
    );
    expect(result.notes.filter((n) => n.verdict !== 'played')).toEqual([]);
    expect(timingReasons(result).filter((r) => r.startsWith('0 '))).toEqual([]);
    // Only the early 16ths are named; nothing on the beat.
    const onBeat = result.notes.filter(
      (n) =>
        score.notes[n.index]?.durationQuarters !== 0.25 &&
        n.flags.some((f) => f.flag === 'late' || f.flag === 'early'),
    );
    expect(onBeat).toEqual([]);
  }, 60_000);
});
