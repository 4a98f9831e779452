import {
  IonContent,
  IonHeader,
  IonLabel,
  IonPage,
  IonSegment,
  IonSegmentButton,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { useState } from 'react';
import { LongTonesExercise } from '../exercise/LongTonesExercise';
import { getHistoryStore } from '../history/history-db';
import { HistoryView } from '../history/HistoryView';
import { useObservable } from '../app/use-observable';
import '../exercise/exercise.css';

type View = 'practice' | 'history';

/** `/home/exercise`, the home page: today's routine, the running exercise, and the history. */
export default function ExercisePage() {
  const [view, setView] = useState<View>('practice');
  const history = getHistoryStore();
  const status = useObservable(history.status);
  return (
    <IonPage>
      <IonHeader>
        <IonToolbar>
          <IonTitle>Exercise</IonTitle>
        </IonToolbar>
        <IonToolbar>
          <IonSegment
            value={view}
            onIonChange={(e) => setView(e.detail.value === 'history' ? 'history' : 'practice')}
          >
            <IonSegmentButton value="practice" data-testid="tab-practice">
              <IonLabel>Practice</IonLabel>
            </IonSegmentButton>
            <IonSegmentButton value="history" data-testid="tab-history">
              <IonLabel>History</IonLabel>
            </IonSegmentButton>
          </IonSegment>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        {status.state !== 'ready' && view === 'practice' && (
          <p role="alert" className="error" data-testid="storage-warning">
            {status.message}
          </p>
        )}
        {view === 'practice' ? (
          <LongTonesExercise history={history} />
        ) : (
          <HistoryView history={history} />
        )}
      </IonContent>
    </IonPage>
  );
}
