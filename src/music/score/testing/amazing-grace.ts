/**
 * "Amazing Grace" (traditional, public domain) for B♭ trumpet, 3/4, ♩ = 80, written in G major,
 * laid out the way notation programs export MusicXML (identification, defaults, print, stems,
 * beams, voice numbers): a pickup, slurs, a tie over the bar, |: … :| with 1st and 2nd endings.
 * Measures 0 (pickup) to 17; measure 8 is the 1st ending, 9 the 2nd, 17 is two beats.
 */

type Mark = 'slur-start' | 'slur-stop' | 'tie-start' | 'tie-stop';
type Event = readonly [pitch: string, beats: number, mark?: Mark];

const DIVISIONS = 2;
const TYPES: Readonly<Record<number, string>> = {
  0.5: 'eighth',
  1: 'quarter',
  2: 'half',
  3: 'half',
};

/** The melody, written pitch, one list per measure from the pickup. */
export const AMAZING_GRACE_MEASURES: readonly (readonly Event[])[] = [
  [['D4', 1]],
  [
    ['G4', 2],
    ['B4', 0.5, 'slur-start'],
    ['G4', 0.5, 'slur-stop'],
  ],
  [
    ['B4', 2],
    ['A4', 1],
  ],
  [
    ['G4', 2],
    ['E4', 1],
  ],
  [
    ['D4', 2],
    ['D4', 1],
  ],
  [
    ['G4', 2],
    ['B4', 0.5, 'slur-start'],
    ['G4', 0.5, 'slur-stop'],
  ],
  [
    ['B4', 2],
    ['A4', 0.5, 'slur-start'],
    ['B4', 0.5, 'slur-stop'],
  ],
  [['D5', 3, 'tie-start']],
  [['D5', 3, 'tie-stop']],
  [['D5', 3, 'tie-stop']],
  [
    ['B4', 2],
    ['D5', 0.5, 'slur-start'],
    ['B4', 0.5, 'slur-stop'],
  ],
  [
    ['D5', 2],
    ['B4', 0.5],
    ['G4', 0.5],
  ],
  [
    ['B4', 2],
    ['A4', 1],
  ],
  [
    ['G4', 2],
    ['E4', 1],
  ],
  [
    ['D4', 2],
    ['D4', 1],
  ],
  [
    ['G4', 2],
    ['B4', 0.5, 'slur-start'],
    ['G4', 0.5, 'slur-stop'],
  ],
  [
    ['B4', 2],
    ['A4', 1],
  ],
  [['G4', 2]],
];

function noteXml([pitch, beats, mark]: Event): string {
  const step = pitch[0];
  const octave = pitch.slice(-1);
  const tie = mark === 'tie-start' || mark === 'tie-stop' ? `<tie type="${mark.slice(4)}"/>` : '';
  const notations =
    mark === undefined
      ? ''
      : mark.startsWith('tie')
        ? `<notations><tied type="${mark.slice(4)}"/></notations>`
        : `<notations><slur type="${mark.slice(5)}" number="1" placement="above"/></notations>`;
  const dot = beats === 3 ? '<dot/>' : '';
  return `
      <note default-x="80.5" default-y="-25">
        <pitch><step>${step}</step><octave>${octave}</octave></pitch>
        <duration>${String(beats * DIVISIONS)}</duration>${tie}
        <voice>1</voice>
        <type>${TYPES[beats]}</type>${dot}
        <stem>up</stem>${notations}
      </note>`;
}

const BARLINES: Readonly<Record<number, string>> = {
  1: '<barline location="left"><bar-style>heavy-light</bar-style><repeat direction="forward"/></barline>',
  8: '<barline location="left"><ending number="1" type="start"/></barline>',
  9: '<barline location="left"><ending number="2" type="start"/></barline>',
};
const END_BARLINES: Readonly<Record<number, string>> = {
  8: '<barline location="right"><bar-style>light-heavy</bar-style><ending number="1" type="stop"/><repeat direction="backward"/></barline>',
  9: '<barline location="right"><ending number="2" type="discontinue"/></barline>',
  17: '<barline location="right"><bar-style>light-heavy</bar-style></barline>',
};

const FIRST_MEASURE_HEAD = `
      <print><system-layout><system-margins><left-margin>0</left-margin><right-margin>0</right-margin></system-margins></system-layout></print>
      <attributes>
        <divisions>${String(DIVISIONS)}</divisions>
        <key><fifths>1</fifths><mode>major</mode></key>
        <time><beats>3</beats><beat-type>4</beat-type></time>
        <clef><sign>G</sign><line>2</line></clef>
        <transpose><diatonic>-1</diatonic><chromatic>-2</chromatic></transpose>
      </attributes>
      <direction placement="above">
        <direction-type><metronome parentheses="no"><beat-unit>quarter</beat-unit><per-minute>80</per-minute></metronome></direction-type>
        <sound tempo="80"/>
      </direction>`;

/** The whole document. */
export function amazingGraceXml(): string {
  const measures = AMAZING_GRACE_MEASURES.map((events, i) => {
    const implicit = i === 0 || i === 17 ? ' implicit="yes"' : '';
    const head = i === 0 ? FIRST_MEASURE_HEAD : '';
    return `
    <measure number="${String(i)}"${implicit} width="180">${head}${BARLINES[i] ?? ''}${events.map(noteXml).join('')}${END_BARLINES[i] ?? ''}
    </measure>`;
  }).join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!DOCTYPE score-partwise PUBLIC "-//Recordare//DTD MusicXML 4.0 Partwise//EN" "http://www.musicxml.org/dtds/partwise.dtd">
<score-partwise version="4.0">
  <work><work-title>Amazing Grace</work-title></work>
  <identification>
    <creator type="composer">Traditional</creator>
    <encoding><software>Hand-written test file</software><encoding-date>2026-11-25</encoding-date></encoding>
  </identification>
  <defaults><scaling><millimeters>7</millimeters><tenths>40</tenths></scaling></defaults>
  <credit page="1"><credit-words justify="center" font-size="24">Amazing Grace</credit-words></credit>
  <part-list>
    <score-part id="P1">
      <part-name>Trumpet in B&#x266D;</part-name>
      <part-abbreviation>Tpt.</part-abbreviation>
      <score-instrument id="P1-I1"><instrument-name>Trumpet</instrument-name></score-instrument>
      <midi-instrument id="P1-I1"><midi-program>57</midi-program></midi-instrument>
    </score-part>
  </part-list>
  <!-- The melody -->
  <part id="P1">${measures}
  </part>
</score-partwise>
`;
}
