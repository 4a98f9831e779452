import { afterAll, describe, expect, it } from 'vitest';
import { midiToHz } from '../../src/music';
import { synthWavDir } from '../synth-wav';
import type { EnginePage } from './engine-page';
import { engineName } from './engine';
import { engineFixture } from './fixture';
import { ACTIVE, listening, poll, texts } from './helpers';
import { writeLine, type LineNote } from './performance-wav';
import { startOnMarker } from './start-on-marker';

/**
 * Lip slurs and articulation played and scored as a player does them, with the
 * metronome sounding through the PulseAudio sink the virtual microphone hears (a phone's
 * speaker). The performance is synthesised (performance-wav.ts), played once the exercise is
 * ready, and loops; Start is tapped when the tuner line hears its marker (written F♯3, concert E3) a count-in before the first note, as
 * exercises.engine.ts does for a scale: 0.15 s to show the marker and tap, 0.3 s of metronome
 * lead, 4 count-in beats.
 */
const wavs = synthWavDir('engines-slurs');
afterAll(() => wavs.remove());
const engine = engineFixture();

const MARKER = 'F♯3';
/** From the marker's start to the first note for a beat of `beatS`. */
const markerToFirstNoteS = (beatS: number): number => 0.15 + 0.3 + 4 * beatS;
/** Concert pitch of a written note on the B♭ trumpet (a major second lower). */
const concertHz = (writtenMidi: number): number => midiToHz(writtenMidi - 2);

/** Silence, the marker, silence up to the first note, `notes`, then silence to breathe. */
function withMarker(name: string, beatS: number, notes: readonly LineNote[]): string {
  const marker = 0.5;
  return writeLine(wavs.path, name, [
    { hz: null, seconds: 0.5 },
    // A note before the marker: the first audio of a fresh stream reached the page late once
    // (the first two eighths missed): the marker comes once the stream is flowing.
    { hz: concertHz(62), seconds: 1 },
    { hz: null, seconds: 1 },
    { hz: concertHz(54), seconds: marker },
    { hz: null, seconds: markerToFirstNoteS(beatS) - marker },
    ...notes,
    { hz: null, seconds: 3 },
  ]);
}

const outcomes = (page: EnginePage) =>
  page.evaluate(() =>
    Array.from(
      document.querySelectorAll('.ion-page:not(.ion-page-hidden) [data-testid="note-row"]'),
    ).map((e) => e.getAttribute('data-outcome') ?? ''),
  );

/**
 * Opens an exercise from the home page's routine list as a player does: taps it, and while its
 * setup (`ready`) has not shown and the button is still there at rest, taps it again (Firefox at
 * a load of ~14: a tap that reached the button once opened nothing). The taps again are the
 * page's own clicks: a real tap fails when its button goes away meanwhile, as it does once the
 * first tap has worked.
 */
async function open(page: EnginePage, testId: string, ready: string): Promise<void> {
  await page.click(`${ACTIVE} [data-testid="${testId}"]`);
  await poll(
    () =>
      page.evaluate(
        async (id: string, readySelector: string) => {
          const root = document.querySelector('.ion-page:not(.ion-page-hidden)');
          if (root?.querySelector(readySelector)) return true;
          const button = root?.querySelector<HTMLElement>(`[data-testid="${id}"]`);
          if (!button) return false;
          const at = button.getBoundingClientRect().top;
          await new Promise((resolve) => requestAnimationFrame(resolve));
          await new Promise((resolve) => requestAnimationFrame(resolve));
          if (button.isConnected && button.getBoundingClientRect().top === at) button.click();
          return false;
        },
        testId,
        ready,
      ),
    `the ${testId} setup`,
  ).toBe(true);
}

/**
 * Once the exercise is ready, plays `wav` (looping) and taps Start on its marker, 2.5 s in (or on
 * a later loop's, should the page look only after it), then waits for the results.
 */
async function playOnMarker(page: EnginePage, wav: string): Promise<void> {
  await engine().silence(); // no earlier performance's marker
  await listening(page);
  await startOnMarker(page, MARKER, () => engine().hear(wav));
  await poll(() => page.count(`${ACTIVE} [data-testid="results"]`)).toBe(1);
}

