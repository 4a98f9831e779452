import engineUrl from '../../engine/build/pitch-engine.wasm?url';
import { getSettingsStore } from '../settings/settings';
import workletUrl from './accumulator.worklet.ts?worker&url';
import { createPitchService, type WebPitchService } from './pitch-service';

declare global {
  /** Test hook: the app's pitch service, for e2e checks of contexts, tracks and engine memory. */
  var __embouchurePitchService: WebPitchService | undefined;
}

/**
 * The app's real pitch service: engine `.wasm` and accumulator worklet as Vite emits them (real
 * files beside the scripts, fetched same-origin). A `connect()` without options follows the
 * persisted "fast response" setting.
 */
export function createWebPitchService(): WebPitchService {
  const service = createPitchService({ engineUrl, workletUrl });
  const connect = service.connect;
  const withDefaults: WebPitchService = {
    ...service,
    connect: (options) =>
      connect(options ?? { fastResponse: getSettingsStore().get().fastResponse }),
  };
  globalThis.__embouchurePitchService = withDefaults;
  return withDefaults;
}
