import { describe, expect, it } from 'vitest';
import {
  parseTakeFile,
  readingsCsv,
  TAKE_FORMAT_VERSION,
  takeFromFile,
  takeToFile,
  type Take,
} from './take-format';

const sampleTake = (): Take => ({
  meta: {
    id: 'a1',
    name: 'Long tones G4',
    source: 'long-tones',
    startedAtMs: Date.UTC(2026, 10, 22, 23, 14, 5),
    durationMs: 5000,
    bytes: 6,
    mimeType: 'audio/webm;codecs=opus',
    noteCount: 1,
    notesMidi: [67],
    state: 'complete',
  },
  readings: [0, 0, 0, -80, 0, 93.3, 392.1, 0.97, -20.5, 392, 186.7, 392.4, 0.98, -20.1, 392],
  notes: [{ onsetMs: 60.2, offsetMs: 4900, hz: 392 }],
  audio: new Blob([new Uint8Array([1, 2, 3, 4, 5, 6])], { type: 'audio/webm;codecs=opus' }),
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests mangle arbitrary JSON
type Loose = Record<string, any>;

const exported = (take = sampleTake()): string => JSON.stringify(takeToFile(take));

describe('take file format', () => {
  it('round-trips a take: JSON + audio back to the same readings, notes and meta', async () => {
    const take = sampleTake();
    const file = parseTakeFile(exported(take));
    expect(file.version).toBe(TAKE_FORMAT_VERSION);
    expect(file.audio).toEqual({
      fileName: expect.stringMatching(/^embouchure-take-2026-11-2\d-\d{6}\.webm$/),
      mimeType: 'audio/webm;codecs=opus',
      bytes: 6,
    });
    const back = takeFromFile(file, take.audio, 'new-id');
    expect(back.readings).toEqual(take.readings);
    expect(back.notes).toEqual(take.notes);
    expect(back.meta).toEqual({ ...take.meta, id: 'new-id' });
    expect(new Uint8Array(await back.audio.arrayBuffer())).toEqual(
      new Uint8Array([1, 2, 3, 4, 5, 6]),
    );
  });

  it('exports readings as CSV with a header and one row each', () => {
    expect(readingsCsv(sampleTake().readings).split('\n')).toEqual([
      'timeMs,hz,clarity,levelDb,noteHz',
      '0,0,0,-80,0',
      '93.3,392.1,0.97,-20.5,392',
      '186.7,392.4,0.98,-20.1,392',
      '',
    ]);
  });

  it('an interrupted take stays interrupted; a take still recording exports as interrupted', () => {
    const take = sampleTake();
    take.meta.state = 'recording';
    expect(parseTakeFile(exported(take)).take.state).toBe('interrupted');
  });

  const mutate = (change: (json: Loose) => void): string => {
    const json = JSON.parse(exported()) as Loose;
    change(json);
    return JSON.stringify(json);
  };

  it.each([
    ['not JSON', () => 'RIFF....', 'it is not JSON'],
    [
      'another format',
      () => '{"format":"embouchure-history","version":1}',
      'not an Embouchure take',
    ],
    ['a newer version', () => mutate((j) => (j.version = 2)), 'version 2 is newer than this app'],
    ['version 0', () => mutate((j) => (j.version = 0)), 'version must be 1 or more'],
    ['no take', () => mutate((j) => delete j.take), 'take is missing'],
    ['negative duration', () => mutate((j) => (j.take.durationMs = -1)), 'take.durationMs'],
    ['empty name', () => mutate((j) => (j.take.name = '')), 'take.name must be text'],
    ['a video type', () => mutate((j) => (j.take.mimeType = 'video/mp4')), 'not an audio type'],
    ['bad MIDI', () => mutate((j) => (j.take.notesMidi = [200])), 'take.notesMidi'],
    [
      'renamed fields',
      () => mutate((j) => (j.readings.fields = ['t', 'hz', 'clarity', 'levelDb', 'noteHz'])),
      'readings.fields must be timeMs, hz',
    ],
    [
      'a short row',
      () => mutate((j) => (j.readings.rows[1] = [1, 2])),
      'readings.rows[1] must be 5 numbers',
    ],
    [
      'a time outside the take',
      () => mutate((j) => (j.readings.rows[2][0] = j.take.durationMs + 1001)),
      'is outside the take',
    ],
    ['a negative time', () => mutate((j) => (j.readings.rows[0][0] = -1)), 'outside the take'],
    [
      'clarity above 1',
      () => mutate((j) => (j.readings.rows[1][2] = 1.5)),
      'readings.rows[1] has a negative Hz or a clarity',
    ],
    [
      'a note ending before it starts',
      () => mutate((j) => (j.notes[0].offsetMs = 1)),
      'notes[0] must have onsetMs ≤ offsetMs',
    ],
  ])('refuses %s, naming the problem', (_label, text, reason) => {
    expect(() => parseTakeFile(text())).toThrow(reason);
    expect(() => parseTakeFile(text())).toThrow('Nothing was imported.');
  });

  it('imports a trace with a row stamped before the one above it, without that row', () => {
    const json = JSON.parse(exported()) as Loose;
    const rows = json.readings.rows as number[][];
    const late = [...rows[1]];
    late[0] = rows[1][0] - 5; // 5 ms before the row above it
    rows.splice(2, 0, late);
    const parsed = parseTakeFile(JSON.stringify(json));
    const times = parsed.readings.rows.map((row) => row[0]);
    expect(times).toEqual(
      (JSON.parse(exported()) as Loose).readings.rows.map((r: number[]) => r[0]),
    );
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('refuses an audio file that is not the one the JSON names (size differs)', () => {
    const file = parseTakeFile(exported());
    expect(() => takeFromFile(file, new Blob([new Uint8Array(5)]), 'x')).toThrow(
      'the audio file is 5 bytes but the take expects 6',
    );
  });
});

describe('a take of a piece (issue 25)', () => {
  const piece = {
    id: 'p-1',
    title: 'Arban 1',
    attempts: [
      {
        atMs: 12_500,
        scores: { overall: 81, pitch: 90, timing: 70, steadiness: 85 },
        fixFirst: 'You drag behind the beat',
        notes: [
          { index: 0, measure: '1', written: 'C5', verdict: 'played' as const },
          { index: 1, measure: '1', written: 'Bb4', verdict: 'wrong' as const },
          { index: 2, measure: '2', written: 'F#4', verdict: 'missed' as const },
        ],
      },
    ],
  };
  const pieceTake = (): Take => ({ ...sampleTake(), meta: { ...sampleTake().meta, piece } });

  it('keeps the piece and its verdicts through export and import', () => {
    const take = pieceTake();
    const back = takeFromFile(parseTakeFile(exported(take)), take.audio, 'new-id');
    expect(back.meta.piece).toEqual(piece);
  });

  it('an older take without a piece is read as before (no piece)', () => {
    const file = parseTakeFile(exported());
    expect(file.take).not.toHaveProperty('piece');
  });

  it.each([
    [(p: Loose) => (p.title = ''), 'take.piece.title must be text of 1–200 characters'],
    [(p: Loose) => (p.attempts = {}), 'take.piece.attempts must be a list of at most 20'],
    [
      (p: Loose) => (p.attempts[0].scores.timing = 130),
      'take.piece.attempts[0].scores must be overall, pitch, timing and steadiness, 0–100',
    ],
    [
      (p: Loose) => (p.attempts[0].notes[1].verdict = 'late'),
      'take.piece.attempts[0].notes[1] must have an index, measure, written and verdict',
    ],
    [
      (p: Loose) => (p.attempts[0].fixFirst = 3),
      'take.piece.attempts[0].fixFirst must be text or null',
    ],
  ])('a damaged piece is refused, naming what is wrong (%#)', (damage, reason) => {
    const json = JSON.parse(exported(pieceTake())) as Loose;
    damage(json.take.piece as Loose);
    expect(() => parseTakeFile(JSON.stringify(json))).toThrow(
      `Invalid take file: ${reason}. Nothing was imported.`,
    );
  });
});
