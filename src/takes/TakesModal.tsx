import { IonButton, IonContent, IonModal } from '@ionic/react';
import { useRef, useState } from 'react';
import { usePitchService } from '../shared-ui/pitch-service-context';
import { PanelBoundary } from '../shared-ui/ErrorBoundary';
import { ModalHeader } from '../shared-ui/ModalHeader';
import { getTakeRecorder } from './take-controller';
import { getTakeStore } from './take-store';
import { TakeList } from './TakeList';
import { TakePlayer } from './TakePlayer';
import './takes.css';

/**
 * The takes screen: the list, or one take's playback and study. Playback releases the microphone
 * (the tuner and exercises never hear or score it); closing the screen listens again.
 */
export default function TakesModal(props: { isOpen: boolean; onClose: () => void }) {
  const service = usePitchService();
  const store = getTakeStore();
  const [playing, setPlaying] = useState<string | null>(null);
  // Whether we released the microphone for playback (and so should take it back).
  const released = useRef(false);

  const releaseMicrophone = async (): Promise<void> => {
    const state = service.status.get().state;
    if (state !== 'connected' && state !== 'suspended' && state !== 'connecting') return;
    await getTakeRecorder(service).stop();
    released.current = true;
    await service.disconnect();
  };
  const close = (): void => {
    setPlaying(null);
    if (released.current) {
      released.current = false;
      void service.connect();
    }
    props.onClose();
  };

  return (
    <IonModal isOpen={props.isOpen} onDidDismiss={close} data-testid="takes-modal">
      <ModalHeader
        title={playing ? 'Playback' : 'Takes'}
        onClose={close}
        closeLabel="Close"
        closeTestId="takes-close"
        start={
          playing && (
            <IonButton data-testid="takes-back" onClick={() => setPlaying(null)}>
              ‹ Takes
            </IonButton>
          )
        }
      />
      <IonContent className="ion-padding takes-screen">
        <PanelBoundary name={playing ? 'Playback' : 'The takes list'}>
          {playing ? (
            <TakePlayer key={playing} store={store} id={playing} beforePlay={releaseMicrophone} />
          ) : (
            <TakeList store={store} onPlay={setPlaying} />
          )}
        </PanelBoundary>
      </IonContent>
    </IonModal>
  );
}
