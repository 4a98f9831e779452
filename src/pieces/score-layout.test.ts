import { describe, expect, it } from 'vitest';
import { parseMusicXml } from '../music';
import { clefName, drawnBars, layoutScoreLines, middleLineKey, valuesFor } from './score-layout';
import { partXml, pitchXml, quarterBar, scaleBars } from './test-scores.test-data';

const total = (values: readonly { quarters: number }[]): number =>
  values.reduce((s, v) => s + v.quarters, 0);

describe('valuesFor', () => {
  it.each([
    [4, ['w']],
    [3, ['h.']],
    [3.5, ['h..']],
    [1.5, ['q.']],
    [0.75, ['8.']],
    [1 / 3, ['8t']],
    [2 / 3, ['qt']],
    [5, ['w', 'q']],
    [0.25, ['16']],
  ])('%f quarters are written %j', (quarters, written) => {
    const values = valuesFor(quarters);
    expect(values.map((v) => v.code + '.'.repeat(v.dots) + (v.triplet ? 't' : ''))).toEqual(
      written,
    );
    expect(total(values)).toBeCloseTo(quarters, 9);
  });
});

describe('drawnBars', () => {
  it('draws every note once, fills each bar to its length, ties a note over the bar line', () => {
    const score = parseMusicXml(
      partXml([
        pitchXml('C4', 4) + pitchXml('rest', 4) + pitchXml('E4', 8, '<tie type="start"/>'),
        pitchXml('E4', 4, '<tie type="stop"/>') + quarterBar('F4', 'G4', 'A4'),
      ]),
    );
    expect(score.notes.map((n) => n.written.letter)).toEqual(['C', 'E', 'F', 'G', 'A']);
    const bars = drawnBars(score);
    expect(bars).toHaveLength(2);
    for (const bar of bars) expect(total(bar.events.map((e) => e.value))).toBeCloseTo(4, 9);
    const heads = bars
      .flatMap((b) => b.events)
      .filter((e) => e.kind === 'note' && !e.tiedFromPrevious);
    expect(heads.map((e) => e.noteIndex)).toEqual([0, 1, 2, 3, 4]);
    // The merged E (three quarters) is a half in bar 1 and a tied quarter in bar 2.
    expect(bars[1].events[0]).toMatchObject({ kind: 'note', noteIndex: 1, tiedFromPrevious: true });
    expect(bars[0].events[1]).toMatchObject({ kind: 'rest' });
  });

  it('shows the time and key where they change, and triplets and 6/8 bars add up', () => {
    const score = parseMusicXml(
      partXml(
        [
          [pitchXml('D5', 9), pitchXml('C#5', 9)].join(''),
          `<attributes><key><fifths>-1</fifths></key><time><beats>2</beats><beat-type>4</beat-type></time></attributes>` +
            ['F4', 'G4', 'A4']
              .map((p) =>
                pitchXml(
                  p,
                  2,
                  '<time-modification><actual-notes>3</actual-notes><normal-notes>2</normal-notes></time-modification>',
                ),
              )
              .join('') +
            ['Bb4', 'C5', 'D5']
              .map((p) =>
                pitchXml(
                  p,
                  2,
                  '<time-modification><actual-notes>3</actual-notes><normal-notes>2</normal-notes></time-modification>',
                ),
              )
              .join(''),
        ],
        {
          attributes:
            '<key><fifths>2</fifths></key><time><beats>6</beats><beat-type>8</beat-type></time>',
        },
      ).replace('<divisions>4</divisions>', '<divisions>6</divisions>'),
    );
    const bars = drawnBars(score);
    expect(bars.map((b) => [b.showTime, b.showKey])).toEqual([
      [true, true],
      [true, true],
    ]);
    expect(bars[0].events.map((e) => e.value.code + '.'.repeat(e.value.dots))).toEqual([
      'q.',
      'q.',
    ]);
    expect(bars[1].events.every((e) => e.value.triplet)).toBe(true);
    expect(total(bars[1].events.map((e) => e.value))).toBeCloseTo(2, 9);
  });
});