describe(`lip slurs and articulation played (${engineName()})`, () => {
  it('lip slurs on open valves (C4 G4 C5 E5 G5 and back), slurred at 60 bpm: the notes played, none cracked', async () => {
    const { page } = engine();
    // Written C4 G4 C5 E5 G5 E5 C5 G4 C4: the open series, one per beat, slurred (no gap), the
    // last note held two beats.
    const written = [60, 67, 72, 76, 79, 76, 72, 67, 60];
    const beatS = 1; // 60 bpm
    const wav = withMarker(
      'slurs-open.wav',
      beatS,
      written.map((midi, i) => ({
        hz: concertHz(midi),
        seconds: i === written.length - 1 ? 2 * beatS : beatS,
      })),
    );
    await page.goto('/home/exercise');
    await poll(() => page.count(`${ACTIVE} [data-testid="practice-summary"]`)).toBe(1);
    await open(page, 'open-lip-slurs', '.combos');
    // Open valves only: every other combination unticked.
    for (const combo of ['2', '1', '1-2', '2-3', '1-3', '1-2-3']) {
      await page.click(`${ACTIVE} .combos label`, new RegExp(`^\\s*${combo}$`));
    }
    const ticked = await page.evaluate(() =>
      Array.from(
        document.querySelectorAll<HTMLInputElement>(
          '.ion-page:not(.ion-page-hidden) .combos input:checked',
        ),
      ).map((input) => input.parentElement?.textContent?.trim()),
    );
    expect(ticked).toEqual(['open']);
    await page.setValue(`${ACTIVE} [data-testid="slur-tempo"]`, '60');
    await page.click(`${ACTIVE} [data-testid="slur-go"]`);
    await poll(() => page.text(`${ACTIVE} [data-testid="target-note"]`)).toBe('C4');
    await poll(() => page.count(`${ACTIVE} [data-testid="staff-note"]`)).toBe(9);
    await playOnMarker(page, wav);
    const names = await texts(page, '[data-testid="note-row"] [data-testid="note-name"]');
    expect(names).toEqual(['C4', 'G4', 'C5', 'E5', 'G5', 'E5', 'C5', 'G4', 'C4']);
    const results = await outcomes(page);
    const pitch = (await texts(page, '[data-testid="note-row"] [data-testid="pitch-score"]')).map(
      Number,
    );
    const timing = await texts(page, '[data-testid="note-row"] td:nth-child(3)');
    console.log(
      `engines: lip slurs ${results.join(' ')}; pitch ${pitch.join(' ')}; timing ${timing.join(' ')}`,
    );
    // Firefox at a load of 14–18 (another suite on the 2 cores) lost stretches of captured audio
    // (later notes stamped up to 1.6 s early, the notes in the gap missed): a note may be missed,
    // never heard as another partial (a crack) or a wrong note.
    expect(
      results.every((r) => r === 'played' || r === 'missed'),
      results.join(' '),
    ).toBe(true);
    expect(results.filter((r) => r === 'played').length).toBeGreaterThanOrEqual(7);
    const playedPitch = pitch.filter((_, i) => results[i] === 'played');
    expect(Math.min(...playedPitch)).toBeGreaterThanOrEqual(80);
    expect(page.pageErrors).toEqual([]);
  });

  it('single tonguing on G4 at 40 bpm, every eighth tongued: the notes played, about two per beat', async () => {
    const { page } = engine();
    // 40 bpm, the slowest tempo: an onset is matched within a third of an eighth (250 ms here,
    // 167 ms at 60 bpm), and the tap on the marker lands 130–180 ms later than planned in Firefox
    // at a load of ~10 (its heard clicks are also stamped without the output latency,
    // docs/testing.md): at 60 bpm two eighths were then "run together".
    const beatS = 1.5;
    // Written G4 (concert F4): 14 eighths, each sounding 60 % of its length, then the tongue
    // stops the air; then the last note on its beat, held.
    const eighths: LineNote[] = [];
    for (let k = 0; k < 14; k++) {
      eighths.push({ hz: concertHz(67), seconds: 0.3 * beatS }, { hz: null, seconds: 0.2 * beatS });
    }
    const wav = withMarker('single-g4.wav', beatS, [
      ...eighths,
      { hz: concertHz(67), seconds: 0.8 * beatS },
    ]);
    await page.goto('/home/exercise');
    await poll(() => page.count(`${ACTIVE} [data-testid="practice-summary"]`)).toBe(1);
    await open(page, 'open-scales', '[data-testid="scales-mode-articulation"]');
    await page.click(`${ACTIVE} [data-testid="scales-mode-articulation"]`);
    await page.click(`${ACTIVE} [data-testid="art-tonguing-single"]`);
    await page.setValue(`${ACTIVE} [data-testid="art-note"]`, 'G4');
    await page.setValue(`${ACTIVE} [data-testid="art-tempo"]`, '40');
    await page.click(`${ACTIVE} [data-testid="art-go"]`);
    await poll(() => page.text(`${ACTIVE} [data-testid="target-note"]`)).toBe('G4');
    await poll(() => page.count(`${ACTIVE} [data-testid="staff-note"]`)).toBe(15);
    await playOnMarker(page, wav);
    const names = await texts(page, '[data-testid="note-row"] [data-testid="note-name"]');
    expect(names).toEqual(Array.from({ length: 15 }, () => 'G4'));
    const results = await outcomes(page);
    const summary = (await page.text(`${ACTIVE} [data-testid="articulation-summary"]`)) ?? '';
    const timing = await texts(page, '[data-testid="note-row"] td:nth-child(3)');
    console.log(
      `engines: single tonguing ${results.join(' ')}; ${summary}; timing ${timing.join(' ')}`,
    );
    // 15 of 15 and ±2 ms in WebKit; Firefox under load lost stretches of captured audio (as for
    // the lip slurs): 12–13 of 15 played, 1.5–1.7 notes per beat, ±8 to ±92 ms over 4 runs.
    expect(
      results.every((r) => r === 'played' || r === 'missed'),
      results.join(' '),
    ).toBe(true);
    expect(results.filter((r) => r === 'played').length).toBeGreaterThanOrEqual(12);
    const perBeat = Number(await page.text(`${ACTIVE} [data-testid="notes-per-beat"]`));
    expect(perBeat).toBeGreaterThanOrEqual(1.5);
    const evenness = await page.text(`${ACTIVE} [data-testid="evenness-ms"]`);
    expect(evenness).toMatch(/^±\d+$/);
    expect(page.pageErrors).toEqual([]);
  });
});
