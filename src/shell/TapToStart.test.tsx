import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createPlaceholderPitchService } from '../audio/stream/placeholder-pitch-service';
import type { PitchService, PitchServiceStatus } from '../audio/stream/pitch-service-types';
import { PitchServiceProvider } from '../shared-ui/pitch-service-context';
import { TapToStart } from './TapToStart';

function serviceWithStatus(status: PitchServiceStatus): PitchService {
  return createPlaceholderPitchService(status);
}

const render = (status: PitchServiceStatus) =>
  renderToStaticMarkup(
    <PitchServiceProvider service={serviceWithStatus(status)}>
      <TapToStart />
    </PitchServiceProvider>,
  );

describe('TapToStart', () => {
  it('shows "Tap to start listening" while the audio context waits for a gesture', () => {
    const html = render({ state: 'suspended' });
    expect(html).toContain('data-testid="tap-to-start"');
    expect(html).toContain('Tap to start listening');
  });

  it.each<PitchServiceStatus>([
    { state: 'stopped' },
    { state: 'connecting' },
    { state: 'connected' },
    { state: 'error', error: { kind: 'denied', message: 'Microphone blocked.' } },
  ])('shows nothing when the status is $state', (status) => {
    expect(render(status)).toBe('');
  });
});
