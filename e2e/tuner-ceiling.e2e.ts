import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser } from './browser';
import { expectNoNoteOver, serviceSnapshot } from './tuner-helpers';
import { WAIT_MS } from './wait';

/**
 * Readings far above the horn are no pitch: a 20 kHz tone and a full-scale alternating signal
 * (+1, −1, … at the Nyquist frequency) showed C8/B7 before. The stream's ceiling is the
 * instrument's written C7 plus a whole tone (sounding C7, 2093 Hz, on B♭ trumpet).
 */
const RATE = 48000;
const dir = mkdtempSync(join(tmpdir(), 'embouchure-ceiling-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 16-bit mono PCM WAV of `seconds` of `sample(i)`. */
function writeWav(name: string, seconds: number, sample: (i: number) => number): string {
  const n = Math.round(seconds * RATE);
  const bytes = Buffer.alloc(44 + 2 * n);
  bytes.write('RIFF', 0);
  bytes.writeUInt32LE(36 + 2 * n, 4);
  bytes.write('WAVEfmt ', 8);
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(1, 22);
  bytes.writeUInt32LE(RATE, 24);
  bytes.writeUInt32LE(RATE * 2, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36);
  bytes.writeUInt32LE(2 * n, 40);
  for (let i = 0; i < n; i++) {
    const x = Math.max(-1, Math.min(1, sample(i)));
    bytes.writeInt16LE(Math.round(x * 32767), 44 + 2 * i);
  }
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

describe('no false notes far above the horn', () => {
  it.each([
    ['a 20 kHz tone', (i: number) => 0.5 * Math.sin((2 * Math.PI * 20000 * i) / RATE)],
    ['a full-scale alternating signal', (i: number) => (i % 2 === 0 ? 1 : -1)],
  ])('%s reads as no pitch, never a note', async (name, sample) => {
    const wav = writeWav(`${name.replace(/\W+/g, '-')}.wav`, 3, sample);
    const browser = await launchBrowser({ wav });
    try {
      const { page } = browser;
      await page.goto(appUrl('/home/tuner'));
      await expect
        .poll(async () => (await serviceSnapshot(page)).state, { timeout: WAIT_MS })
        .toBe('connected');
      // About two seconds of block-mode readings.
      await expectNoNoteOver(page, 20);
      expect((await serviceSnapshot(page)).hz).toBe(0);
      expect(browser.pageErrors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
