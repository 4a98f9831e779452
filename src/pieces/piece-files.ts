/**
 * What a piece's practice screen saves as files: the attempt's results (the assessor's JSON), the
 * one-page report for a teacher (PNG) and the piece as an assignment (file, link on the
 * clipboard). Each returns the line the screen shows, success or why not: nothing fails silently.
 */
import type { AttemptAssessment, Score } from '../music';
import { saveTextFile } from '../native/save-file';
import { assignmentFileName, assignmentJson, assignmentLink } from './assignment';
import type { PracticeSettings } from './piece-types';
import { reportLines, reportPng } from './report';

/** A piece title as a file name: letters, digits, spaces, `_` and `-` only. */
const fileSafe = (title: string): string =>
  title
    .replace(/[^\p{L}\p{N} _-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim() || 'piece';

export async function saveResultsJson(
  title: string,
  assessment: AttemptAssessment,
): Promise<string> {
  const name = `${fileSafe(title)} results.json`;
  try {
    await saveTextFile({
      name,
      text: JSON.stringify(assessment, null, 1),
      mimeType: 'application/json',
    });
    return `Results saved as ${name}.`;
  } catch (error) {
    return `Export failed: ${String(error)}`;
  }
}

export async function saveReportPng(
  title: string,
  report: Parameters<typeof reportLines>[0],
): Promise<string> {
  try {
    const png = await reportPng(reportLines(report));
    const url = URL.createObjectURL(png);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${fileSafe(title)} report.png`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return `Report saved as ${link.download}.`;
  } catch (error) {
    return `The report could not be made: ${String(error)}`;
  }
}

export async function saveAssignment(
  title: string,
  score: Score,
  practice: PracticeSettings,
): Promise<string> {
  const json = assignmentJson(title, score, practice);
  const link = assignmentLink(globalThis.location.origin, json);
  try {
    await saveTextFile({
      name: assignmentFileName(title),
      text: json,
      mimeType: 'application/json',
    });
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    return 'Assignment saved as a file; its link is on the clipboard when allowed.';
  } catch (error) {
    return `The assignment could not be saved: ${String(error)}`;
  }
}
