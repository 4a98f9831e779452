/** Small MusicXML parts for the pieces tests (written here: tests may not reach into src/music). */

export const pitchXml = (name: string, duration: number, extra = ''): string => {
  if (name === 'rest') return `<note><rest/><duration>${duration}</duration>${extra}</note>`;
  const m = /^([A-G])(#|b)?(\d)$/.exec(name);
  if (!m) throw new Error(name);
  const alter = m[2] === '#' ? '<alter>1</alter>' : m[2] === 'b' ? '<alter>-1</alter>' : '';
  return `<note><pitch><step>${m[1]}</step>${alter}<octave>${m[3]}</octave></pitch><duration>${duration}</duration>${extra}</note>`;
};

/** One part, divisions 4 per quarter; `attributes` default C major 4/4. */
export function partXml(
  measures: readonly string[],
  options: { attributes?: string; parts?: number; tempo?: number; title?: string } = {},
): string {
  const attributes =
    options.attributes ??
    '<key><fifths>0</fifths></key><time><beats>4</beats><beat-type>4</beat-type></time>';
  const body = measures
    .map(
      (m, i) =>
        `<measure number="${i + 1}">${i === 0 ? `<attributes><divisions>4</divisions>${attributes}</attributes><sound tempo="${options.tempo ?? 100}"/>` : ''}${m}</measure>`,
    )
    .join('');
  const count = options.parts ?? 1;
  const ids = Array.from({ length: count }, (_, i) => `P${i + 1}`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0"><work><work-title>${options.title ?? 'Test piece'}</work-title></work>
<part-list>${ids.map((id, i) => `<score-part id="${id}"><part-name>${i === 0 ? 'Trumpet in Bb' : `Part ${i + 1}`}</part-name></score-part>`).join('')}</part-list>
${ids.map((id) => `<part id="${id}">${body}</part>`).join('\n')}
</score-partwise>`;
}

/** A 4/4 bar of four quarter notes. */
export const quarterBar = (...names: string[]): string => names.map((n) => pitchXml(n, 4)).join('');

/** `count` bars of a C-major scale fragment in quarters. */
export function scaleBars(count: number): string[] {
  const names = ['C4', 'D4', 'E4', 'F4', 'G4', 'A4', 'B4', 'C5'];
  return Array.from({ length: count }, (_, b) =>
    quarterBar(...[0, 1, 2, 3].map((k) => names[(b * 4 + k) % names.length])),
  );
}
