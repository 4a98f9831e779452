import { useEffect, useMemo, useRef, useState } from 'react';
import type { NoteAssessment, Score } from '../music';
import { drawBarVoice } from '../exercise/staff/bar-voice-draw';
import { loadVexFlow, vexflowKey, type VexFlowModule } from '../exercise/staff/vexflow-loader';
import { drawnBars, layoutScoreLines, type DrawnBar, type ScoreLine } from './score-layout';
import { useElementWidth } from '../shared-ui/use-element-width';

/** One line of music, px: the stave with room for two ledger lines above and below. */
export const LINE_HEIGHT_PX = 130;
const STAVE_TOP_PX = 4;
/** Room left of the first bar for its number. */
const LEFT_PX = 8;
/** Lines drawn at once before yielding: the two in view first, then a few at a time. */
const FIRST_BATCH_LINES = 2;
const LINES_PER_BATCH = 2;
const MAJOR_KEYS = [
  'Cb',
  'Gb',
  'Db',
  'Ab',
  'Eb',
  'Bb',
  'F',
  'C',
  'G',
  'D',
  'A',
  'E',
  'B',
  'F#',
  'C#',
];

type StaveNote = InstanceType<VexFlowModule['StaveNote']>;

/** The class a note's verdict gives it on the staff (colour; CSS in pieces.css). */
export function verdictClass(note: NoteAssessment): string {
  if (note.verdict !== 'played') return `verdict-${note.verdict}`;
  return note.flags.length > 0 ? 'verdict-flagged' : 'verdict-played';
}

/**
 * A whole imported part drawn as music, line by line to the width of its box (the exercises'
 * VexFlow staff: clefs and clef changes, key and time changes, repeat signs and endings, ties
 * across bar lines, triplets, beams). Lines are
 * drawn in batches, so a 1000-bar part shows its first line at once. The note at `current` (the
 * follower's position) is marked and its line kept at the top of a two-line window, so the next
 * line is always in view. With `verdicts`, each note is coloured by its verdict and can be tapped.
 */
