import { describe, expect, it } from 'vitest';
import { spelledNoteName, spelledToMidi, SPELLINGS } from './notes';
import { buildScale, MAJOR_KEYS, MINOR_KEYS, parseKeyName } from './scales';
import { spellInKey, type KeyOfPassage } from './spelling';

/**
 * Issue 22 row 16: a wrong note is named in the key of the passage (in E♭ major "Heard A♭4",
 * never "G♯4"), whatever the player's global preference. Expected names come from the key's own
 * scale as scales.ts spells it (each degree the next letter), not from spellInKey's tables.
 */
const KEYS: KeyOfPassage[] = [
  ...MAJOR_KEYS.map((k) => ({ ...parseKeyName(k), minor: false })),
  ...['C♯', 'G♭', 'C♭'].map((k) => ({ ...parseKeyName(k), minor: false })),
  ...MINOR_KEYS.map((k) => ({ ...parseKeyName(k), minor: true })),
];

const keyName = (k: KeyOfPassage): string =>
  `${k.letter}${['𝄫', '♭', '', '♯', '𝄪'][k.accidental + 2]} ${k.minor ? 'minor' : 'major'}`;

describe('wrong notes named in the key, every key × written F♯3–C6 × every preference', () => {
  it.each(KEYS.map((k) => [keyName(k), k] as const))('%s', (_, key) => {
    const kinds = key.minor
      ? (['natural-minor', 'harmonic-minor', 'melodic-minor'] as const)
      : (['major'] as const);
    const name = `${key.letter}${['𝄫', '♭', '', '♯', '𝄪'][key.accidental + 2]}`;
    // The key's own notes (and the raised 6th/7th in minor), by pitch class, as the scale spells them.
    const scaleSpelling = new Map<number, { letter: string; accidental: number }>();
    for (const kind of kinds) {
      for (const n of buildScale({ kind, key: name, lowMidi: 60, highMidi: 72 })) {
        if (Math.abs(n.accidental) > 1) continue; // a double sharp is no name for a wrong note
        const pc = ((n.midi % 12) + 12) % 12;
        if (!scaleSpelling.has(pc))
          scaleSpelling.set(pc, { letter: n.letter, accidental: n.accidental });
      }
    }
    const major = buildScale({
      kind: key.minor ? 'natural-minor' : 'major',
      key: name,
      lowMidi: 60,
      highMidi: 72,
    });
    const side = Math.sign(major.reduce((s, n) => s + n.accidental, 0));
    for (const spelling of SPELLINGS) {
      for (let midi = 54; midi <= 84; midi++) {
        const spelled = spellInKey(midi, key, spelling);
        expect(spelledToMidi(spelled)).toBe(midi);
        expect(Math.abs(spelled.accidental)).toBeLessThanOrEqual(1);
        const inKey = scaleSpelling.get(midi % 12);
        if (inKey) {
          expect({ letter: spelled.letter, accidental: spelled.accidental }).toEqual(inKey);
        } else if (side !== 0) {
          // A note outside the key takes the key's side of the circle.
          expect([0, side], spelledNoteName(spelled)).toContain(Math.sign(spelled.accidental));
        }
      }
    }
  });

  it('the issue example: in E♭ major the note between G and A is A♭4, with any preference', () => {
    for (const spelling of SPELLINGS) {
      expect(
        spelledNoteName(spellInKey(68, { letter: 'E', accidental: -1, minor: false }, spelling)),
      ).toBe('A♭4');
    }
    // No key: the player's preference.
    expect(spelledNoteName(spellInKey(68, null, 'sharps'))).toBe('G♯4');
    // A minor's raised 7th is G♯, not A♭.
    expect(
      spelledNoteName(spellInKey(68, { letter: 'A', accidental: 0, minor: true }, 'flats')),
    ).toBe('G♯4');
  });
});
