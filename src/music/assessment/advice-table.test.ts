import { describe, expect, it } from 'vitest';
import { coachNote, type NoteContext } from './coach';
import {
  alternateUse,
  combosFor,
  fingeringFor,
  valveComboLabel,
  type ValveCombo,
} from '../theory/fingerings';
import { fixFor, noteLean } from '../theory/intonation';
import { midiOf, noteName } from '../theory/notes';
import { noteAdvice } from './note-advice';
import type { NoteScore } from './note-scores';
import { partialsOf } from '../theory/partials';

/**
 * Issue 22: one advice for every screen. Every written note F♯2–C6, every fingering the chart
 * gives it, sharp and flat, against the teacher's rules (trumpet.md "Natural intonation
 * tendencies" and "Saying it right"), written here as the teacher lists them (by note), not as the
 * code computes them. The coach (long tones) and the timed exercises' note line (scales, slurs,
 * articulation, pieces, results) must say the same fix.
 */
const RELAX = 'relax, open the aperture';
const AIR = 'faster air, hear the pitch first';
const SLIDE_OUT = 'extend the 3rd valve slide';
const SLIDE_IN = 'if your 3rd slide is out, push it in; otherwise faster air';
/** trumpet.md "Standard alternates used for intonation", as the teacher lists them. */
const FLAT_SWAPS: Readonly<Record<string, string>> = {
  'E5 0': '1-2 or 3',
  'D5 1': '1-3',
  'E♭5 2': '2-3',
  'C♯5 12': '1-2-3 with the 3rd slide out',
};
/** Where 1-2 tends sharp enough for the 1st slide (and 3 is the alternate). */
const ONE_TWO_SHARP = new Set(['A3', 'E4', 'A4', 'A5']);
/** 1-2 notes on the flat 5th partial: the partial outweighs the combination. */
const ONE_TWO_FIFTH_PARTIAL = new Set(['C♯5', 'C♯6']);

function teacherSays(
  name: string,
  combo: ValveCombo,
  off: 'sharp' | 'flat',
  lipSlur = false,
): string {
  const midi = midiOf(name);
  if (midi < midiOf('F♯3')) return off === 'sharp' ? RELAX : AIR; // pedals: lips and air
  const use = alternateUse(midi, combo);
  if (lipSlur) {
    // The valves are the exercise's: no swap, and no note of the series is a "trill fingering".
    if (combo === '13' || combo === '123') return off === 'sharp' ? SLIDE_OUT : SLIDE_IN;
    if (off === 'flat') return AIR;
    return combo === '12' && !ONE_TWO_FIFTH_PARTIAL.has(name) ? '1st slide out' : RELAX;
  }
  if (use === 'trill-only' || use === 'seventh-partial') {
    const chart = fingeringFor(midi);
    const primary = chart.hasFingering ? valveComboLabel(chart.primary) : '';
    return `don't use ${valveComboLabel(combo)} here except in trills: finger it ${primary}`;
  }
  if (combo === '13' || combo === '123') return off === 'sharp' ? SLIDE_OUT : SLIDE_IN;
  if (off === 'flat') {
    const swap = FLAT_SWAPS[`${name} ${combo}`];
    return swap ? `faster air, or try ${swap}` : AIR;
  }
  if (combo === '12' && !ONE_TWO_FIFTH_PARTIAL.has(name)) {
    return ONE_TWO_SHARP.has(name) ? '1st slide out, or finger it 3' : '1st slide out';
  }
  return RELAX;
}

interface Case {
  name: string;
  midi: number;
  combo: ValveCombo;
  off: 'sharp' | 'flat';
}

const CASES: Case[] = [];
for (let midi = midiOf('F♯2'); midi <= midiOf('C6'); midi++) {
  for (const combo of combosFor(midi)) {
    for (const off of ['sharp', 'flat'] as const) {
      CASES.push({ name: noteName(midi), midi, combo, off });
    }
  }
}

/** A played note whose weakest sub-score is pitch, `cents` off. */
function offNote(cents: number): NoteScore {
  return {
    outcome: 'played',
    scores: { pitch: 40, timing: 100, steadiness: 100, articulation: 100 },
    overall: 70,
    heardHz: 440,
    medianCents: cents,
    spreadCents: 2,
    timingMs: 0,
    attackMs: 20,
  };
}

const noteLeanOf = (c: Case): string => noteLean(c.midi, c.combo).lean;

function context(midi: number, combo: ValveCombo, name: string): NoteContext {
  const partial = partialsOf(midi, combo)[0]?.partial ?? 1;
  return { writtenMidi: midi, name, valves: combo, partial, alternates: [] };
}

