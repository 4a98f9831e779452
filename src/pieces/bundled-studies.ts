/**
 * The bundled public-domain studies (written by another part of the project under
 * `src/pieces/studies/`, catalogue `BUNDLED_STUDIES` in its index.ts), loaded lazily and only if
 * the catalogue is there: the library works without it.
 */
import { useEffect, useState } from 'react';

export interface BundledStudy {
  readonly id: string;
  readonly title: string;
  readonly composer: string;
  readonly source: string;
  /** Written key for B♭ trumpet, when the catalogue says. */
  readonly keyName?: string;
  /** Where the study's MusicXML can be fetched from (same origin). */
  readonly url: string | (() => string);
}

export const studyUrl = (study: BundledStudy): string =>
  typeof study.url === 'function' ? study.url() : study.url;

// A glob, not an import: an absent catalogue is an empty list, not a build error.
const catalogue = import.meta.glob<{ BUNDLED_STUDIES?: readonly BundledStudy[] }>(
  './studies/index.ts',
);

export function useBundledStudies(): readonly BundledStudy[] {
  const [studies, setStudies] = useState<readonly BundledStudy[]>([]);
  useEffect(() => {
    const load = Object.values(catalogue)[0];
    if (!load) return;
    let cancelled = false;
    load().then(
      (module) => {
        if (!cancelled) setStudies(module.BUNDLED_STUDIES ?? []);
      },
      (error: unknown) => console.error('studies: catalogue failed', error),
    );
    return () => {
      cancelled = true;
    };
  }, []);
  return studies;
}
