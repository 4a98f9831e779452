import { IonContent, IonModal } from '@ionic/react';
import { useState } from 'react';
import { ModalHeader } from '../ModalHeader';
import { usePitchService } from '../pitch-service-context';
import { LatencyCalibration } from './LatencyCalibration';
import { useLatencyStatus } from './use-latency-status';
import './latency.css';

/**
 * Where timing figures are shown: says plainly when the input latency is unknown (the browser
 * reports none and the player has not calibrated), with the calibration one tap away (the same
 * panel as Settings → Audio, in a modal). `status` overrides the live status (a stored take says
 * what it was when it was recorded).
 */
export function LatencyNote(props: { status?: 'reported' | 'calibrated' | 'unknown' }) {
  const live = useLatencyStatus(usePitchService());
  const [open, setOpen] = useState(false);
  const [presented, setPresented] = useState(false);
  const status = props.status ?? live;
  if (status !== 'unknown') return null;
  return (
    <div className="latency-note" data-testid="latency-unknown">
      <span>
        Input latency unknown: times against the click may be late by your microphone’s delay.
      </span>
      <button
        type="button"
        className="latency-note__link"
        data-testid="open-calibration"
        onClick={() => setOpen(true)}
      >
        Calibrate
      </button>
      <IonModal
        aria-label="Input latency"
        data-testid="latency-modal"
        isOpen={open}
        onDidPresent={() => setPresented(true)}
        onDidDismiss={() => {
          setOpen(false);
          setPresented(false);
        }}
      >
        <ModalHeader title="Input latency" onClose={() => setOpen(false)} />
        <IonContent className="ion-padding">
          <div className="latency-note__modal" data-presented={presented}>
            <LatencyCalibration />
          </div>
        </IonContent>
      </IonModal>
    </div>
  );
}
