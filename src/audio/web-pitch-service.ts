import engineUrl from '../../engine/build/pitch-engine.wasm?url';
import workletUrl from './worklet/accumulator.worklet.ts?worker&url';
import { getAudioSession } from './output/audio-session';
import { createPitchService, type WebPitchService } from './stream/pitch-service';

declare global {
  /** Test hook: the app's pitch service, for e2e checks of contexts, tracks and engine memory. */
  var __embouchurePitchService: WebPitchService | undefined;
}

/**
 * The app's real pitch service: engine `.wasm` and accumulator worklet as Vite emits them (real
 * files beside the scripts, fetched same-origin). Its analysis mode is set from the settings by
 * `src/shell/analysis-mode.ts`, wired once at start-up; its context and drone cancellation come
 * from the audio session (`output/audio-session.ts`). The audio folder's wiring, above its
 * layers: the one file that hands the output's session to the stream.
 */
export function createWebPitchService(): WebPitchService {
  const session = getAudioSession();
  const service = createPitchService({
    engineUrl,
    workletUrl,
    createContext: () => session.acquire(),
    releaseContext: (context) => session.release(context),
  });
  // The one caller of setDrone: the session knows what its drones make sound, tails included.
  service.setDrone(session.cancellationHz.get());
  session.cancellationHz.subscribe((hz) => service.setDrone(hz));
  globalThis.__embouchurePitchService = service;
  return service;
}
