import { describe, expect, it } from 'vitest';
import { sharedBrowser } from './app-fixture';
import { activePage, appUrl, audioFile } from './browser';
import { WAIT_MS } from './wait';

/**
 * The staff draws the whole exercise (every note and rest, counted in the SVG), lip slurs rest
 * between series, long tones never hold a wrong note. The fake microphone loops concert G4
 * (written A4 on the B♭ trumpet): 1.3 s of note, 0.5 s of silence.
 */
describe('exercises drawn whole, with rests', () => {
  const browser = sharedBrowser({ wav: audioFile('clean/sr44100/tpt_n067_G4_v110.wav') });

  it('lip slurs: every note of the seven series on the staff, a bar of rest between series', async () => {
    const page = browser.page;
    await page.goto(appUrl('/home/exercise'));
    const view = activePage(page);
    await view.getByTestId('open-lip-slurs').click();
    await view.getByTestId('slur-go').click();
    // 7 valve combinations × (C4 G4 C5 E5 G5 E5 C5 G4 C4) = 63 notes.
    await expect.poll(() => view.getByTestId('staff-note').count()).toBe(63);
    // Each series: a half rest after its held last note; between series a whole-bar rest.
    await expect.poll(() => view.getByTestId('staff-rest').count()).toBe(7 + 6);
    // Bars, a clef per line, a time signature: it reads as music, not a note list.
    expect(await view.locator('[data-testid="staff"] svg .vf-timesignature').count()).toBe(1);
    expect(await view.locator('[data-testid="staff"] svg .vf-clef').count()).toBeGreaterThan(1);
  });

  it('lip slurs: triplets draw three notes to a beat under triplet marks', async () => {
    const page = browser.page;
    await page.goto(appUrl('/home/exercise'));
    const view = activePage(page);
    await view.getByTestId('open-lip-slurs').click();
    await view.getByTestId('slur-subdivision-3').click();
    await view.getByTestId('slur-direction-up').click();
    await view.getByTestId('slur-go').click();
    // Up only: 5 notes a series.
    await expect.poll(() => view.getByTestId('staff-note').count()).toBe(35);
    expect(await view.locator('[data-testid="staff"] svg .vf-tuplet').count()).toBeGreaterThan(6);
  });

  it('long tones: the pyramid grows outward from G4, drawn whole with rests between holds', async () => {
    const page = browser.page;
    await page.goto(appUrl('/home/exercise'));
    const view = activePage(page);
    await view.getByTestId('open-long-tones').click();
    await view.getByTestId('lt-pattern').selectOption('pyramid');
    await view.getByTestId('lt-start').click();
    await expect.poll(() => view.getByTestId('staff-note').count()).toBe(11);
    expect(await view.getByTestId('staff-rest').count()).toBe(10);
    expect(await view.getByTestId('target-note').textContent()).toBe('G4');
    expect(await view.locator('[data-testid="staff"]').getAttribute('aria-label')).toBe(
      'Long tones: G4 F♯4 G♯4 F4 A4 E4 B♭4 E♭4 B4 D4 C5',
    );
  });

  it('long tones: a wrong note is named as heard and starts no hold', async () => {
    const page = browser.page;
    await page.goto(appUrl('/home/exercise'));
    const view = activePage(page);
    await view.getByTestId('open-long-tones').click();
    await view.getByTestId('lt-pattern').selectOption('single');
    await view.getByTestId('lt-note').selectOption({ label: 'B4' });
    await view.getByTestId('lt-hold').fill('1');
    await view.getByTestId('lt-start').click();
    await expect
      .poll(() => view.getByTestId('heard-instead').textContent())
      .toBe('Heard A4, not B4: the hold starts on B4.');
    // The cursor shows the note being played: the target turns red while another note sounds.
    await expect
      .poll(() => view.locator('[data-testid="staff-note"].current.heard-off').count())
      .toBe(1);
    // A whole 1.3 s wrong note passes (sounding, then silent again): a 1 s hold would be over.
    const readout = view.getByTestId('live-pitch');
    await expect.poll(() => readout.textContent()).toMatch(/^A4/);
    await expect.poll(() => readout.textContent()).toBe('—');
    expect(await view.getByTestId('phase').getAttribute('data-phase')).toBe('waiting');
    expect(await view.getByTestId('results').count()).toBe(0);
  });

  it('pedal tones: C3 down to F♯2 on the staff, guided, with pedal listening switched on', async () => {
    const page = browser.page;
    await page.goto(appUrl('/home/exercise'));
    const view = activePage(page);
    await view.getByTestId('open-long-tones').click();
    await view.getByTestId('lt-pattern').selectOption('pedal');
    await view.getByTestId('pedal-listening-on').click();
    await expect.poll(() => view.getByTestId('pedal-listening').count()).toBe(0);
    await view.getByTestId('lt-start').click();
    await expect.poll(() => view.getByTestId('staff-note').count()).toBe(7);
    expect(await view.locator('[data-testid="staff"]').getAttribute('aria-label')).toBe(
      'Long tones: C3 B2 B♭2 A2 A♭2 G2 F♯2',
    );
    expect(await view.getByTestId('pedal-guide').textContent()).toMatch(
      /^C3 \(open\): play C4 first, then let the jaw drop/,
    );
  });

  it('articulation: double tonguing drawn in sixteenths, summarised on evenness and notes per beat', async () => {
    const page = browser.page;
    await page.goto(appUrl('/home/exercise'));
    const view = activePage(page);
    await view.getByTestId('open-scales').click();
    await view.getByTestId('scales-mode-articulation').click();
    await view.getByTestId('art-tonguing-double').click();
    await view.getByTestId('art-note').selectOption({ label: 'A4' });
    await view.getByTestId('art-tempo').fill('120');
    await view.getByTestId('art-go').click();
    // Two bars: 7 beats of four sixteenths and a last note.
    await expect.poll(() => view.getByTestId('staff-note').count()).toBe(29);
    await view.getByTestId('timed-start').click();
    await view.getByTestId('results').waitFor({ timeout: WAIT_MS });
    const summary = view.getByTestId('articulation-summary');
    expect(await summary.textContent()).toMatch(/of 29 notes heard as separate attacks/);
    // The microphone's A4 is one long note a loop, never sixteenths: far fewer than 4 a beat.
    expect(Number(await view.getByTestId('notes-per-beat').textContent())).toBeLessThan(2);
  });

  it('intervals: with the reference hidden, the question names only the interval, no staff', async () => {
    const page = browser.page;
    await page.goto(appUrl('/home/exercise'));
    const view = activePage(page);
    await view.getByTestId('open-intervals').click();
    const question = view.getByTestId('interval-question');
    await expect.poll(() => question.textContent()).toMatch(/(above|below) [A-G]/);
    expect(await view.getByTestId('staff').count()).toBe(1);
    await view.getByTestId('interval-hide-reference').click();
    await expect.poll(() => question.textContent()).toMatch(/(above|below) the note you hear$/);
    expect(await view.getByTestId('staff').count()).toBe(0);
  });
});
