/**
 * Drawing a passage with VexFlow, line by line to a width: clef, key and time signature, bar
 * lines, note values, rests, beams, triplets, slurs (across line breaks) and breath marks. No
 * React: `PassageStaff` calls it once per passage and width.
 */
import { bars, keySignatureName, timedNotes, type Passage, type PassageEvent } from '../../music';
import { drawBarVoice } from './bar-voice-draw';
import { layoutLines } from './staff-layout';
import { vexflowKey, type VexFlowModule } from './vexflow-loader';

const BASE_LINE_HEIGHT_PX = 126;

/** Written MIDI below which notes need more room under the staff (ledger lines): F♯3. */
const LOW_ROOM_MIDI = 54;

/** Line height for a passage: more room below for pedal tones (3 px a semitone under F♯3). */
export function lineHeightFor(passage: Passage): number {
  const lowest = Math.min(
    LOW_ROOM_MIDI,
    ...passage.events.flatMap((e) => (e.kind === 'note' ? [e.note.midi] : [])),
  );
  return BASE_LINE_HEIGHT_PX + 3 * (LOW_ROOM_MIDI - lowest);
}
/** The stave's own top margin puts its top line 40 px down: room for two ledger lines above. */
const STAVE_TOP_PX = -6;
/** SMuFL breathMarkComma (Bravura). */
const BREATH_MARK = '\uE4CE';

const DURATIONS: readonly [number, string][] = [
  [4, 'w'],
  [3, 'hd'],
  [2, 'h'],
  [1.5, 'qd'],
  [1, 'q'],
  [0.5, '8'],
  [1 / 3, '8'],
  [0.25, '16'],
];
const durationOf = (beats: number): string =>
  DURATIONS.find(([b]) => Math.abs(b - beats) < 1e-6)?.[1] ?? 'q';

