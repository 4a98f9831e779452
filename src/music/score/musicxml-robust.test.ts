// Damaged files must fail with a ScoreReadError (a reason for the player), never a TypeError.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseMusicXml } from './musicxml';
import { parseScoreFile } from './mxl';
import { ScoreReadError } from './score-read-error';
import { amazingGraceXml } from './testing/amazing-grace';

/** A small deterministic generator (mulberry32), so a failure reproduces. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const JUNK = [
  '',
  '-1',
  '0',
  'abc',
  '1e309',
  'NaN',
  '-0.5',
  '99999999',
  '<',
  '&',
  '"',
  '</note>',
  '<note>',
];

function mutate(text: string, next: () => number): string {
  const at = Math.floor(next() * text.length);
  switch (Math.floor(next() * 4)) {
    case 0:
      return text.slice(0, at);
    case 1:
      return text.slice(0, at) + text.slice(at + 1 + Math.floor(next() * 200));
    case 2: {
      // Replace the contents of a random element or attribute value with junk.
      const junk = JUNK[Math.floor(next() * JUNK.length)];
      const close = text.indexOf('<', at);
      return close < 0 ? text : text.slice(0, at) + junk + text.slice(close);
    }
    default: {
      const from = Math.floor(next() * text.length);
      return text.slice(0, at) + text.slice(from, from + 100) + text.slice(at);
    }
  }
}

function outcome(read: () => unknown): 'read' | 'refused' {
  try {
    read();
    return 'read';
  } catch (error) {
    if (!(error instanceof ScoreReadError)) throw error;
    expect(error.reason).not.toMatch(/\n/);
    return 'refused';
  }
}

describe('damaged scores', () => {
  const original = amazingGraceXml();

  it('2000 random damages of a real piece are read or refused with a reason', () => {
    const next = random(21);
    const counts = { read: 0, refused: 0 };
    for (let i = 0; i < 2000; i++) {
      const text = mutate(i % 3 === 0 ? mutate(original, next) : original, next);
      counts[outcome(() => parseMusicXml(text))]++;
    }
    expect(counts.read).toBeGreaterThan(0);
    expect(counts.refused).toBeGreaterThan(0);
  });

  it('random bytes and damaged zips are refused with a reason', () => {
    const next = random(7);
    const zip = zipSync({ 'score.musicxml': strToU8(original) });
    for (let i = 0; i < 300; i++) {
      const bytes = i % 2 === 0 ? zip.slice() : new Uint8Array(1 + Math.floor(next() * 400));
      for (let k = 0; k < 1 + next() * 8; k++) {
        bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
      }
      outcome(() => parseScoreFile(i % 4 < 2 ? 'x.mxl' : 'x.musicxml', bytes));
    }
  });
});