describe('one advice: every written note F♯2–C6 × its fingerings × sharp/flat (trumpet.md)', () => {
  it('covers every note from F♯2 to C6 that has a fingering (false tones F3–C♯3 have none)', () => {
    const notes = new Set(CASES.map((c) => c.midi));
    for (let midi = midiOf('F♯2'); midi <= midiOf('C6'); midi++) {
      const falseTone = midi > midiOf('C3') && midi < midiOf('F♯3');
      expect(notes.has(midi), noteName(midi)).toBe(!falseTone);
    }
    expect(CASES.length).toBeGreaterThan(2 * (midiOf('C6') - midiOf('F♯2') - 5));
  });

  it.each(CASES)('$name on $combo, $off: the fix', ({ name, midi, combo, off }) => {
    const expected = teacherSays(name, combo, off);
    expect(fixFor(midi, combo, off).text).toBe(expected);
    // Scales, slurs, articulation, pieces, results: the note line says the same fix.
    const cents = off === 'sharp' ? 30 : -30;
    expect(
      noteAdvice(offNote(cents), { target: name, heard: name }, { writtenMidi: midi, combo }),
    ).toBe(`30 ¢ ${off}: ${expected}.`);
    // The long-tone coach, three times off the same way (its swaps carry how far they lean).
    const suggestion = coachNote(context(midi, combo, name), cents, [cents, cents]).suggestion;
    expect(suggestion).toMatch(new RegExp(`^You were ${off} on ${name} 3 times in a row: `));
    const fix = fixFor(midi, combo, off, true).text;
    expect(suggestion).toBe(`You were ${off} on ${name} 3 times in a row: ${fix}.`);
    if (!expected.includes(' or ')) expect(fix).toBe(expected);
  });

  it('a sharp 1-3 / 1-2-3 note is a slide matter on every screen, never "open the aperture"', () => {
    for (const c of CASES.filter((k) => (k.combo === '13' || k.combo === '123') && k.midi >= 54)) {
      const use = alternateUse(c.midi, c.combo);
      if (use === 'trill-only' || use === 'seventh-partial') continue;
      const line = noteAdvice(
        offNote(c.off === 'sharp' ? 30 : -30),
        { target: c.name, heard: c.name },
        {
          writtenMidi: c.midi,
          combo: c.combo,
        },
      );
      expect(line, `${c.name} ${c.combo}`).toMatch(/3rd (valve )?slide/);
      expect(line).not.toMatch(/aperture/);
    }
  });

  it('pedal tones (below written F♯3) never get slide advice; no line says "pinch" or "lip it up"', () => {
    for (const c of CASES) {
      const text = fixFor(c.midi, c.combo, c.off).text;
      if (c.midi < midiOf('F♯3')) expect(text, c.name).not.toMatch(/slide/);
      expect(text).not.toMatch(/pinch|lip it up|::/);
    }
  });

  it('the issue rows: 1-3 D4 sharp, F5 on 1-3 flat, flat G3 (row 1, 15, 18)', () => {
    const d4 = { writtenMidi: midiOf('D4'), combo: '13' as const };
    expect(noteAdvice(offNote(30), { target: 'D4', heard: 'D4' }, d4)).toBe(
      '30 ¢ sharp: extend the 3rd valve slide.',
    );
    expect(fixFor(midiOf('F5'), '13', 'flat').text).toBe(
      "don't use 1-3 here except in trills: finger it 1",
    );
    expect(fixFor(midiOf('G3'), '13', 'flat').text).toBe(SLIDE_IN);
    expect(fixFor(midiOf('G2'), '13', 'sharp').text).toBe(RELAX);
    expect(fixFor(midiOf('A4'), '12', 'sharp').text).toBe('1st slide out, or finger it 3');
  });

  it('a lip slur keeps its valves: no swaps, no "trill" (E5 flat on open: air only)', () => {
    for (const c of CASES) {
      if (noteLeanOf(c) === 'unusable') continue; // the 7th partial is aimed at its own pitch
      const expected = teacherSays(c.name, c.combo, c.off, true);
      const line = noteAdvice(
        offNote(c.off === 'sharp' ? 30 : -30),
        { target: c.name, heard: c.name },
        { writtenMidi: c.midi, combo: c.combo, fixed: true },
      );
      expect(line, `${c.name} ${c.combo} ${c.off}`).toBe(`30 ¢ ${c.off}: ${expected}.`);
    }
  });

  it('a note off the chart (no fingering known) gets only air or aperture', () => {
    expect(noteAdvice(offNote(30), { target: 'A4', heard: 'A4' })).toBe(`30 ¢ sharp: ${RELAX}.`);
    expect(noteAdvice(offNote(-30), { target: 'A4', heard: 'A4' })).toBe(`30 ¢ flat: ${AIR}.`);
  });
});
