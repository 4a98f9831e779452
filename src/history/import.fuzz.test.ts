import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { sampleAttempt } from './fixtures.test-data';
import { createHistoryStore } from './history-db';
import { importHistory } from './history-file';
import { toExport, type AttemptRecord } from './records';

/**
 * History import fuzzed with a few thousand malformed files: each starts as a valid export and gets
 * one defect known to make it invalid (a bad value in a strict field, a hostile object, a broken
 * text). Every one must be refused with a message, write nothing, and never throw.
 */

/** Deterministic (a failing seed can be replayed). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Values that are never valid where a number, string or list is required. */
const HOSTILE: readonly unknown[] = [
  { toString: 1, valueOf: 1 }, // String(x) throws "Cannot convert object to primitive value"
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
  [],
  [[[[[]]]]],
  {},
  null,
  true,
];

type Json = Record<string, unknown>;
type Mutation = (doc: Json, pick: <T>(xs: readonly T[]) => T) => void;

const attemptAt = (doc: Json): Json => (doc.attempts as Json[])[0];
const noteAt = (doc: Json): Json => (attemptAt(doc).notes as Json[])[0];

/** Each mutation makes the document invalid by the format's rules (records.ts). */
const MUTATIONS: readonly [string, Mutation][] = [
  ['format', (d, p) => (d.format = p(['embouchure', '', 1, ...HOSTILE]))],
  ['version', (d, p) => (d.version = p(['1', 2, 0, -1, 1.5, Infinity, '', ...HOSTILE]))],
  ['attempts', (d, p) => (d.attempts = p(['x', 1, {}, null, { length: 1 }]))],
  ['attempt', (d, p) => ((d.attempts as unknown[])[0] = p(['x', 1, null, [], true]))],
  ['startedAt', (d, p) => (attemptAt(d).startedAt = p(['yesterday', '', 0, 'NaN', ...HOSTILE]))],
  ['durationS', (d, p) => (attemptAt(d).durationS = p([-1, 1e9, '60', Infinity, ...HOSTILE]))],
  [
    'exercise',
    (d, p) => (attemptAt(d).exercise = p(['toString', '__proto__', 'Scales', 3, ...HOSTILE])),
  ],
  ['settings', (d, p) => (attemptAt(d).settings = p(['x', 1, [], null, true]))],
  [
    'setting value',
    (d, p) =>
      ((attemptAt(d).settings as Json).a4Hz = p<unknown>([
        null,
        [],
        {},
        { toString: 1 },
        Infinity,
      ])),
  ],
  [
    'setting name',
    (d, p) => {
      const name = p(['__proto__', 'constructor', 'prototype', 'k'.repeat(100)]);
      Object.defineProperty(attemptAt(d).settings, name, { value: 1, enumerable: true });
    },
  ],
  ['score', (d, p) => (attemptAt(d).score = p([-1, 101, '82', Infinity, ...HOSTILE]))],
  ['notes', (d, p) => (attemptAt(d).notes = p(['E5', 1, {}, null, new Array(1001).fill(0)]))],
  ['note', (d, p) => ((attemptAt(d).notes as unknown[])[0] = p(['E5', 1, null, [], true]))],
  ['writtenMidi', (d, p) => (noteAt(d).writtenMidi = p([-1, 128, 60.5, '76', ...HOSTILE]))],
  ['name', (d, p) => (noteAt(d).name = p([5, 'E5'.repeat(10), ...HOSTILE]))],
  ['note score', (d, p) => (noteAt(d).score = p([-0.1, 100.1, '64', ...HOSTILE]))],
  [
    'medianCents',
    (d, p) => (noteAt(d).medianCents = p([5000, -5000, '0', ...HOSTILE.slice(0, 6)])),
  ],
  [
    'inTuneFraction',
    (d, p) => (noteAt(d).inTuneFraction = p([1.5, -0.1, '1', ...HOSTILE.slice(0, 6)])),
  ],
  ['partial', (d, p) => (attemptAt(d).partial = p(['yes', 1, null, ...HOSTILE]))],
];

const attempts = (n: number): AttemptRecord[] =>
  Array.from({ length: n }, (_, i) => ({
    ...sampleAttempt,
    startedAt: new Date(Date.parse('2026-01-01T08:00:00Z') + i * 3_600_000).toISOString(),
  }));

/** One malformed file: a JSON document mutation, or a broken text. */
function malformed(random: () => number): { kind: string; text: string } {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const doc = JSON.parse(JSON.stringify(toExport(attempts(1 + Math.floor(random() * 3))))) as Json;
  if (random() < 0.12) {
    const text = JSON.stringify(doc);
    const kind = pick(['truncated', 'garbage', 'not an object']);
    if (kind === 'truncated')
      return { kind, text: text.slice(0, Math.floor(random() * text.length)) };
    if (kind === 'garbage') return { kind, text: `${text}${pick(['}', ',', 'x', ']'])}` };
    return { kind, text: JSON.stringify(pick([[doc], 'embouchure-history', 1, null])) };
  }
  const [kind, mutate] = pick(MUTATIONS);
  mutate(doc, pick);
  return { kind, text: JSON.stringify(doc) };
}

describe('history import fuzz: malformed files are refused, nothing written, no exception', () => {
  it('3000 generated malformed files', async () => {
    const store = createHistoryStore({ indexedDB: new IDBFactory(), IDBKeyRange });
    await store.add(sampleAttempt);
    const random = rng(15);
    const kinds = new Map<string, number>();
    for (let i = 0; i < 3000; i++) {
      const file = malformed(random);
      kinds.set(file.kind, (kinds.get(file.kind) ?? 0) + 1);
      const message = await importHistory(
        { name: `fuzz-${i}.json`, text: () => Promise.resolve(file.text) },
        store,
      );
      expect(message.error, `${file.kind}: ${file.text.slice(0, 300)}`).toBe(true);
      expect(message.text).toMatch(/nothing was imported|Nothing was imported/);
      expect(message.text.length).toBeLessThan(400);
    }
    // Every kind of defect was tried many times.
    expect(kinds.size).toBe(MUTATIONS.length + 3);
    for (const count of kinds.values()) expect(count).toBeGreaterThan(20);
    // Nothing was written: the one attempt from before is all there is.
    expect(await store.all()).toHaveLength(1);
    expect((await store.summary()).count).toBe(1);
  });

  it('the version message names what the file has, a number or not', async () => {
    const store = createHistoryStore({ indexedDB: new IDBFactory(), IDBKeyRange });
    const withVersion = (version: unknown) => ({
      name: 'v.json',
      text: () => Promise.resolve(JSON.stringify({ ...toExport([]), version })),
    });
    expect((await importHistory(withVersion('1'), store)).text).toBe(
      'The export\'s version must be a number, but this file has the text "1" (this app reads version 1): nothing was imported.',
    );
    expect((await importHistory(withVersion(2), store)).text).toBe(
      'Unsupported history export version 2 (this app reads version 1): nothing was imported.',
    );
    expect((await importHistory(withVersion({ toString: 1 }), store)).text).toBe(
      'This export has a version of type object (this app reads version 1): nothing was imported.',
    );
  });
});
