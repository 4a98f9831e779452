import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AttemptAssessment } from '../music';
import { AttemptSummary } from './PieceResults';

const attempt = (playedTempo: AttemptAssessment['playedTempo']): AttemptAssessment => ({
  notes: [],
  scores: { pitch: 100, timing: 100, steadiness: 100, overall: 100 },
  fixFirst: null,
  playedTempo,
});
const text = (a: AttemptAssessment): string =>
  renderToStaticMarkup(<AttemptSummary assessment={a} />)
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '|');

describe("the piece's results say the tempo played (issue 37, U7)", () => {
  it('beside the marking, with the drift when it drifted', () => {
    expect(
      text(attempt({ qpm: 126, startQpm: 120, endQpm: 133, markedQpm: 120, drifting: true })),
    ).toContain('Tempo played ♩≈126 (120→133) · marking ♩ = 120');
    expect(
      text(attempt({ qpm: 96, startQpm: 96, endQpm: 96, markedQpm: 120, drifting: false })),
    ).toContain('Tempo played ♩≈96 · marking ♩ = 120');
  });
  it('an attempt saved before it was measured says nothing of it', () => {
    expect(text(attempt(undefined))).not.toContain('Tempo played');
  });
});
