import { IonContent, IonHeader, IonPage, IonTitle, IonToolbar } from '@ionic/react';

/** Placeholder: the exercise page (issue 5) replaces this. */
export default function ExercisePage() {
  return (
    <IonPage>
      <IonHeader>
        <IonToolbar>
          <IonTitle>Exercise</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <p>Exercises will appear here.</p>
      </IonContent>
    </IonPage>
  );
}
