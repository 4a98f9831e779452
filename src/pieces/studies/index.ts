/// <reference types="vite/client" />
/**
 * The studies shipped with the app (issue 25), for the pieces library: what each is, where it
 * comes from, and the URL of its MusicXML file (public/studies/, precached by the service worker,
 * so the list works offline). Fetch `url` and read it with `parseScoreFile`.
 */
import { STUDIES } from './catalogue';
import { keyDisplayName } from './study-keys';
import { STUDIES_FOLDER, studyFileName } from './study-files';

export interface BundledStudy {
  /** Stable id (also the file name without `.musicxml`). */
  readonly id: string;
  readonly title: string;
  readonly composer: string;
  /** Where the music comes from and why it is public domain ("Pattern after …" for generated studies). */
  readonly source: string;
  /** Written key for B♭ trumpet ("B♭ major", "A minor"). */
  readonly keyName: string;
  /** Same-origin URL of the MusicXML file. */
  readonly url: string;
}

export const BUNDLED_STUDIES: readonly BundledStudy[] = STUDIES.map((study) => ({
  id: study.id,
  title: study.title,
  composer: study.composer,
  source: study.source,
  keyName: keyDisplayName(study.tonic, study.mode),
  url: `${import.meta.env.BASE_URL}${STUDIES_FOLDER}/${studyFileName(study)}`,
}));
