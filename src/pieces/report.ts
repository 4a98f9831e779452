/**
 * A one-page report of an attempt a teacher can read (issue 25): the piece, when and how it was
 * played, the sub-scores, the one thing to fix first, and every note that was not simply played
 * well, with its reasons. `reportLines` is pure (tested); `reportPng` draws the lines on an A4
 * page (150 dpi) in a canvas.
 */
import { sayNote, type AttemptAssessment } from '../music';
import { flagText } from './report-text';
import { canvasPng, whitePage } from '../shared-ui/png-page';

export interface ReportLine {
  readonly text: string;
  readonly style: 'title' | 'heading' | 'body' | 'small';
}

export function reportLines(input: {
  title: string;
  partName: string;
  instrument: string;
  atMs: number;
  source: 'live' | 'recording';
  tempoPercent: number;
  assessment: AttemptAssessment;
}): ReportLine[] {
  const { assessment } = input;
  const { scores, notes } = assessment;
  const count = (kind: string): number => notes.filter((n) => n.verdict === kind).length;
  const lines: ReportLine[] = [
    { text: input.title, style: 'title' },
    {
      text: `${input.partName || 'Part'} · ${input.instrument} · ${new Date(input.atMs).toLocaleString()} · ${input.source === 'recording' ? 'graded recording' : 'played live'} · ${input.tempoPercent} % tempo`,
      style: 'small',
    },
    {
      text: `Overall ${Math.round(scores.overall)} — pitch ${Math.round(scores.pitch)}, timing ${Math.round(scores.timing)}, steadiness ${Math.round(scores.steadiness)}`,
      style: 'heading',
    },
    {
      text: `${notes.length} notes: ${count('played')} played, ${count('wrong')} wrong, ${count('missed')} missed.`,
      style: 'body',
    },
    {
      text: assessment.fixFirst
        ? `Fix first: ${assessment.fixFirst}`
        : 'Nothing stands out to fix.',
      style: 'heading',
    },
  ];
  const remarked = notes.filter((n) => n.verdict !== 'played' || n.flags.length > 0);
  if (remarked.length > 0) lines.push({ text: 'Notes to look at', style: 'heading' });
  for (const n of remarked) {
    const what =
      n.verdict === 'played' ? n.flags.map(flagText).join(', ') : n.reasons.join(' ') || n.verdict;
    lines.push({
      text: `Bar ${n.measure}, note ${n.index + 1} (${sayNote(n.written)}): ${what}`,
      style: 'body',
    });
  }
  return lines;
}

const PAGE = { widthPx: 1240, heightPx: 1754, marginPx: 100 };
const FONTS: Record<ReportLine['style'], { px: number; weight: number }> = {
  title: { px: 48, weight: 700 },
  heading: { px: 30, weight: 700 },
  body: { px: 26, weight: 400 },
  small: { px: 22, weight: 400 },
};

/** Draws the lines on a white A4 page; what does not fit is summarised in a last line. */
export async function reportPng(lines: readonly ReportLine[]): Promise<Blob> {
  const { canvas, context } = whitePage(PAGE.widthPx, PAGE.heightPx, '#000');
  context.textBaseline = 'top';
  const maxWidth = PAGE.widthPx - 2 * PAGE.marginPx;
  let y = PAGE.marginPx;
  let left = 0;
  for (const [i, line] of lines.entries()) {
    const font = FONTS[line.style];
    context.font = `${font.weight} ${font.px}px sans-serif`;
    const wrapped = wrap(line.text, (t) => context.measureText(t).width, maxWidth);
    const need = wrapped.length * font.px * 1.35 + (line.style === 'heading' ? 16 : 6);
    if (y + need > PAGE.heightPx - PAGE.marginPx - 40) {
      left = lines.length - i;
      break;
    }
    if (line.style === 'heading') y += 16;
    for (const part of wrapped) {
      context.fillText(part, PAGE.marginPx, y);
      y += font.px * 1.35;
    }
    y += 6;
  }
  if (left > 0) {
    context.font = `400 ${FONTS.small.px}px sans-serif`;
    context.fillText(`… and ${left} more (see the results file)`, PAGE.marginPx, y);
  }
  return canvasPng(canvas);
}

function wrap(text: string, width: (t: string) => number, maxWidth: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && width(next) > maxWidth) {
      out.push(line);
      line = word;
    } else line = next;
  }
  if (line) out.push(line);
  return out;
}
