import { describe, expect, it } from 'vitest';
import {
  compareTAndK,
  K_MATCHES_T_MS,
  MIN_STROKES_COMPARED,
  syllableAt,
  type TongueSyllable,
  type TonguedNote,
} from './tongue-strokes';

/** Arban's syllables, written out: double T K T K, triple T T K. */
const GROUPS: Record<'double' | 'triple', TongueSyllable[]> = {
  double: ['T', 'K', 'T', 'K'],
  triple: ['T', 'T', 'K'],
};

/**
 * `beats` beats of `tonguing`, every T at `tMs` and every K at `kMs` from the grid, with a small
 * alternating wobble (±`jitterMs`) so spreads are not zero; `fail(i)` marks a note as missed or
 * run into the one before.
 */
function attempt(
  tonguing: 'double' | 'triple',
  beats: number,
  options: {
    tMs?: number;
    kMs?: number;
    jitterMs?: number;
    kJitterMs?: number;
    fail?: (i: number, syllable: TongueSyllable) => 'missed' | 'run-together' | null;
  } = {},
): TonguedNote[] {
  const group = GROUPS[tonguing];
  return Array.from({ length: beats * group.length }, (_, i) => {
    const syllable = group[i % group.length];
    // Alternate beats lean early and late alike for T and K: the medians stay put.
    const wobble =
      (Math.floor(i / group.length) % 2 === 0 ? 1 : -1) *
      (syllable === 'K' ? (options.kJitterMs ?? options.jitterMs ?? 3) : (options.jitterMs ?? 3));
    const failed = options.fail?.(i, syllable) ?? null;
    return {
      syllable,
      sounded: failed !== 'missed',
      onsetOffsetMs:
        failed === null
          ? (syllable === 'K' ? (options.kMs ?? 0) : (options.tMs ?? 0)) + wobble
          : null,
    };
  });
}

describe('syllableAt: the K of each group (Arban)', () => {
  for (const tonguing of ['double', 'triple'] as const) {
    it(`${tonguing}: ${GROUPS[tonguing].join(' ')}`, () => {
      expect(GROUPS[tonguing].map((_, p) => syllableAt(tonguing, p))).toEqual(GROUPS[tonguing]);
    });
  }
  it('single tonguing is all T, the K-alone drill all K; a place outside the group names the range', () => {
    expect([0, 1].map((p) => syllableAt('single', p))).toEqual(['T', 'T']);
    expect([0, 1].map((p) => syllableAt('k-only', p))).toEqual(['K', 'K']);
    expect(() => syllableAt('triple', 3)).toThrow(/from 0 to 2/);
  });
});

describe('compareTAndK: where K lands against T', () => {
  const table: {
    name: string;
    tonguing: 'double' | 'triple';
    tMs: number;
    kMs: number;
    kBehindMs: number;
    line: RegExp;
  }[] = [
    {
      name: 'K with T',
      tonguing: 'double',
      tMs: 5,
      kMs: 5,
      kBehindMs: 0,
      line: /^T and K match \(within 15 ms\)\.$/,
    },
    {
      name: 'K 20 ms late',
      tonguing: 'double',
      tMs: 0,
      kMs: 20,
      kBehindMs: 20,
      line: /^Your K lands 20 ms behind your T: practise K alone \(the T-vs-K drill\), slowly, until they match\.$/,
    },
    {
      name: 'K 40 ms late',
      tonguing: 'double',
      tMs: 10,
      kMs: 50,
      kBehindMs: 40,
      line: /^Your K lands 40 ms behind your T: practise K alone/,
    },
    {
      name: 'T 25 ms late',
      tonguing: 'double',
      tMs: 25,
      kMs: 0,
      kBehindMs: -25,
      line: /^Your T lands 25 ms behind your K: slow down/,
    },
    {
      name: 'triple, K 30 ms late',
      tonguing: 'triple',
      tMs: -5,
      kMs: 25,
      kBehindMs: 30,
      line: /^Your K lands 30 ms behind your T/,
    },
    {
      name: 'triple, K with T',
      tonguing: 'triple',
      tMs: 0,
      kMs: 4,
      kBehindMs: 4,
      line: /^T and K match/,
    },
    {
      name: 'K just inside the threshold',
      tonguing: 'double',
      tMs: 0,
      kMs: K_MATCHES_T_MS,
      kBehindMs: K_MATCHES_T_MS,
      line: /^T and K match/,
    },
  ];
  for (const row of table) {
    it(`${row.name}: ${row.line.source.slice(1, 40)}…`, () => {
      const result = compareTAndK(attempt(row.tonguing, 6, { tMs: row.tMs, kMs: row.kMs }));
      expect(result?.kBehindMs).toBeCloseTo(row.kBehindMs, 6);
      expect(result?.text).toMatch(row.line);
      expect(result?.t.medianOffsetMs).toBeCloseTo(row.tMs, 6);
      expect(result?.k.medianOffsetMs).toBeCloseTo(row.kMs, 6);
    });
  }

  it('counts the K that did not speak, and names them when T and K otherwise land together', () => {
    const result = compareTAndK(
      attempt('double', 6, {
        fail: (i, s) =>
          s === 'K' && i % 8 === 1 ? 'run-together' : s === 'K' && i === 11 ? 'missed' : null,
      }),
    );
    expect(result?.k).toMatchObject({ asked: 12, runTogether: 3, missed: 1, heard: 8 });
    expect(result?.t).toMatchObject({ asked: 12, runTogether: 0, missed: 0, heard: 12 });
    expect(result?.text).toMatch(
      /^T and K land together, but 4 of 12 K did not speak \(T: 0\): practise K alone/,
    );
  });

  it('a K less even than the T is named with both spreads', () => {
    const result = compareTAndK(attempt('double', 6, { jitterMs: 3, kJitterMs: 25 }));
    expect(result?.t.spreadMs).toBeCloseTo(3, 6);
    expect(result?.k.spreadMs).toBeCloseTo(25, 6);
    expect(result?.text).toMatch(/your K is less even \(±25 ms against ±3 ms\)/);
  });

  it(`needs ${MIN_STROKES_COMPARED} T and ${MIN_STROKES_COMPARED} K heard with their own attack`, () => {
    // Triple: one beat has a single K; three beats have three K, four have four.
    expect(compareTAndK(attempt('triple', 3, { kMs: 40 }))).toBeNull();
    expect(compareTAndK(attempt('triple', 4, { kMs: 40 }))?.text).toMatch(/K lands 40 ms behind/);
    // Enough notes asked, but the K ran together: too few heard to compare.
    const runTogether = attempt('double', 6, {
      kMs: 40,
      fail: (i, s) => (s === 'K' && i > 5 ? 'run-together' : null),
    });
    expect(compareTAndK(runTogether)).toBeNull();
    // Single tonguing has no K at all.
    expect(
      compareTAndK(attempt('double', 6).map((n) => ({ ...n, syllable: 'T' as const }))),
    ).toBeNull();
  });
});
