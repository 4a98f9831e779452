import { describe, expect, it } from 'vitest';
import { backTo, noteNavigation, pathBelow } from './app-history';

/** Navigations as the router reports them: what is below each entry follows. */
describe("the app's record of its history", () => {
  it('a push has the page it came from below it; a replace keeps what was below', () => {
    noteNavigation('PUSH', 'b', { key: 'a', pathname: '/home/exercise' });
    expect(pathBelow('b')).toBe('/home/exercise');
    noteNavigation('REPLACE', 'c', { key: 'b', pathname: '/home/exercise/scales' });
    expect(pathBelow('c')).toBe('/home/exercise');
    // Back to an entry recorded before changes nothing; one from before the app knows nothing.
    noteNavigation('POP', 'b', { key: 'c', pathname: '/home/exercise/articulation' });
    expect(pathBelow('b')).toBe('/home/exercise');
    expect(pathBelow('from-before')).toBeUndefined();
  });

  it('back to a page goes Back when that page is below, and replaces when it is not (a link, a reload)', () => {
    noteNavigation('PUSH', 'run', { key: 'setup', pathname: '/home/exercise/scales' });
    const calls: unknown[] = [];
    const navigate = (to: string | number, options?: { replace: boolean }) =>
      calls.push(options ? [to, options] : [to]);
    backTo('/home/exercise/scales/', { key: 'run' }, navigate);
    backTo('/home/exercise', { key: 'run' }, navigate);
    backTo('/home/exercise', { key: 'opened-by-a-link' }, navigate);
    expect(calls).toEqual([
      [-1],
      ['/home/exercise', { replace: true }],
      ['/home/exercise', { replace: true }],
    ]);
  });
});
