import type { PitchService, PitchServiceStatus } from '../audio/pitch-service-types';

const ACTION: Record<string, string> = { 'track-ended': 'Reconnect', insecure: 'Try again' };

/**
 * Every state that is not "listening" gets a sentence and a way out: errors (with Retry, which
 * reconnects), stopped (Start listening), connecting, and suspended (the shell's floating
 * "Tap to start listening" button does the resuming).
 */
export function TunerStatusBanner(props: { status: PitchServiceStatus; service: PitchService }) {
  const { status, service } = props;
  const retry = () => {
    service
      .connect()
      .catch((error: unknown) => console.warn('pitch service: connect failed', error));
  };
  switch (status.state) {
    case 'connected':
      return null;
    case 'connecting':
      return (
        <div
          className="tuner-banner"
          role="status"
          data-testid="tuner-status"
          data-state="connecting"
        >
          Starting the microphone…
        </div>
      );
    case 'suspended':
      return (
        <div
          className="tuner-banner"
          role="status"
          data-testid="tuner-status"
          data-state="suspended"
        >
          Audio is paused by the browser until you tap: use “Tap to start listening”.
        </div>
      );
    case 'stopped':
      return (
        <div className="tuner-banner" role="status" data-testid="tuner-status" data-state="stopped">
          <span>The tuner is not listening.</span>
          <button type="button" className="tuner-button" onClick={retry}>
            Start listening
          </button>
        </div>
      );
    case 'error':
      return (
        <div
          className="tuner-banner tuner-banner--error"
          role="alert"
          data-testid="tuner-error"
          data-kind={status.error.kind}
        >
          <span>{status.error.message}</span>
          <button type="button" className="tuner-button" data-testid="tuner-retry" onClick={retry}>
            {ACTION[status.error.kind] ?? 'Retry'}
          </button>
        </div>
      );
  }
}