describe('layoutScoreLines', () => {
  it('packs a 100-bar part into lines no wider than the screen, every bar once, in order', () => {
    const bars = drawnBars(parseMusicXml(partXml(scaleBars(100))));
    const lines = layoutScoreLines(bars, 358);
    expect(lines.flatMap((l) => l.bars)).toEqual(bars.map((_, i) => i));
    for (const line of lines) {
      expect(line.widths.reduce((s, w) => s + w, 0)).toBeLessThanOrEqual(358);
      expect(line.bars.length).toBeGreaterThanOrEqual(1);
    }
    // Four quarter notes a bar: two bars fit a phone's line, not five.
    expect(lines[1].bars.length).toBeGreaterThanOrEqual(2);
    expect(lines[1].bars.length).toBeLessThanOrEqual(4);
  });
});

describe('clefs on the staff', () => {
  // The middle line's pitch from the clef's own pitch on its line, two letter steps a line
  // (MusicXML 4.0 <clef>: G = G4, F = F3, C = C4 on the given line; lines count from the bottom).
  it.each([
    ['G', 2, 'treble', 'b/4'],
    ['G', 1, 'french', 'd/5'],
    ['F', 4, 'bass', 'd/3'],
    ['F', 3, 'baritone-f', 'f/3'],
    ['F', 5, 'subbass', 'b/2'],
    ['C', 1, 'soprano', 'g/4'],
    ['C', 2, 'mezzo-soprano', 'e/4'],
    ['C', 3, 'alto', 'c/4'],
    ['C', 4, 'tenor', 'a/3'],
    ['C', 5, 'baritone-c', 'f/3'],
  ] as const)('%s on line %i is VexFlow’s %s, middle line %s', (sign, line, name, middle) => {
    expect(clefName({ sign, line })).toBe(name);
    expect(middleLineKey({ sign, line })).toBe(middle);
  });

  it('a bass-clef part changing to treble: drawn in its clef, the change shown where it happens', () => {
    const clef = (sign: string, line: number) =>
      `<attributes><clef><sign>${sign}</sign><line>${line}</line></clef></attributes>`;
    const bars = drawnBars(
      parseMusicXml(
        partXml([
          clef('F', 4) + quarterBar('C3', 'D3', 'E3', 'F3'),
          quarterBar('G3', 'A3', 'B3', 'C4'),
          clef('G', 2) + quarterBar('D4', 'E4', 'F4', 'G4'),
        ]),
      ),
    );
    expect(bars.map((b) => [b.clef, b.showClef, b.restKey])).toEqual([
      ['bass', true, 'd/3'],
      ['bass', false, 'd/3'],
      ['treble', true, 'b/4'],
    ]);
    // The change needs room inside a line: the bar with it is wider than the same bar without.
    const [withChange] = layoutScoreLines([bars[1], bars[2]], 2000);
    const [without] = layoutScoreLines([bars[1], { ...bars[2], showClef: false }], 2000);
    expect(withChange.widths[1]).toBeGreaterThan(without.widths[1]);
  });
});

describe('repeat signs and endings on the staff (played out, each pass drawn as printed)', () => {
  const barline = (location: string, inner: string) =>
    `<barline location="${location}">${inner}</barline>`;
  it('|: bars 2–3 :| with first and second endings', () => {
    const [one, two, three, four] = scaleBars(4);
    const bars = drawnBars(
      parseMusicXml(
        partXml([
          one,
          barline('left', '<repeat direction="forward"/>') + two,
          barline('left', '<ending number="1" type="start"/>') +
            three +
            barline('right', '<ending number="1" type="stop"/><repeat direction="backward"/>'),
          barline('left', '<ending number="2" type="start"/>') +
            four +
            barline('right', '<ending number="2" type="stop"/>'),
        ]),
      ),
    );
    expect(bars.map((b) => [b.number, b.repeatStart, b.repeatEnd, b.ending, b.again])).toEqual([
      ['1', false, false, null, null],
      ['2', true, false, null, null],
      ['3', false, true, '1.', null],
      ['2', true, false, null, '2nd time'],
      ['4', false, false, '2.', null],
    ]);
  });
});
