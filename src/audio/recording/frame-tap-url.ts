// The frame tap's worklet as Vite emits it (a real file beside the scripts): imported lazily by
// `frame-tap.ts`, so unit tests never load it.
import frameTapUrl from '../worklet/frame-tap.worklet.ts?worker&url';

export default frameTapUrl;
