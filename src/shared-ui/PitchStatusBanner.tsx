import { usePitchService } from './pitch-service-context';
import { useObservable } from '../lib/use-observable';
import './pitch-status-banner.css';

const ACTION: Record<string, string> = { 'track-ended': 'Reconnect', insecure: 'Try again' };

/**
 * The pitch service's state on every page that listens (tuner and exercises): each state that is
 * not "listening" gets a sentence and a way out: errors (with Retry, which reconnects), stopped
 * (Start listening), connecting, and suspended (the shell's floating "Tap to start listening"
 * button does the resuming). Test ids keep their original `tuner-*` names.
 */
export function PitchStatusBanner() {
  const service = usePitchService();
  const status = useObservable(service.status);
  const retry = () => {
    service
      .connect()
      .catch((error: unknown) => console.warn('pitch service: connect failed', error));
  };
  switch (status.state) {
    case 'connected':
      return null;
    case 'connecting':
      // Floats over the page's top instead of pushing it down: it goes as the microphone
      // connects, and in flow it moved every control below it up by 50 px just then (a tap on
      // "Set A4" landed on nothing; e2e/tuner-first-frame.e2e.ts).
      return (
        <div className="pitch-banner-anchor">
          <div
            className="pitch-banner pitch-banner--over"
            role="status"
            data-testid="tuner-status"
            data-state="connecting"
          >
            Starting the microphone…
          </div>
        </div>
      );
    case 'suspended':
      return (
        <div
          className="pitch-banner"
          role="status"
          data-testid="tuner-status"
          data-state="suspended"
        >
          Audio is paused by the browser until you tap: use “Tap to start listening”.
        </div>
      );
    case 'stopped':
      return (
        <div className="pitch-banner" role="status" data-testid="tuner-status" data-state="stopped">
          <span>The microphone is not listening.</span>
          <button type="button" className="pitch-banner__button" onClick={retry}>
            Start listening
          </button>
        </div>
      );
    case 'error':
      return (
        <div
          className="pitch-banner pitch-banner--error"
          role="alert"
          data-testid="tuner-error"
          data-kind={status.error.kind}
        >
          <span>{status.error.message}</span>
          <button
            type="button"
            className="pitch-banner__button"
            data-testid="tuner-retry"
            onClick={retry}
          >
            {ACTION[status.error.kind] ?? 'Retry'}
          </button>
        </div>
      );
  }
}
