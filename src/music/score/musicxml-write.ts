/**
 * The score model written as MusicXML 4.0 (score-partwise, one part): what an export, a shared
 * assignment or a test fixture hands to other notation programs and back to `parseMusicXml`.
 * Measures are written in the score's performance order (repeats already expanded); a note that
 * crosses a bar line is split and tied; slurs mark notes reached without a tongue stroke.
 */
import { TREBLE_CLEF, type FromQuarter, type Score, type ScoreNote } from './score-model';

/** Divisions per quarter note: quarters, eighths, triplets and sixteenths are whole numbers. */
const DIVISIONS = 48;

const TYPES: readonly (readonly [quarters: number, type: string, dots: number])[] = [
  [4, 'whole', 0],
  [3, 'half', 1],
  [2, 'half', 0],
  [1.5, 'quarter', 1],
  [1, 'quarter', 0],
  [0.75, 'eighth', 1],
  [0.5, 'eighth', 0],
  [0.25, '16th', 0],
];

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function typeOf(quarters: number): string {
  const match = TYPES.find(([q]) => Math.abs(q - quarters) < 1e-6);
  return match ? `<type>${match[1]}</type>${'<dot/>'.repeat(match[2])}` : '';
}

function at<T>(list: readonly FromQuarter<T>[], quarters: number): FromQuarter<T> | undefined {
  return list.find((entry) => Math.abs(entry.atQuarters - quarters) < 1e-9);
}

export function scoreToMusicXml(score: Score): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE score-partwise PUBLIC "-//Recordare//DTD MusicXML 4.0 Partwise//EN" "http://www.musicxml.org/dtds/partwise.dtd">',
    '<score-partwise version="4.0">',
    `<work><work-title>${escapeXml(score.title)}</work-title></work>`,
    `<part-list><score-part id="P1"><part-name>${escapeXml(score.partName)}</part-name></score-part></part-list>`,
    '<part id="P1">',
  ];
  const slurStart = new Set<number>();
  const slurStop = new Set<number>();
  score.notes.forEach((note, i) => {
    const next = score.notes[i + 1];
    if (!note.slurredFromPrevious && next?.slurredFromPrevious) slurStart.add(i);
    if (note.slurredFromPrevious && !next?.slurredFromPrevious) slurStop.add(i);
  });
  score.measures.forEach((measure, m) => {
    const startQ = measure.startQuarters;
    const endQ = startQ + measure.durationQuarters;
    out.push(
      `<measure number="${escapeXml(measure.number)}"${measure.pickup ? ' implicit="yes"' : ''}>`,
    );
    const key = at(score.keys, startQ);
    const time = at(score.times, startQ);
    // The clef, where it changes (a part in another clef keeps it through an assignment).
    const clef = measure.clef ?? TREBLE_CLEF;
    const before = m === 0 ? TREBLE_CLEF : (score.measures[m - 1].clef ?? TREBLE_CLEF);
    const clefChanged = clef.sign !== before.sign || clef.line !== before.line;
    if (m === 0 || key || time || clefChanged) {
      out.push('<attributes>');
      if (m === 0) out.push(`<divisions>${DIVISIONS}</divisions>`);
      if (key)
        out.push(`<key><fifths>${key.value.fifths}</fifths><mode>${key.value.mode}</mode></key>`);
      if (time)
        out.push(
          `<time><beats>${time.value.groups ? time.value.groups.join('+') : time.value.beats}</beats><beat-type>${time.value.beatType}</beat-type></time>`,
        );
      if (clefChanged) out.push(`<clef><sign>${clef.sign}</sign><line>${clef.line}</line></clef>`);
      if (m === 0 && (score.transposition.semitones !== 0 || score.transposition.letters !== 0)) {
        out.push(
          `<transpose><diatonic>${score.transposition.letters}</diatonic><chromatic>${score.transposition.semitones}</chromatic></transpose>`,
        );
      }
      out.push('</attributes>');
    }
    const tempo = at(score.tempos, startQ);
    if (tempo) {
      out.push(
        `<direction placement="above"><direction-type><metronome><beat-unit>quarter</beat-unit><per-minute>${tempo.value}</per-minute></metronome></direction-type><sound tempo="${tempo.value}"/></direction>`,
      );
    }
    let cursor = startQ;
    const rest = (quarters: number): void => {
      if (quarters > 1e-9) {
        out.push(
          `<note><rest/><duration>${Math.round(quarters * DIVISIONS)}</duration>${typeOf(quarters)}</note>`,
        );
      }
    };
    score.notes.forEach((note: ScoreNote, i) => {
      const noteEnd = note.startQuarters + note.durationQuarters;
      if (noteEnd <= startQ + 1e-9 || note.startQuarters >= endQ - 1e-9) return;
      const from = Math.max(note.startQuarters, startQ);
      const to = Math.min(noteEnd, endQ);
      rest(from - cursor);
      const tieStop = from > note.startQuarters + 1e-9;
      const tieStart = to < noteEnd - 1e-9;
      const { letter, accidental, octave } = note.written;
      const notations: string[] = [];
      if (tieStop) notations.push('<tied type="stop"/>');
      if (tieStart) notations.push('<tied type="start"/>');
      if (!tieStop && slurStart.has(i)) notations.push('<slur type="start" number="1"/>');
      if (!tieStart && slurStop.has(i)) notations.push('<slur type="stop" number="1"/>');
      out.push(
        `<note><pitch><step>${letter}</step>${accidental ? `<alter>${accidental}</alter>` : ''}<octave>${octave}</octave></pitch>` +
          `<duration>${Math.round((to - from) * DIVISIONS)}</duration>` +
          `${tieStop ? '<tie type="stop"/>' : ''}${tieStart ? '<tie type="start"/>' : ''}` +
          `<voice>1</voice>${typeOf(to - from)}` +
          `${notations.length ? `<notations>${notations.join('')}</notations>` : ''}</note>`,
      );
      cursor = to;
    });
    rest(endQ - cursor);
    out.push('</measure>');
  });
  out.push('</part>', '</score-partwise>', '');
  return out.join('\n');
}
