/**
 * A bundled study as a score and as its MusicXML file: the catalogue's notation is read
 * (study-notation.ts), built into a score (`scoreFromLine`, a B♭ trumpet part in written pitch)
 * and written by the app's own writer (`scoreToMusicXml`), plus the piece's composer and source
 * in `<identification>` (MusicXML 4.0: creator, rights, encoding, source, in that order).
 * `npm run studies:build` (cli/studies-build.mjs) writes these files; nothing here touches disk.
 */
import { scoreFromLine, scoreToMusicXml, type Score } from '../../music';
import { STUDIES, type Study } from './catalogue';
import { keySignatureOf } from './study-keys';
import { studyFileName } from './study-files';
import { parseStudyLine } from './study-notation';

export { STUDIES_FOLDER, studyFileName } from './study-files';

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function studyScore(study: Study): Score {
  const [beats, beatType] = study.time;
  const line = parseStudyLine(study.notes, (beats * 4) / beatType);
  return scoreFromLine(line.items, {
    title: study.title,
    key: keySignatureOf(study.tonic, study.mode),
    time: { beats, beatType },
    qpm: study.qpm,
    pickupQuarters: line.pickupQuarters,
  });
}

export function studyMusicXml(study: Study): string {
  const xml = scoreToMusicXml(studyScore(study));
  const identification = [
    '<identification>',
    `<creator type="composer">${escapeXml(study.composer)}</creator>`,
    '<rights>Public domain</rights>',
    '<encoding><software>Embouchure (npm run studies:build)</software></encoding>',
    `<source>${escapeXml(study.source)}</source>`,
    '</identification>',
  ].join('');
  const workEnd = xml.indexOf('</work>');
  if (workEnd < 0) throw new Error('the MusicXML writer wrote no <work>');
  const at = workEnd + '</work>'.length;
  return `${xml.slice(0, at)}\n${identification}${xml.slice(at)}`;
}

/** Every bundled study's file: name and text. */
export function bundledStudyFiles(): { fileName: string; xml: string }[] {
  return STUDIES.map((study) => ({ fileName: studyFileName(study), xml: studyMusicXml(study) }));
}
