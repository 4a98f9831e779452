import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatBytes, STORAGE_WARNING_FRACTION, storageSummary } from './take-storage';
import { createTakeStore } from './take-store';

describe('the takes screen’s storage line', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    // usage of a 1 GB quota → warned?
    [0, false],
    [799_999_999, false],
    [800_000_000, true],
    [999_000_000, true],
    [1_000_000_000, true],
  ])('%d bytes used of 1 GB: warning %s', (usageBytes, warned) => {
    const summary = storageSummary(12_300_000, { usageBytes, quotaBytes: 1e9 });
    expect(summary.nearlyFull).toBe(warned);
    expect(summary.text.includes('almost full')).toBe(warned);
  });

  it('warns from 80 %', () => {
    expect(STORAGE_WARNING_FRACTION).toBe(0.8);
  });

  it('says what takes use, the storage used of its quota, and what to do when nearly full', () => {
    expect(storageSummary(12_300_000, { usageBytes: 850e6, quotaBytes: 1e9 })).toEqual({
      nearlyFull: true,
      text:
        'Takes: 12.3 MB · storage used 850.0 MB of 1.0 GB — almost full: delete or export old ' +
        'takes before recording more.',
    });
    expect(storageSummary(0, { usageBytes: 2e9, quotaBytes: 10e9 })).toEqual({
      nearlyFull: false,
      text: 'Takes: 0 kB · storage used 2.0 GB of 10.0 GB',
    });
  });

  it('without an estimate (or a zero quota) shows the takes alone and never warns', () => {
    expect(storageSummary(5e6, null)).toEqual({ nearlyFull: false, text: 'Takes: 5.0 MB' });
    expect(storageSummary(5e6, { usageBytes: 0, quotaBytes: 0 }).nearlyFull).toBe(false);
  });

  it('warns from a faked navigator.storage.estimate() read through the take store', async () => {
    vi.stubGlobal('navigator', {
      storage: { estimate: () => Promise.resolve({ usage: 8.5e9, quota: 10e9 }) },
    });
    const use = await createTakeStore({ indexedDB: new IDBFactory(), IDBKeyRange }).estimate();
    expect(storageSummary(0, use)).toMatchObject({
      nearlyFull: true,
      text: expect.stringMatching(/storage used 8\.5 GB of 10\.0 GB — almost full/),
    });
  });
});

describe('take sizes (issue 23 row 15)', () => {
  it.each([
    [0, '0 kB'],
    [480_000, '480 kB'], // 5 s of 48 kHz 16-bit mono
    [999_400, '999 kB'],
    [1_000_000, '1.0 MB'],
    [12_345_678, '12.3 MB'],
    [2e9, '2.0 GB'],
  ])('%i bytes: %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
