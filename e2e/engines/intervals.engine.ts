import { afterAll, describe, expect, it } from 'vitest';
import {
  INTERVALS,
  intervalFrom,
  parseSpelledNote,
  spelledNoteName,
  spelledToMidi,
  writtenMidiToHz,
  type IntervalSpec,
} from '../../src/music';
import { brassTone, synthWavDir, writeSynthWav } from '../synth-wav';
import { engineName } from './engine';
import { engineFixture } from './fixture';
import { ACTIVE, listening, poll } from './helpers';

/**
 * The intervals exercise as a player does it (src/exercise/intervals/): five questions, each
 * "Play a <interval> above/below <note>"; Play reference sounds the reference through the same
 * PulseAudio sink the virtual microphone hears (a phone's speaker), then the player answers by
 * holding the note. The answer is worked out from the question as a player would (interval
 * arithmetic on letters: `intervalFrom`), played as a brass-like tone of its concert pitch on the
 * default B♭ trumpet once the app says "Your answer", and silenced once the answer is scored.
 */
const RATE = 44100;
const wavs = synthWavDir('engines-intervals');
afterAll(() => wavs.remove());
const engine = engineFixture();

/** The tritone is asked by the spelling that reads simpler (interval-questions.ts). */
const SPECS: readonly IntervalSpec[] = [
  ...INTERVALS,
  { semitones: 6, letterSteps: 3, name: 'augmented 4th' },
  { semitones: 6, letterSteps: 4, name: 'diminished 5th' },
];

/** "Question 2 of 5: Play a minor 3rd below B♭4" → the answer, spelled by the interval. */
function answerOf(question: string): { name: string; concertHz: number } {
  const match = /: Play an? (.+) (above|below) (\S+)$/.exec(question.trim());
  const spec = SPECS.find((s) => s.name === match?.[1]);
  const reference = parseSpelledNote(match?.[3] ?? '');
  if (!match || !spec || !reference) throw new Error(`not a question: "${question}"`);
  const answer = intervalFrom(reference, spec, match[2] === 'above' ? 'up' : 'down');
  return {
    name: spelledNoteName(answer),
    concertHz: writtenMidiToHz(spelledToMidi(answer), 'bb-trumpet', 440),
  };
}

/** The answer held: 3 s of a brass-like tone (10 ms fades), looping while the app listens. */
function heldAnswer(hz: number, index: number): string {
  const tone = brassTone(hz, RATE);
  const n = 3 * RATE;
  return writeSynthWav(
    wavs.path,
    `answer-${index}.wav`,
    3,
    (i) => tone(i) * Math.min(1, i / 441, (n - i) / 441),
    RATE,
  );
}

/** The answers table as the player reads it: question, answer, what was heard, score. */
const answerRows = () =>
  engine().page.evaluate(() =>
    Array.from(
      document.querySelectorAll(
        '.ion-page:not(.ion-page-hidden) [data-testid="note-table"] tbody tr',
      ),
    ).map((row) => Array.from(row.querySelectorAll('td')).map((td) => td.textContent ?? '')),
  );

describe(`intervals (${engineName()})`, () => {
  it('five questions answered by holding the right note: each heard as the answer and scored', async () => {
    const { page } = engine();
    await page.goto('/home/exercise');
    await poll(() => page.count(`${ACTIVE} [data-testid="practice-summary"]`)).toBe(1);
    await page.click(`${ACTIVE} [data-testid="open-intervals"]`);
    await listening(page);
    const expected: string[] = [];
    for (let q = 1; q <= 5; q++) {
      const question = `${ACTIVE} [data-testid="interval-question"]`;
      await poll(async () => (await page.text(question)) ?? '').toMatch(
        new RegExp(`^Question ${q} of 5: Play an? `),
      );
      const answer = answerOf((await page.text(question)) ?? '');
      expected.push(answer.name);
      await page.click(`${ACTIVE} .exercise-run button`, 'Play reference');
      await poll(() => page.text(`${ACTIVE} .exercise-run .phase`)).toBe(
        'Your answer: play and hold the note.',
      );
      engine().hear(heldAnswer(answer.concertHz, q));
      await poll(async () => (await answerRows()).length).toBe(q);
      await engine().silence();
    }
    await poll(() => page.count(`${ACTIVE} [data-testid="results"]`)).toBe(1);
    const rows = await answerRows();
    console.log(`engines: intervals ${JSON.stringify(rows)}`);
    expect(rows.map((r) => r[1])).toEqual(expected);
    // Heard as the answer, with how far off ("E4 (+2 ¢)"), never "✗" or "nothing heard".
    for (const [i, row] of rows.entries()) {
      expect(row[2]).toMatch(new RegExp(`^${expected[i]} \\([+−±]?\\d+ ¢\\)`));
      expect(Number(row[3])).toBeGreaterThanOrEqual(60);
    }
    expect(
      Number(await page.text(`${ACTIVE} [data-testid="results"] [data-testid="score"]`)),
    ).toBeGreaterThanOrEqual(60);
    await poll(() => page.text(`${ACTIVE} [data-testid="save-message"]`)).toBe(
      'Saved to your history.',
    );
    expect(page.pageErrors).toEqual([]);
  });
});
