import { describe, expect, it } from 'vitest';
import { createObservable } from './observable';

describe('createObservable', () => {
  it('starts at its initial value and notifies subscribers of changes only', () => {
    const pitch = createObservable(0);
    const seen: number[] = [];
    const unsubscribe = pitch.subscribe((v) => seen.push(v));
    pitch.set(0);
    pitch.set(440);
    pitch.set(440);
    pitch.set(0);
    unsubscribe();
    pitch.set(220);
    expect(seen).toEqual([440, 0]);
    expect(pitch.get()).toBe(220);
  });
});
