import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 20: one AudioContext is constructed in src/ (outside tests), for the audio session. Every
 * source file is scanned for a construction (`new AudioContext(`, `new webkitAudioContext(`,
 * also through `window.` or `globalThis.`); OfflineAudioContext (decoding, no clock) is allowed.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const CONSTRUCTION = /new\s+(?:(?:window|globalThis|self)\s*\.\s*)?(?:webkit)?AudioContext\s*\(/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Comments are not code: a doc line naming the constructor must not count. */
const withoutComments = (code: string): string =>
  code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

describe('one audio owner', () => {
  it('only src/audio/clock/app-audio-context.ts constructs an AudioContext, once', () => {
    const found = sources(join(root, 'src')).flatMap((file) =>
      (withoutComments(readFileSync(file, 'utf8')).match(CONSTRUCTION) ?? []).map(() =>
        relative(root, file),
      ),
    );
    expect(found).toEqual(['src/audio/clock/app-audio-context.ts']);
  });

  it('only the audio session and the early start (which hands its context to it) call it', () => {
    const callers = sources(join(root, 'src'))
      .filter((file) => /createAppAudioContext/.test(withoutComments(readFileSync(file, 'utf8'))))
      .map((file) => relative(root, file))
      .sort();
    expect(callers).toEqual([
      'src/audio/clock/app-audio-context.ts',
      'src/audio/output/audio-session.ts',
      'src/audio/stream/early-start.ts',
    ]);
  });

  it('the scan sees every spelling of a construction (so the test above can fail)', () => {
    const probes = [
      'new AudioContext()',
      'new AudioContext({ latencyHint: "interactive" })',
      'new window.AudioContext()',
      'new globalThis.webkitAudioContext()',
    ];
    for (const probe of probes) expect(probe.match(CONSTRUCTION)).toHaveLength(1);
    expect('new OfflineAudioContext(1, 1, 44100)'.match(CONSTRUCTION)).toBeNull();
    expect(withoutComments('// new AudioContext()').match(CONSTRUCTION)).toBeNull();
  });
});
