/** Where the bundled studies' files live: public/studies/<id>.musicxml, served as /studies/…. */
export const STUDIES_FOLDER = 'studies';

export const studyFileName = (study: { readonly id: string }): string => `${study.id}.musicxml`;
