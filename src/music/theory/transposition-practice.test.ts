import { describe, expect, it } from 'vitest';
import { getInstrument, INSTRUMENT_IDS, writtenToConcertMidi } from './transposition';
import { PART_INSTRUMENTS, partTransposition } from './transposition-practice';

describe('issue 22 (b): transposition practice, every part × every player', () => {
  it('moving each written note by the interval sounds what the part sounds', () => {
    for (const part of PART_INSTRUMENTS) {
      for (const player of INSTRUMENT_IDS) {
        const t = partTransposition(part, player);
        for (let written = 54; written <= 84; written++) {
          expect(writtenToConcertMidi(written + t.semitones, player)).toBe(
            writtenToConcertMidi(written, part),
          );
        }
        expect(t.text).toMatch(new RegExp(`^Part for ${getInstrument(part).name} on your`));
      }
    }
  });

  it('what an orchestral player is told on a B♭ trumpet', () => {
    const on = (part: (typeof PART_INSTRUMENTS)[number]) =>
      partTransposition(part, 'bb-trumpet').text.replace(/^.*: /, '');
    expect(on('c-trumpet')).toBe('play every note a major 2nd higher than written.');
    expect(on('d-trumpet')).toBe('play every note a major 3rd higher than written.');
    expect(on('eb-trumpet')).toBe('play every note a perfect 4th higher than written.');
    expect(on('f-trumpet')).toBe('play every note a perfect 5th higher than written.');
    expect(on('a-trumpet')).toBe('play every note a minor 2nd lower than written.');
    expect(partTransposition('c-trumpet', 'c-trumpet').text).toMatch(/play it as written\.$/);
  });
});
