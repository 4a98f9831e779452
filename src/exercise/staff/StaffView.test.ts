import { describe, expect, it } from 'vitest';
import { buildScale } from '../../music';
import { vexflowKey } from './StaffView';

describe('VexFlow keys for written notes', () => {
  it('keeps the key spelling (E♭ major shows A♭, not G♯) and the double sharp', () => {
    const eFlat = buildScale({ kind: 'major', key: 'E♭', lowMidi: 63, highMidi: 75 });
    expect(eFlat.slice(0, 8).map((n) => vexflowKey(n).key)).toEqual([
      'eb/4',
      'f/4',
      'g/4',
      'ab/4',
      'bb/4',
      'c/5',
      'd/5',
      'eb/5',
    ]);
    const gSharpMinor = buildScale({
      kind: 'harmonic-minor',
      key: 'G♯',
      lowMidi: 56,
      highMidi: 68,
    });
    expect(vexflowKey(gSharpMinor[6])).toEqual({ key: 'f##/4', accidental: '##' });
    expect(vexflowKey(gSharpMinor[0]).accidental).toBe('#');
    expect(vexflowKey(eFlat[1]).accidental).toBeNull();
  });
});
