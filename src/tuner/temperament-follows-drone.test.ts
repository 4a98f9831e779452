import { describe, expect, it } from 'vitest';
import { temperamentAfterDrone, temperamentAtOpen } from './temperament-follows-drone';

describe('Just intonation is owned by the drone (issue 23 row 4)', () => {
  it.each([
    // temperament, drone sounding when the tuner opens, temperament then
    ['just', false, 'equal'],
    ['just', true, 'just'],
    ['equal', false, 'equal'],
    ['equal', true, 'equal'],
  ] as const)('opening with %s, drone sounding %s: %s', (temperament, sounding, expected) => {
    expect(temperamentAtOpen(temperament, sounding)).toBe(expected);
  });

  it.each([
    // temperament, drone was sounding, is sounding, temperament then
    ['just', true, false, 'equal'], // the drone stopped: back to equal
    ['just', false, true, 'just'], // chosen before the drone started: kept
    ['just', true, true, 'just'],
    ['just', false, false, 'just'],
    ['equal', true, false, 'equal'],
    ['equal', false, true, 'equal'],
  ] as const)('%s, drone %s → %s: %s', (temperament, was, is, expected) => {
    expect(temperamentAfterDrone(temperament, was, is)).toBe(expected);
  });
});