export function ScoreStaff(props: {
  score: Score;
  current: number;
  label: string;
  verdicts?: readonly (NoteAssessment | undefined)[] | null;
  selected?: number | null;
  onNoteTap?: (index: number) => void;
  /** Lines in view (2 while playing; more when reading the results). */
  visibleLines?: number;
  /** While a run waits for its first note: the note it starts on, its line brought into view. */
  startAt?: number;
}) {
  const { score, current, verdicts, selected, onNoteTap, startAt } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const groups = useRef<Map<number, SVGElement[]>>(new Map());
  const lineOfNote = useRef<Map<number, number>>(new Map());
  const widthPx = useElementWidth(scroller);
  const [drawn, setDrawn] = useState(0);
  const [failed, setFailed] = useState(false);
  const bars = useMemo(() => drawnBars(score), [score]);

  useEffect(() => {
    const element = host.current;
    if (widthPx < 100 || !element) return;
    let cancelled = false;
    const lines = layoutScoreLines(bars, widthPx - 4 - LEFT_PX);
    groups.current = new Map();
    lineOfNote.current = new Map();
    element.replaceChildren();
    const drawFrom = (vf: VexFlowModule, from: number): void => {
      if (cancelled) return;
      const to = Math.min(lines.length, from + (from === 0 ? FIRST_BATCH_LINES : LINES_PER_BATCH));
      for (let l = from; l < to; l++) {
        const div = document.createElement('div');
        div.className = 'score-line';
        div.dataset.line = String(l);
        element.appendChild(div);
        drawLine(vf, div, bars, lines[l], l === lines.length - 1, widthPx - 4, (i, g) => {
          const list = groups.current.get(i) ?? [];
          list.push(g);
          groups.current.set(i, list);
          if (!lineOfNote.current.has(i)) lineOfNote.current.set(i, l);
        });
      }
      setDrawn((n) => n + 1);
      if (to < lines.length) setTimeout(() => drawFrom(vf, to), 0);
    };
    loadVexFlow()
      .then((vf) => drawFrom(vf, 0))
      .catch((error: unknown) => {
        console.error('score staff: VexFlow failed', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [bars, widthPx]);

  // The cursor: a class on the current note, its line scrolled to the top of the window.
  useEffect(() => {
    groups.current.forEach((list, i) => {
      for (const g of list) {
        g.classList.toggle('current', i === current);
        g.classList.toggle('past', !verdicts && current >= 0 && i < current);
      }
    });
    // Before the first note of a run: the line it starts on (W8: Start left the score where it
    // had been scrolled, bars 9–12 on screen through the count-in).
    const at = current >= 0 ? current : startAt;
    if (at === undefined || at < 0) return;
    const line = lineOfNote.current.get(at);
    if (line !== undefined) {
      // The line's own top (W9: tops counted as line × 130 px drifted a few px a line from the
      // lines as laid out, so a page turn far into a piece showed the line above's noteheads at
      // the top and cut off the line below).
      const element = host.current?.querySelector<HTMLElement>(`[data-line="${line}"]`);
      scroller.current?.scrollTo({
        top: element?.offsetTop ?? line * LINE_HEIGHT_PX,
        behavior: 'smooth',
      });
    }
  }, [current, drawn, verdicts, startAt]);

  // Verdicts: a class per note, and the selected one outlined.
  useEffect(() => {
    groups.current.forEach((list, i) => {
      const verdict = verdicts?.[i];
      const cls = verdict ? verdictClass(verdict) : '';
      for (const g of list) {
        for (const c of [...g.classList]) if (c.startsWith('verdict-')) g.classList.remove(c);
        if (cls) g.classList.add(cls);
        g.classList.toggle('selected', selected === i);
        g.setAttribute('data-verdict', verdict?.verdict ?? '');
      }
    });
  }, [verdicts, selected, drawn]);

  const tap = (event: React.MouseEvent): void => {
    if (!onNoteTap) return;
    const target = (event.target as Element).closest('[data-note]');
    const index = Number(target?.getAttribute('data-note'));
    if (target && Number.isInteger(index)) onNoteTap(index);
  };

  const visible = props.visibleLines ?? 2;
  return (
    <figure
      className="staff passage-staff score-staff"
      aria-label={props.label}
      data-testid="score-staff"
    >
      <div
        ref={scroller}
        className="passage-scroller score-scroller"
        data-testid="staff-scroller"
        style={{ maxHeight: visible * LINE_HEIGHT_PX }}
        onClick={tap}
      >
        <div ref={host} aria-hidden="true" />
      </div>
      {failed && <figcaption>{props.label}</figcaption>}
    </figure>
  );
}

function keyName(fifths: number): string {
  return MAJOR_KEYS[Math.max(0, Math.min(14, fifths + 7))] ?? 'C';
}

/** Draws one line of bars into `element`; reports each score note's SVG group. */
function drawLine(
  vf: VexFlowModule,
  element: HTMLDivElement,
  bars: readonly DrawnBar[],
  line: ScoreLine,
  lastLine: boolean,
  widthPx: number,
  onNote: (index: number, group: SVGElement) => void,
): void {
  const renderer = new vf.Renderer(element, vf.Renderer.Backends.SVG);
  renderer.resize(widthPx, LINE_HEIGHT_PX);
  const context = renderer.getContext();
  let x = LEFT_PX;
  let previous: { note: StaveNote; index: number } | null = null;
  line.bars.forEach((b, k) => {
    const bar = bars[b];
    const width = line.widths[k];
    const stave = new vf.Stave(x, STAVE_TOP_PX, width);
    const key = keyName(bar.key.fifths);
    if (k === 0) {
      stave.addClef(bar.clef);
      stave.setMeasure(Number.parseInt(bar.number, 10) || b + 1);
    } else if (bar.showClef) {
      stave.addClef(bar.clef, 'small'); // a change inside the line, drawn smaller as printed
    }
    if ((k === 0 && bar.key.fifths !== 0) || (k > 0 && bar.showKey)) stave.addKeySignature(key);
    if (bar.showTime) stave.addTimeSignature(`${bar.time.beats}/${bar.time.beatType}`);
    // Repeat signs and endings as the part prints them, on each pass through the bars (the
    // staff is in playing order); the bar the player comes back to says which time it is.
    if (bar.repeatStart) stave.setBegBarType(vf.Barline.type.REPEAT_BEGIN);
    if (lastLine && k === line.bars.length - 1) stave.setEndBarType(vf.Barline.type.END);
    else if (bar.repeatEnd) stave.setEndBarType(vf.Barline.type.REPEAT_END);
    // Shifted down into the line's box: at its own height it would be drawn above the SVG.
    if (bar.ending) stave.setVoltaType(vf.VoltaType.BEGIN_END, bar.ending, 18);
    if (bar.again) stave.setStaveText(bar.again, vf.Modifier.Position.ABOVE, { shiftY: 8 });
    stave.setContext(context).draw();
    const marks = [
      bar.repeatStart ? 'repeat-start' : '',
      bar.repeatEnd ? 'repeat-end' : '',
      bar.ending ? `ending ${bar.ending}` : '',
      bar.again ? bar.again : '',
      k > 0 && bar.showClef ? `clef ${bar.clef}` : '',
    ].filter(Boolean);
    if (k === 0) marks.push(`clef ${bar.clef}`);
    // What the bar prints, for a screen reader's summary and the tests (the SVG has no words).
    if (marks.length > 0) {
      element.dataset.marks = [element.dataset.marks, `${bar.number}: ${marks.join(', ')}`]
        .filter(Boolean)
        .join('; ');
    }
    const notes: StaveNote[] = bar.events.map((event) => {
      const duration = event.value.code + (event.kind === 'rest' ? 'r' : '');
      const note =
        event.kind === 'rest' || !event.written
          ? new vf.StaveNote({ keys: [bar.restKey], duration, clef: bar.clef })
          : new vf.StaveNote({
              keys: [vexflowKey(event.written).key],
              duration,
              clef: bar.clef,
              autoStem: true,
            });
      for (let d = 0; d < event.value.dots; d++) vf.Dot.buildAndAttach([note], { all: true });
      return note;
    });
    if (notes.length === 0) {
      x += width;
      return;
    }
    drawBarVoice(vf, context, stave, x, width, {
      notes,
      beats: bar.time.beats,
      beatType: bar.time.beatType,
      keyName: key,
      isRest: (n) => bar.events[n].kind !== 'note',
      isTriplet: (n) => bar.events[n].value.triplet,
    });
    bar.events.forEach((event, n) => {
      const note = notes[n];
      if (event.kind !== 'note') return;
      if (event.tiedFromPrevious && previous && previous.index === event.noteIndex) {
        new vf.StaveTie({
          firstNote: previous.note,
          lastNote: note,
          firstIndexes: [0],
          lastIndexes: [0],
        })
          .setContext(context)
          .draw();
      }
      previous = { note, index: event.noteIndex };
      const group = note.getSVGElement();
      if (group) {
        group.setAttribute('data-note', String(event.noteIndex));
        if (!event.tiedFromPrevious) group.setAttribute('data-testid', 'staff-note');
        onNote(event.noteIndex, group);
      }
    });
    x += width;
  });
}
