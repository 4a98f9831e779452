import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writePhrase, type PhraseNote } from '../exercise-audio';
import { engineName } from './engine';
import { engineFixture } from './fixture';
import { ACTIVE, listening, poll, texts } from './helpers';
import { startOnMarker } from './start-on-marker';

/**
 * The timed exercises and the routine as a player meets them in this engine (the long tone is in
 * exercise.engine.ts). A C major scale (written C4–C5, B♭ trumpet) played into the virtual
 * microphone from corpus notes at 60 bpm, with the metronome sounding through the same PulseAudio
 * sink the microphone hears (a phone's speaker), from when the exercise is ready: Start is tapped
 * when the tuner line hears a marker note (written F♯3) a count-in before the scale, as
 * e2e/exercise-scales.e2e.ts does in Chromium.
 */
const SCALE_CONCERT = [58, 60, 62, 63, 65, 67, 69, 70, 69, 67, 65, 63, 62, 60, 58];
const MARKER = 'F♯3'; // concert E3
const phrase = writePhrase([
  { concertMidi: null, seconds: 0.5 },
  // A note before the marker: the marker comes once the new stream flows (slurs.engine.ts).
  { concertMidi: 62, seconds: 1 },
  { concertMidi: null, seconds: 1 },
  { concertMidi: 52, seconds: 0.5 },
  { concertMidi: null, seconds: 3.95 },
  ...SCALE_CONCERT.map((concertMidi, i) => ({
    concertMidi,
    seconds: i === SCALE_CONCERT.length - 1 ? 2 : 1,
  })),
  // The results come before the loop plays a note again (with the loop's next note 3.5 s after
  // the last, that last note once scored 59 for pitch in WebKit; the cause was not established).
  { concertMidi: null, seconds: 6 },
] satisfies PhraseNote[]);
afterAll(() => rmSync(dirname(phrase), { recursive: true, force: true }));

const engine = engineFixture();

/**
 * In the page: logs the pointer, mouse and click events of a tap (their target and the path then)
 * and the router's `pushState`s, in `__tapPath`.
 */
function logTapPath(): void {
  const log: string[] = [];
  (globalThis as unknown as { __tapPath: string[] }).__tapPath = log;
  const at = () => Math.round(performance.now());
  const name = (target: EventTarget | null) =>
    target instanceof Element
      ? `${target.tagName.toLowerCase()}[${target.getAttribute('data-testid') ?? ''}]`
      : String(target);
  for (const type of ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click']) {
    document.addEventListener(
      type,
      (event) => log.push(`${at()} ${type} ${name(event.target)} ${location.pathname}`),
      { capture: true },
    );
  }
  const push = history.pushState.bind(history);
  history.pushState = (...args: Parameters<History['pushState']>) => {
    log.push(`${at()} pushState ${String(args[2])}`);
    push(...args);
  };
}

describe(`exercises and the routine (${engineName()})`, () => {
  it('a C major scale played at 60 bpm is scored note by note, every note heard in tune', async () => {
    const { page } = engine();
    await page.goto('/home/exercise');
    await poll(() => page.count(`${ACTIVE} [data-testid="practice-summary"]`)).toBe(1);
    await page.click(`${ACTIVE} [data-testid="open-scales"]`);
    await page.setValue(`${ACTIVE} [data-testid="scale-tempo"]`, '60');
    await page.click(`${ACTIVE} [data-testid="scale-go"]`);
    await poll(() => page.text(`${ACTIVE} [data-testid="target-note"]`)).toBe('C4');
    await poll(() => page.count(`${ACTIVE} [data-testid="staff-note"]`)).toBe(15);
    await listening(page);
    // Played once the exercise is ready (not waited for a loop of it): Start on its marker.
    await startOnMarker(page, MARKER, () => engine().hear(phrase));
    await poll(() => page.count(`${ACTIVE} [data-testid="results"]`)).toBe(1);
    const names = await texts(page, '[data-testid="note-row"] [data-testid="note-name"]');
    expect(names).toEqual([
      ...['C4', 'D4', 'E4', 'F4', 'G4', 'A4', 'B4', 'C5'],
      ...['B4', 'A4', 'G4', 'F4', 'E4', 'D4', 'C4'],
    ]);
    const pitch = (await texts(page, '[data-testid="note-row"] [data-testid="pitch-score"]')).map(
      Number,
    );
    console.log(`engines: scale pitch scores ${pitch.join(' ')}`);
    expect(Math.min(...pitch)).toBeGreaterThanOrEqual(80);
    expect(page.pageErrors).toEqual([]);
  });

  it.each([
    ['lip slurs', 'open-lip-slurs', null, 'slur-go'],
    ['articulation', 'open-scales', 'scales-mode-articulation', 'art-go'],
  ])(
    '%s: the run is drawn on the staff with its first target, ready to start',
    async (_name, open, kind, go) => {
      const { page } = engine();
      await page.goto('/home/exercise');
      await poll(() => page.count(`${ACTIVE} [data-testid="practice-summary"]`)).toBe(1);
      await page.click(`${ACTIVE} [data-testid="${open}"]`);
      if (kind) await page.click(`${ACTIVE} [data-testid="${kind}"]`);
      await page.click(`${ACTIVE} [data-testid="${go}"]`);
      await poll(
        async () => (await page.text(`${ACTIVE} [data-testid="target-note"]`)) ?? '',
      ).toMatch(/^[A-G][♯♭]?\d$/);
      await poll(() => page.count(`${ACTIVE} [data-testid="staff-note"]`)).toBeGreaterThan(3);
      await poll(() => page.count(`${ACTIVE} [data-testid="timed-start"]`)).toBe(1);
      await listening(page);
      expect(page.pageErrors).toEqual([]);
    },
  );

  it('the routine starts at its first step', async () => {
    const { page } = engine();
    await page.goto('/home/exercise');
    await poll(() => page.count(`${ACTIVE} [data-testid="practice-summary"]`)).toBe(1);
    await page.evaluate(logTapPath);
    await page.click(`${ACTIVE} [data-testid="start-routine"]`);
    // Once under double load in WebKit the tap reached the button and nothing opened (issue 20):
    // on a failure, what the page saw of the tap and of the router says which step was lost.
    await poll(() => page.count(`${ACTIVE} [data-testid="routine-progress"]`))
      .toBe(1)
      .catch(async (error: unknown) => {
        const seen = await page.evaluate(() => [
          location.pathname,
          ...(globalThis as unknown as { __tapPath: string[] }).__tapPath,
        ]);
        throw new Error(`the routine did not open; the page saw: ${seen.join(' | ')}`, {
          cause: error,
        });
      });
    expect(page.pageErrors).toEqual([]);
  });
});
