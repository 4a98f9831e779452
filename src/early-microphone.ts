import { requestMicrophoneEarly } from './audio/stream/early-microphone';
import { currentPlatform } from './native/platform';

/**
 * The first script the page runs (issue 23 row 16): index.html loads it `async`, so it runs as
 * soon as it arrives, while the entry script (~140 kB) is still on its way, and asks for the
 * microphone at once. Opening the microphone takes several round trips through the page's main
 * thread; asked for by the entry, they waited behind its evaluation and the first render (the
 * stream came ~0.5 s later on a slow phone profile, docs/benchmarks.md). The entry's early start
 * takes the request over (`src/audio/stream/early-start.ts`).
 *
 * Bundled on its own as a classic script by `build/early-microphone.ts` (it shares no chunk with
 * the entry). Web only: the Android/iOS apps ask for the permission first
 * (`src/shell/native-start.ts`).
 */
if (currentPlatform() === 'web') requestMicrophoneEarly();
