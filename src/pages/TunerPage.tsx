import { IonContent, IonHeader, IonPage, IonTitle, IonToolbar } from '@ionic/react';

/** Placeholder: the tuner page (issue 4) replaces this. */
export default function TunerPage() {
  return (
    <IonPage>
      <IonHeader>
        <IonToolbar>
          <IonTitle>Tuner</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <p>The tuner will appear here.</p>
      </IonContent>
    </IonPage>
  );
}
