import type { PitchService } from '../audio/stream/pitch-service-types';
import type {
  KeepAwakePort,
  MicrophonePermission,
  Platform,
  ShowAlert,
  StatusBarPort,
} from '../native';

/** Shown when the user refuses the microphone twice on Android/iOS (wording fixed by issue 2). */
export const MICROPHONE_DENIED_MESSAGE =
  'Microphone permissions denied: Some features may not work as expected';

export interface StartupDeps {
  platform: Platform;
  permission: MicrophonePermission;
  alert: ShowAlert;
  statusBar: StatusBarPort;
  keepAwake: KeepAwakePort;
  pitchService: PitchService;
  /** Where non-fatal failures go (a status bar that cannot be shown must not stop the tuner). */
  warn?: (message: string, error: unknown) => void;
}

/** 'connected': connect() was called; 'microphone-denied': the user refused, nothing connected. */
export type StartupOutcome = 'connected' | 'microphone-denied';

/**
 * Runs once at app start. Native: show the status bar, keep the screen awake, make sure the
 * microphone is allowed (ask once if not), then connect the pitch service. Web: connect straight
 * away; the browser asks for the microphone itself, and if it holds audio back until a gesture the
 * service reports `suspended` and the shell shows "Tap to start listening".
 */
export async function startApp(deps: StartupDeps): Promise<StartupOutcome> {
  const warn = deps.warn ?? ((message, error) => console.warn(message, error));
  if (deps.platform !== 'web') {
    // Cosmetic: failures are logged, not fatal, and do not delay the microphone.
    void deps.statusBar.show().catch((error: unknown) => warn('status bar: show failed', error));
    void deps.keepAwake.keepAwake().catch((error: unknown) => warn('keep-awake: failed', error));

    // A plugin that throws is treated like an unanswered question, then like a refusal: the user
    // still gets the explanation instead of a silent tuner.
    let permission = await deps.permission.check().catch((error: unknown) => {
      warn('microphone permission: check failed', error);
      return 'prompt' as const;
    });
    if (permission !== 'granted') {
      permission = await deps.permission.request().catch((error: unknown) => {
        warn('microphone permission: request failed', error);
        return 'denied' as const;
      });
    }
    if (permission !== 'granted') {
      await deps.alert(MICROPHONE_DENIED_MESSAGE);
      return 'microphone-denied';
    }
  }
  // The service reports its own failures through `status`; nothing to catch here that the UI
  // would not already show.
  await deps.pitchService.connect();
  return 'connected';
}
