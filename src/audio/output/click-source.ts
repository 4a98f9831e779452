/**
 * The contract between whoever decides *what* a click track plays (metronome patterns, count-ins,
 * speed trainers, gap bars: pure code outside `src/audio`) and the audio session that *sounds* it
 * on the one audio clock.
 *
 * Pull-based: the scheduler asks for the next click only when its look-ahead window reaches it, so
 * an hour-long track allocates nothing up front and a tempo change made by the source (a speed
 * trainer raising the tempo after a clean pass) is heard within one look-ahead.
 */

/** What a click sounds like; `silent` clicks make no sound but still drive the visual pulse. */
export type ClickKind = 'accent' | 'beat' | 'sub' | 'silent';

export interface Click {
  /** Seconds after the track's start (its time zero on the audio clock). */
  offsetS: number;
  kind: ClickKind;
  /** 0-based bar and beat (the beat within the bar; subdivisions carry their beat's number). */
  bar: number;
  beat: number;
}

export interface ClickSource {
  /** The next click in time order, or `null` when the track is over. */
  next(): Click | null;
}
