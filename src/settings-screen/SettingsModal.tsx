import { IonContent, IonModal } from '@ionic/react';
import { PanelBoundary } from '../shared-ui/ErrorBoundary';
import { ModalHeader } from '../shared-ui/ModalHeader';
import { useState } from 'react';
import { PrivacyPage } from './PrivacyPage';
import { SettingsContent } from './SettingsContent';

/**
 * The settings screen (issue 6) as a modal over the page that opened it. `onClose` runs however
 * it closes (Done, Escape, the hardware back button), so the opener's state stays in step.
 */
export default function SettingsModal(props: { isOpen: boolean; onClose: () => void }) {
  const [privacy, setPrivacy] = useState(false);
  const close = (): void => {
    setPrivacy(false);
    props.onClose();
  };
  return (
    <IonModal
      className="settings-modal"
      // Ionic copies it onto the dialog element: a dialog needs a name (axe "aria-dialog-name").
      aria-label="Settings"
      data-testid="settings-screen"
      isOpen={props.isOpen}
      onDidDismiss={close}
    >
      <ModalHeader title="Settings" onClose={close} closeTestId="close-settings" />
      <IonContent className="ion-padding settings-screen">
        <PanelBoundary name="Settings">
          {privacy ? (
            <PrivacyPage onBack={() => setPrivacy(false)} />
          ) : (
            <SettingsContent onShowPrivacy={() => setPrivacy(true)} />
          )}
        </PanelBoundary>
      </IonContent>
    </IonModal>
  );
}
