/**
 * One bar's notes drawn on its stave with VexFlow: a voice in the bar's metre, accidentals
 * against the key, triplets bracketless in threes, beams by beat (a dotted quarter in compound
 * time), then formatted to the stave's room and drawn. Shared by the exercises' staff and the
 * imported pieces' score, which differ in what they put around the bar, not in this.
 */
import type { VexFlowModule } from './vexflow-loader';

type StaveNote = InstanceType<VexFlowModule['StaveNote']>;
type Stave = InstanceType<VexFlowModule['Stave']>;
type Context = ReturnType<InstanceType<VexFlowModule['Renderer']>['getContext']>;

export interface BarVoice {
  /** The bar's notes and rests, in order. */
  readonly notes: readonly StaveNote[];
  /** Time signature: beats per bar and the beat's note value (4 = quarter, 8 = eighth). */
  readonly beats: number;
  readonly beatType: number;
  /** VexFlow key signature name ('Bb', 'F#' …). */
  readonly keyName: string;
  /** Whether the nth tickable is a rest (not beamed) and whether it is a triplet eighth. */
  readonly isRest: (n: number) => boolean;
  readonly isTriplet: (n: number) => boolean;
}

/** Draws `bar` on `stave`, whose left edge is at `xPx` and width `widthPx`. */
export function drawBarVoice(
  vf: VexFlowModule,
  context: Context,
  stave: Stave,
  xPx: number,
  widthPx: number,
  bar: BarVoice,
): void {
  const notes = [...bar.notes];
  const voice = new vf.Voice({ numBeats: bar.beats, beatValue: bar.beatType });
  voice.setMode(vf.Voice.Mode.SOFT);
  voice.addTickables(notes);
  vf.Accidental.applyAccidentals([voice], bar.keyName);
  const tuplets: InstanceType<VexFlowModule['Tuplet']>[] = [];
  let run: StaveNote[] = [];
  notes.forEach((note, n) => {
    if (bar.isTriplet(n)) run.push(note);
    else run = [];
    if (run.length === 3) {
      tuplets.push(new vf.Tuplet(run, { bracketed: false }));
      run = [];
    }
  });
  // Compound metres beam by the dotted quarter (Gould, "Behind Bars", beaming in 6/8).
  const compound = bar.beatType === 8 && bar.beats % 3 === 0;
  const beams = vf.Beam.generateBeams(
    notes.filter((_, n) => !bar.isRest(n)),
    { groups: [compound ? new vf.Fraction(3, 8) : new vf.Fraction(1, 4)] },
  );
  new vf.Formatter()
    .joinVoices([voice])
    .format([voice], Math.max(20, widthPx - (stave.getNoteStartX() - xPx) - 12));
  voice.draw(context, stave);
  beams.forEach((beam) => beam.setContext(context).draw());
  tuplets.forEach((tuplet) => tuplet.setContext(context).draw());
}
