import { IonButton, IonButtons, IonHeader, IonTitle, IonToolbar } from '@ionic/react';
import type { ReactNode } from 'react';

/**
 * The header every modal screen has (settings, takes, input latency): its title, one close button
 * at the end ("Done" where the modal sets something, "Close" where it only shows), and optionally
 * a back button at the start.
 */
export function ModalHeader(props: {
  title: string;
  onClose: () => void;
  closeLabel?: 'Done' | 'Close';
  closeTestId?: string;
  /** A button at the start (e.g. back to the list). */
  start?: ReactNode;
}) {
  const closeLabel = props.closeLabel ?? 'Done';
  return (
    <IonHeader>
      <IonToolbar>
        {props.start && <IonButtons slot="start">{props.start}</IonButtons>}
        <IonTitle>{props.title}</IonTitle>
        <IonButtons slot="end">
          <IonButton
            strong={closeLabel === 'Done'}
            data-testid={props.closeTestId}
            onClick={props.onClose}
          >
            {closeLabel}
          </IonButton>
        </IonButtons>
      </IonToolbar>
    </IonHeader>
  );
}
