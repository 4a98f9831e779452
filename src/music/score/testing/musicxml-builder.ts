/**
 * Builds small MusicXML documents for tests: a score-partwise with one part (or several), whose
 * measures are given as their inner XML. `divisions` defaults to 4 per quarter note.
 */

export interface DocumentOptions {
  readonly title?: string;
  readonly partName?: string;
  /** Extra `<attributes>` children for the first measure (key, time, transpose…). */
  readonly attributes?: string;
  readonly divisions?: number;
  /** `<sound tempo>` at the start, quarter notes a minute; default 120, null for none. */
  readonly tempo?: number | null;
  /** Attributes of each `<measure>` element, by measure index (e.g. { 0: 'implicit="yes"' }). */
  readonly measureAttrs?: Readonly<Record<number, string>>;
}

const DEFAULT_ATTRIBUTES =
  '<key><fifths>0</fifths></key><time><beats>4</beats><beat-type>4</beat-type></time>';

/** The `<measure>` elements of one part; the first carries divisions and attributes. */
export function measuresXml(measures: readonly string[], options: DocumentOptions = {}): string {
  const divisions = options.divisions ?? 4;
  const tempo = options.tempo === undefined ? 120 : options.tempo;
  const sound = tempo === null ? '' : `<sound tempo="${String(tempo)}"/>`;
  return measures
    .map((content, i) => {
      const attrs = options.measureAttrs?.[i] ?? '';
      const head =
        i === 0
          ? `<attributes><divisions>${String(divisions)}</divisions>${options.attributes ?? DEFAULT_ATTRIBUTES}</attributes>${sound}`
          : '';
      return `<measure number="${String(i + 1)}" ${attrs}>${head}${content}</measure>`;
    })
    .join('\n');
}

/** A whole score-partwise document with one part "P1". */
export function scoreXml(measures: readonly string[], options: DocumentOptions = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE score-partwise PUBLIC "-//Recordare//DTD MusicXML 4.0 Partwise//EN" "http://www.musicxml.org/dtds/partwise.dtd">
<score-partwise version="4.0">
<work><work-title>${options.title ?? 'Test'}</work-title></work>
<part-list><score-part id="P1"><part-name>${options.partName ?? 'Trumpet'}</part-name></score-part></part-list>
<part id="P1">
${measuresXml(measures, options)}
</part>
</score-partwise>`;
}

/**
 * One `<note>`: pitch like "C4", "Bb4", "F#5" (or "rest"), duration in divisions, then any extra
 * children (tie, notations, voice…).
 */
export function note(pitch: string, duration: number, extra = ''): string {
  if (pitch === 'rest')
    return `<note><rest/><duration>${String(duration)}</duration>${extra}</note>`;
  const match = /^([A-G])(#|##|b|bb)?(-?\d)$/.exec(pitch);
  if (match === null) throw new Error(`bad test pitch ${pitch}`);
  const alter = { '#': 1, '##': 2, b: -1, bb: -2 }[match[2] ?? ''] ?? 0;
  const alterXml = alter === 0 ? '' : `<alter>${String(alter)}</alter>`;
  return `<note><pitch><step>${match[1]}</step>${alterXml}<octave>${match[3]}</octave></pitch><duration>${String(duration)}</duration>${extra}</note>`;
}

/** Four quarter notes (divisions 4) on the given pitches. */
export function quarters(...pitches: string[]): string {
  return pitches.map((p) => note(p, 4)).join('');
}

/** A `<barline>` with its inner XML. */
export function barline(location: 'left' | 'right', inner: string): string {
  return `<barline location="${location}">${inner}</barline>`;
}
