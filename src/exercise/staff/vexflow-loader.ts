import type { SpelledNote } from '../../music';
import bravuraUrl from './fonts/Bravura.woff2?url';

/** VexFlow key ('f#/4') and accidental code ('#', 'b', 'n' …) for a spelled written note. */
export function vexflowKey(note: SpelledNote): { key: string; accidental: string | null } {
  const codes: Record<number, string> = { [-2]: 'bb', [-1]: 'b', 1: '#', 2: '##' };
  const accidental = codes[note.accidental] ?? null;
  return { key: `${note.letter.toLowerCase()}${accidental ?? ''}/${note.octave}`, accidental };
}

export type VexFlowModule = typeof import('vexflow/core');
let vexflow: Promise<VexFlowModule> | undefined;
/**
 * VexFlow (its font-less core) is a separate chunk, loaded the first time a staff is shown. The
 * Bravura font comes as a same-origin file: the CSP refuses the data: URL VexFlow's font entries use.
 */
export function loadVexFlow(): Promise<VexFlowModule> {
  vexflow ??= import('vexflow/core').then(async (module) => {
    await module.Font.load('Bravura', bravuraUrl, { display: 'block' });
    module.VexFlow.setFonts('Bravura');
    return module;
  });
  vexflow.catch(() => {
    vexflow = undefined; // let a later staff retry (e.g. after a network hiccup)
  });
  return vexflow;
}
