import type { TappablePitchService } from '../audio/stream/microphone-tap';
import {
  keepAwake,
  nativeMicrophonePermission,
  showAlert,
  statusBar,
  type Platform,
} from '../native';
import { startApp, type StartupOutcome } from './startup';

/**
 * Start-up on Android and iOS (status bar, screen awake, the microphone permission asked once),
 * its own chunk: the web connects the pitch service straight away (`startApp`'s web path) and
 * never loads these ports or the start-up sequence (initial JS budget, README "Bundle size").
 */
export function startNative(
  platform: Exclude<Platform, 'web'>,
  pitchService: TappablePitchService,
): Promise<StartupOutcome> {
  return startApp({
    platform,
    permission: nativeMicrophonePermission,
    alert: showAlert,
    statusBar,
    keepAwake,
    pitchService,
  });
}
