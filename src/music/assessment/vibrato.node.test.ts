/**
 * Issue 37, U8: the vibrato allowance for lyrical music. The Largo (the bundled study) played with
 * a centred periodic vibrato is neither flat nor "wavered" with the allowance, at the pieces'
 * moving-note band; a slow or irregular wobble, a vibrato off centre and a crack are still named.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assessPerformance, concertMidiOf } from './assessor';
import { MOVING_NOTES_BAND_CENTS } from './bands';
import { synthPerformance, type SynthNote } from './testing/synthetic-performance';
import { heldVibrato } from './vibrato';
import { playedSegments, type Performance, type PlayedSegment } from './performance';
import { parseMusicXml } from '../score/musicxml';

const largo = parseMusicXml(
  readFileSync(
    join(import.meta.dirname, '../../../public/studies/largo-new-world.musicxml'),
    'utf8',
  ),
);

/** The Largo as written from 1 s, each note 90 % of its length, its pitch `centsAt` per note. */
function played(centsAt: (ms: number, i: number) => number, edit = (n: SynthNote) => n) {
  return largo.notes.map((note, i) =>
    edit({
      midi: concertMidiOf(largo, note),
      onsetMs: 1000 + note.startMs,
      durationMs: 0.9 * note.durationMs,
      centsAt: (ms) => centsAt(ms, i),
    }),
  );
}
/** A singer's vibrato: `depth` ¢ either way at `rateHz`, each note starting at its own phase. */
const vibrato =
  (depth: number, rateHz = 5.5) =>
  (ms: number, i: number): number =>
    depth * Math.sin((2 * Math.PI * rateHz * ms) / 1000 + 1.3 * i);

function firstSegment(performance: Performance): PlayedSegment {
  const segment = playedSegments(performance, 440)[0];
  if (!segment) throw new Error('nothing was played');
  return segment;
}

const judge = (notes: SynthNote[], allowance: boolean) =>
  assessPerformance(largo, synthPerformance(notes), {
    bandCents: MOVING_NOTES_BAND_CENTS,
    vibrato: allowance,
  });
const flagsOf = (result: ReturnType<typeof judge>) =>
  result.notes.flatMap((n) => n.flags.map((f) => f.flag));

describe('the vibrato allowance (U8)', () => {
  it('the Largo with a centred ±15 ¢ vibrato: not flat, not wavered, steadiness kept', () => {
    const result = judge(played(vibrato(15)), true);
    expect(result.notes.map((n) => n.verdict)).toEqual(largo.notes.map(() => 'played'));
    expect(flagsOf(result)).toEqual([]);
    expect(result.fixFirst).toBeNull();
    for (const n of result.notes) expect(Math.abs(n.cents ?? 99)).toBeLessThan(1);
    expect(result.scores.steadiness).toBeGreaterThanOrEqual(99);
    // Judged as any pitch movement, the swing costs every note steadiness (about 84 overall).
    expect(judge(played(vibrato(15)), false).scores.steadiness).toBeLessThan(90);
  });

  it('a broad ±25 ¢ vibrato is colour, not "wavered", with the allowance (22 wavered without)', () => {
    expect(flagsOf(judge(played(vibrato(25)), true))).toEqual([]);
    const plain = judge(played(vibrato(25)), false);
    expect(flagsOf(plain).filter((f) => f === 'unsteady')).toHaveLength(largo.notes.length);
    expect(plain.fixFirst).toMatch(/^22 notes wavered/);
  });

  it('a slow ±25 ¢ wobble (2.5 Hz) is still a wobble: judged exactly as without the allowance', () => {
    const slow = played(vibrato(25, 2.5));
    const result = judge(slow, true);
    expect(flagsOf(result)).toEqual(flagsOf(judge(slow, false)));
    const wavered = result.notes.filter((n) => n.reasons.some((r) => r.startsWith('Wavered')));
    expect(wavered.length).toBeGreaterThanOrEqual(0.9 * largo.notes.length);
  });

  it('an irregular wobble (the air’s unsteadiness, no vibrato rate in it) is still a wobble', () => {
    const unsteady = (ms: number, i: number): number =>
      18 * Math.sin((2 * Math.PI * 1.7 * ms) / 1000 + i) +
      12 * Math.sin((2 * Math.PI * 3.1 * ms) / 1000 + 2 * i);
    const notes = played(unsteady);
    const result = judge(notes, true);
    expect(flagsOf(result)).toEqual(flagsOf(judge(notes, false)));
    expect(flagsOf(result).filter((f) => f === 'unsteady').length).toBeGreaterThan(
      largo.notes.length / 2,
    );
  });

  it('the centre is still judged: a vibrato centred 20 ¢ low is flat', () => {
    const low = judge(
      played((ms, i) => vibrato(15)(ms, i) - 20),
      true,
    );
    expect(flagsOf(low).filter((f) => f === 'flat')).toHaveLength(largo.notes.length);
    expect(low.notes[0]?.reasons).toContain('20 ¢ flat');
  });

  it('a crack inside a vibrato note is still a crack', () => {
    const notes = played(vibrato(15), (n) => n);
    const long = largo.notes.findIndex((n) => n.durationMs >= 1500);
    notes[long] = { ...notes[long], dropout: { atMs: 600, lengthMs: 150 } };
    const result = judge(notes, true);
    expect(result.notes[long]?.flags.map((f) => f.flag)).toContain('cracked');
    expect(result.fixFirst).toMatch(/^1 note cracked/);
  });

  it('measures the vibrato it allows: rate and depth of a held note', () => {
    const performance = synthPerformance([
      { midi: 67, onsetMs: 500, durationMs: 2000, centsAt: (ms) => 15 * Math.sin(0.0345 * ms) },
    ]);
    const held = heldVibrato(performance.readings, firstSegment(performance), 440);
    expect(held?.rateHz).toBeCloseTo(5.5, 1);
    expect(held?.depthCents).toBeGreaterThan(14);
    expect(held?.spreadCents).toBeLessThan(1);
    // A steady note has no vibrato to allow: it is judged as it is.
    const steady = synthPerformance([{ midi: 67, onsetMs: 500, durationMs: 2000 }]);
    expect(heldVibrato(steady.readings, firstSegment(steady), 440)).toBeNull();
  });
});
