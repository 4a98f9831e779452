import { describe, expect, it } from 'vitest';
import { sampleAttempt } from './fixtures.test-data';
import {
  attemptLabel,
  attemptTime,
  FIX_FIRST_MAX_CHARS,
  parseExport,
  toExport,
  validateAttempt,
} from './records';

describe('history export/import format', () => {
  it('round-trips an export', () => {
    const text = JSON.stringify(toExport([{ ...sampleAttempt, id: 7 }]));
    const parsed = parseExport(text);
    expect(parsed).toEqual({ ok: true, value: [sampleAttempt] });
  });

  it.each([
    ['not JSON', '{oops', /not JSON/],
    [
      'a foreign JSON file',
      JSON.stringify({ name: 'package', version: '1.0.0' }),
      /not an Embouchure history export/,
    ],
    [
      'a future version',
      JSON.stringify({ format: 'embouchure-history', version: 9, attempts: [] }),
      /version 9/,
    ],
    [
      'a score out of range',
      JSON.stringify(toExport([{ ...sampleAttempt, score: 250 }])),
      /attempts\[0\]\.score must be 0\.\.100/,
    ],
    [
      'a note with a bad MIDI number',
      JSON.stringify(
        toExport([{ ...sampleAttempt, notes: [{ ...sampleAttempt.notes[0], writtenMidi: 3.5 }] }]),
      ),
      /notes\[0\]\.writtenMidi/,
    ],
    [
      'an unknown exercise',
      JSON.stringify(toExport([{ ...sampleAttempt, exercise: 'juggling' as never }])),
      /exercise must be one of/,
    ],
  ])('refuses %s with a clear message', (_label, text, message) => {
    const parsed = parseExport(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error).toMatch(message);
      expect(parsed.error).toMatch(/[Nn]othing was imported/);
    }
  });
});

describe('an attempt keeps the fix-first it was told (issue 37, U15)', () => {
  const told = { ...sampleAttempt, fixFirst: 'You drag behind the beat: feel the click.' };
  it('round-trips through an export', () => {
    expect(parseExport(JSON.stringify(toExport([told])))).toEqual({ ok: true, value: [told] });
  });
  it('refuses one that is not text, or too long to be a sentence', () => {
    expect(validateAttempt({ ...told, fixFirst: 3 })).toEqual({
      ok: false,
      error: `attempt.fixFirst must be text of at most ${FIX_FIRST_MAX_CHARS} characters`,
    });
    expect(validateAttempt({ ...told, fixFirst: 'x'.repeat(FIX_FIRST_MAX_CHARS + 1) }).ok).toBe(
      false,
    );
  });
});

describe('how an attempt is named in the history (issue 23 row 9)', () => {
  it.each([
    ['long-tones', {}, 'Long tones'],
    ['lip-slurs', {}, 'Lip slurs'],
    ['scales', { kind: 'major' }, 'Scales'],
    ['scales', { kind: 'chromatic' }, 'Scales'],
    ['scales', { kind: 'articulation', tonguing: 'double' }, 'Articulation'],
    ['intervals', {}, 'Intervals'],
  ] as const)('%s %j: %s', (exercise, settings, label) => {
    expect(attemptLabel({ exercise, settings })).toBe(label);
  });

  it.each([
    ['en-GB', /^25 Nov 2026, 21:45$/],
    ['en-US', /^Nov 25, 2026, 9:45\s?PM$/],
    ['de-DE', /^25\.11\.2026, 21:45$/],
  ])('dates in %s', (locale, expected) => {
    const local = new Date(2026, 10, 25, 21, 45).toISOString();
    expect(attemptTime(local, locale)).toMatch(expected);
  });
});
