import {
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonModal,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { PanelBoundary } from '../shared-ui/ErrorBoundary';
import { SettingsContent } from './SettingsContent';

/**
 * The settings screen (issue 6) as a modal over the page that opened it. `onClose` runs however
 * it closes (Done, Escape, the hardware back button), so the opener's state stays in step.
 */
export default function SettingsModal(props: { isOpen: boolean; onClose: () => void }) {
  return (
    <IonModal
      className="settings-modal"
      // Ionic copies it onto the dialog element: a dialog needs a name (axe "aria-dialog-name").
      aria-label="Settings"
      data-testid="settings-screen"
      isOpen={props.isOpen}
      onDidDismiss={props.onClose}
    >
      <IonHeader>
        <IonToolbar>
          <IonTitle>Settings</IonTitle>
          <IonButtons slot="end">
            <IonButton strong data-testid="close-settings" onClick={props.onClose}>
              Done
            </IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding settings-screen">
        <PanelBoundary name="Settings">
          <SettingsContent />
        </PanelBoundary>
      </IonContent>
    </IonModal>
  );
}
