import { IonButton } from '@ionic/react';
import { micOutline } from 'ionicons/icons';
import { Icon } from '../shared-ui/Icon';
import { useState } from 'react';
import { usePitchService } from '../shared-ui/pitch-service-context';
import { useObservable } from '../lib/use-observable';

/**
 * Browsers start audio only after a user gesture. While the pitch service waits for one
 * (status 'suspended'), this floating button says so and resumes audio on tap, instead of a tuner
 * that silently shows nothing.
 */
export function TapToStart() {
  const service = usePitchService();
  const status = useObservable(service.status);
  const [resuming, setResuming] = useState(false);
  if (status.state !== 'suspended') return null;

  const onTap = () => {
    setResuming(true);
    service
      .resume()
      .catch((error: unknown) => console.warn('pitch service: resume failed', error))
      .finally(() => setResuming(false));
  };

  return (
    <div className="tap-to-start" role="region" aria-label="Audio is paused">
      <IonButton data-testid="tap-to-start" size="large" onClick={onTap} disabled={resuming}>
        <Icon slot="start" icon={micOutline} />
        Tap to start listening
      </IonButton>
    </div>
  );
}
