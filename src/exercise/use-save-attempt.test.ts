import { describe, expect, it } from 'vitest';
import type { NoteRecord } from '../history/records';
import { nothingHeard, type AttemptContent } from './use-save-attempt';

const note = (medianCents: number | null, score: number): NoteRecord => ({
  writtenMidi: 67,
  name: 'G4',
  score,
  medianCents,
  spreadCents: null,
  driftCents: null,
  inTuneFraction: null,
});
const attempt = (...notes: NoteRecord[]): AttemptContent => ({
  settings: {},
  score: 0,
  notes,
});

describe('an attempt with nothing heard is aborted, not played (issue 23 row 7)', () => {
  it.each([
    ['no content at all (Finish before any hold)', null, undefined, true],
    [
      '63 notes, none heard (Finish during the count-in)',
      attempt(...Array(63).fill(note(null, 0))),
      undefined,
      true,
    ],
    ['one note heard among them', attempt(note(null, 0), note(-4, 80)), undefined, false],
    ['a note scored without cents', attempt(note(null, 40)), undefined, false],
    ['the exercise says a wrong answer was played', attempt(note(null, 0)), true, false],
    ['the exercise says nothing was played', attempt(note(null, 0)), false, true],
  ] as const)('%s: nothing heard %s', (_, content, played, expected) => {
    expect(nothingHeard(content, played)).toBe(expected);
  });
});