/** Renders the passage into `element`; returns each note's SVG group and line, in order. */
export function draw(
  vf: VexFlowModule,
  element: HTMLElement,
  passage: Passage,
  widthPx: number,
): { element: SVGElement | null; line: number }[] {
  element.replaceChildren();
  const barList = bars(passage);
  const lines = layoutLines(passage, widthPx);
  const LINE_HEIGHT_PX = lineHeightFor(passage);
  const renderer = new vf.Renderer(element as HTMLDivElement, vf.Renderer.Backends.SVG);
  renderer.resize(widthPx, lines.length * LINE_HEIGHT_PX);
  const context = renderer.getContext();
  const keyName = passage.key ? keySignatureName(passage.key) : 'C';
  const staveNotes: (InstanceType<VexFlowModule['StaveNote']> | null)[] = passage.events.map(
    () => null,
  );
  const lineOfEvent: number[] = passage.events.map(() => 0);
  const breaths: {
    note: InstanceType<VexFlowModule['StaveNote']>;
    stave: InstanceType<VexFlowModule['Stave']>;
  }[] = [];

  // Each line's first and last bar, where slurs across a line break start and end.
  const staveOfLine: {
    first: InstanceType<VexFlowModule['Stave']>;
    last: InstanceType<VexFlowModule['Stave']>;
  }[] = [];
  lines.forEach((line, l) => {
    let x = 0;
    line.bars.forEach((b, k) => {
      const width = line.widths[k];
      const stave = new vf.Stave(x, l * LINE_HEIGHT_PX + STAVE_TOP_PX, width);
      if (k === 0) {
        stave.addClef('treble');
        if (passage.key) stave.addKeySignature(keyName);
        if (l === 0) stave.addTimeSignature(`${passage.beatsPerBar}/4`);
      }
      if (l === lines.length - 1 && k === line.bars.length - 1) {
        stave.setEndBarType(vf.Barline.type.END);
      }
      stave.setContext(context).draw();
      staveOfLine[l] = { first: staveOfLine[l]?.first ?? stave, last: stave };
      const notes = barList[b].map((i) => {
        const note = makeNote(vf, passage.events[i], passage.beatsPerBar);
        staveNotes[i] = note;
        lineOfEvent[i] = l;
        const event = passage.events[i];
        if (event.kind === 'note' && event.breathAfter) breaths.push({ note, stave });
        return note;
      });
      drawBarVoice(vf, context, stave, x, width, {
        notes,
        beats: passage.beatsPerBar,
        beatType: 4,
        keyName,
        isRest: (n) => passage.events[barList[b][n]].kind === 'rest',
        isTriplet: (n) => Math.abs(passage.events[barList[b][n]].beats - 1 / 3) < 1e-6,
      });
      x += width;
    });
  });

  // Slurs: each run of notes slurred into the next. A run crossing a line break is drawn open to
  // the right at the line's end and open to the left on the next line (Gould, "Behind Bars",
  // slurs across system breaks): the line's last note still reads as slurred, not tongued.
  type Note = InstanceType<VexFlowModule['StaveNote']>;
  const curve = (note: Note): InstanceType<VexFlowModule['Curve']> =>
    new vf.Curve(note, undefined, { thickness: 2 }).setContext(context);
  const slur = (from: Note, to: Note): void => {
    context.openGroup('slur');
    new vf.Curve(from, to, { thickness: 2 }).setContext(context).draw();
    context.closeGroup();
  };
  // VexFlow's open-ended curve stops at its note's bar; these run to the line's end or start.
  const slurToLineEnd = (from: Note, line: number): void => {
    const y = from.getStemExtents().baseY;
    context.openGroup('slur');
    curve(from).renderCurve({
      firstX: from.getTieRightX(),
      firstY: y,
      lastX: staveOfLine[line].last.getTieEndX(),
      lastY: y,
      direction: from.getStemDirection(),
    });
    context.closeGroup();
  };
  const slurFromLineStart = (to: Note, line: number): void => {
    const y = to.getStemExtents().baseY;
    context.openGroup('slur');
    curve(to).renderCurve({
      firstX: staveOfLine[line].first.getTieStartX(),
      firstY: y,
      lastX: to.getTieLeftX(),
      lastY: y,
      direction: to.getStemDirection(),
    });
    context.closeGroup();
  };
  // null: no slur running; undefined: the running slur came over from the line before.
  let from: Note | undefined | null = null;
  passage.events.forEach((event, i) => {
    const note = staveNotes[i];
    if (event.kind !== 'note' || !note) return;
    const line = lineOfEvent[i];
    if (from === null) {
      if (!event.slurToNext) return;
      from = note;
    }
    if (!event.slurToNext) {
      if (from === undefined) slurFromLineStart(note, line);
      else if (from !== note) slur(from, note);
      from = null;
    } else if (i + 1 < passage.events.length && lineOfEvent[i + 1] !== line) {
      // A slur spanning a whole line keeps its end on this line's last note.
      if (from) slurToLineEnd(from, line);
      else slurFromLineStart(note, line);
      from = undefined;
    }
  });

  // Breath marks above the staff, just after the note.
  context.save();
  context.setFont('Bravura', 28);
  for (const { note, stave } of breaths) {
    context.fillText(BREATH_MARK, note.getAbsoluteX() + 22, stave.getYForLine(0) - 4);
  }
  context.restore();

  passage.events.forEach((event, i) => {
    const group = staveNotes[i]?.getSVGElement();
    group?.setAttribute('data-line', String(lineOfEvent[i]));
    if (event.kind === 'rest') {
      group?.setAttribute('data-testid', 'staff-rest');
      group?.setAttribute('data-beats', String(event.beats));
    } else if (event.slurToNext) group?.setAttribute('data-slur-next', 'true');
  });
  const svg = element.querySelector('svg');
  svg?.setAttribute('aria-hidden', 'true');
  return timedNotes(passage).map((n) => {
    const group = staveNotes[n.eventIndex]?.getSVGElement() ?? null;
    group?.setAttribute('data-testid', 'staff-note');
    return { element: group ?? null, line: lineOfEvent[n.eventIndex] };
  });
}

function makeNote(
  vf: VexFlowModule,
  event: PassageEvent,
  beatsPerBar: number,
): InstanceType<VexFlowModule['StaveNote']> {
  const duration = durationOf(event.beats);
  if (event.kind === 'rest') {
    // A bar's rest is a whole rest in any metre, centred in the bar and hanging from the 4th line
    // (D5); VexFlow's default B4 would hang it from the middle line, where it reads as a half rest.
    if (Math.abs(event.beats - beatsPerBar) < 1e-6) {
      return new vf.StaveNote({ keys: ['d/5'], duration: 'wr', clef: 'treble', alignCenter: true });
    }
    return new vf.StaveNote({ keys: ['b/4'], duration: `${duration}r`, clef: 'treble' });
  }
  const note = new vf.StaveNote({
    keys: [vexflowKey(event.note).key],
    duration,
    clef: 'treble',
    autoStem: true,
  });
  if (duration.includes('d')) vf.Dot.buildAndAttach([note], { all: true });
  return note;
}
