import { describe, expect, it } from 'vitest';
import { DeadlineError, withDeadline } from './deadline';

describe('withDeadline', () => {
  it('passes a timely result or error through', async () => {
    await expect(withDeadline(Promise.resolve(3), 1000, 'x')).resolves.toBe(3);
    await expect(withDeadline(Promise.reject(new Error('no')), 1000, 'x')).rejects.toThrow('no');
  });

  it('work that never answers ends with a DeadlineError; a late success is reported', async () => {
    let finish: (value: number) => void = () => undefined;
    const work = new Promise<number>((resolve) => (finish = resolve));
    const late: number[] = [];
    const waited = withDeadline(work, 20, 'History', (value) => late.push(value));
    await expect(waited).rejects.toBeInstanceOf(DeadlineError);
    await expect(waited).rejects.toThrow('History did not answer within 0 s');
    finish(7);
    await work;
    expect(late).toEqual([7]);
  });
});
