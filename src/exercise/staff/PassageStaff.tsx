import { useEffect, useRef, useState } from 'react';
import type { PitchReading } from '../../audio/stream/pitch-service-types';
import type { ReadonlyObservable } from '../../lib/observable';
import { centsBetween, type Passage } from '../../music';
import { draw, lineHeightFor } from './passage-draw';
import { loadVexFlow } from './vexflow-loader';
import { useElementWidth } from '../../shared-ui/use-element-width';

/** A note's result as the staff colours it: clean, played with a flag, wrong, or not heard. */
export type NoteMark = 'clean' | 'flagged' | 'wrong' | 'missed';

/**
 * Draws a whole passage (`music/notation.ts`) as music, line by line, to the width of its box:
 * clef, key and time signature, bar lines, note values, rests, beams, triplets, slurs and breath
 * marks. The note due now (`current`, an index into the passage's notes) is highlighted and its
 * line scrolled to the top of a two-line window, so the next line is always in view.
 *
 * Drawn once per passage and width; the cursor only moves a CSS class (no redraw per beat).
 */
export function PassageStaff(props: {
  passage: Passage;
  current: number;
  label: string;
  /**
   * The note being played: each reading marks the current note in tune (green) or off (red) by a
   * class on its SVG group, outside React (no re-render per reading).
   */
  live?: { reading: ReadonlyObservable<PitchReading>; targetHz: number | null; bandCents: number };
  /** Results on the music: each note's mark (by note index), drawn as its colour. */
  marks?: readonly NoteMark[];
}) {
  const host = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const noteElements = useRef<{ element: SVGElement | null; line: number }[]>([]);
  const [failed, setFailed] = useState(false);
  const widthPx = useElementWidth(scroller);
  const [drawn, setDrawn] = useState(0);
  const { passage, current } = props;
  const lineHeightPx = lineHeightFor(passage);

  useEffect(() => {
    if (widthPx < 100) return;
    let cancelled = false;
    loadVexFlow()
      .then((vf) => {
        const element = host.current;
        if (cancelled || !element) return;
        noteElements.current = draw(vf, element, passage, widthPx - 4);
        setDrawn((n) => n + 1);
      })
      .catch((error: unknown) => {
        console.error('staff: VexFlow failed', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [passage, widthPx]);

  // The cursor: a class on the current note, its line scrolled to the top of the window.
  useEffect(() => {
    const notes = noteElements.current;
    notes.forEach(({ element }, i) => {
      element?.classList.toggle('current', i === current);
      element?.classList.toggle('past', i < current);
    });
    const line = notes[current]?.line ?? 0;
    scroller.current?.scrollTo({ top: line * lineHeightPx, behavior: 'smooth' });
  }, [current, drawn, lineHeightPx]);

  // Results on the music: the mark as an attribute the stylesheet colours (no redraw).
  const { marks } = props;
  useEffect(() => {
    noteElements.current.forEach(({ element }, i) => {
      const mark = marks?.[i];
      if (mark) element?.setAttribute('data-mark', mark);
      else element?.removeAttribute('data-mark');
    });
  }, [marks, drawn]);

  const live = props.live;
  const liveTargetHz = live?.targetHz ?? null;
  const liveBand = live?.bandCents ?? 0;
  const liveReading = live?.reading;
  useEffect(() => {
    const element = noteElements.current[current]?.element;
    if (!liveReading || !element || liveTargetHz === null) return;
    let state = '';
    const unsubscribe = liveReading.subscribe((reading) => {
      const next = !(reading.noteHz > 0)
        ? ''
        : Math.abs(centsBetween(liveTargetHz, reading.noteHz)) <= liveBand
          ? 'heard-on'
          : 'heard-off';
      if (next === state) return;
      if (state) element.classList.remove(state);
      if (next) element.classList.add(next);
      state = next;
    });
    return () => {
      unsubscribe();
      if (state) element.classList.remove(state);
    };
  }, [liveReading, liveTargetHz, liveBand, current, drawn]);

  return (
    <figure className="staff passage-staff" role="img" aria-label={props.label} data-testid="staff">
      <div
        ref={scroller}
        className="passage-scroller"
        data-testid="staff-scroller"
        style={{ maxHeight: 2 * lineHeightPx }}
      >
        <div ref={host} />
      </div>
      {failed && <figcaption>{props.label}</figcaption>}
    </figure>
  );
}
