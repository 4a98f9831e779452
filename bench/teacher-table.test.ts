/**
 * Every characteristic performance of docs/assessment.md's table, rendered and graded by the
 * real CLI: the line a teacher would say and an overall a teacher would sign (issue 37).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MORE_CASES, runCase, TEACHER_CASES } from './teacher-table';

const dir = mkdtempSync(join(tmpdir(), 'embouchure-teacher-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('characteristic performances, as a teacher reads them', () => {
  it.each([...TEACHER_CASES, ...MORE_CASES].map((c) => [c.name, c] as const))(
    '%s',
    (_name, c) => {
      const { result } = runCase(c, dir);
      if (c.expect.line === null) expect(result.fixFirst).toBeNull();
      else expect(result.fixFirst ?? '').toMatch(c.expect.line);
      expect(result.scores.overall).toBeGreaterThanOrEqual(c.expect.overall[0]);
      expect(result.scores.overall).toBeLessThanOrEqual(c.expect.overall[1]);
    },
    60_000,
  );
});
