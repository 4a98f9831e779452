import { IonContent, IonHeader, IonPage, IonTitle, IonToolbar } from '@ionic/react';
import { ProgressView } from '../companion/ProgressView';
import { RemindersPanel } from '../companion/RemindersPanel';
import { ReportPanel } from '../companion/ReportPanel';
import { PanelBoundary } from '../shared-ui/ErrorBoundary';
import { SettingsButton } from '../settings-screen/SettingsButton';

/** `/home/progress`: the player's own progress, reminders and the report for a teacher (issue 24). */
export default function ProgressPage() {
  return (
    <IonPage>
      <IonHeader>
        <IonToolbar>
          <IonTitle>Progress</IonTitle>
          <SettingsButton />
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <PanelBoundary name="Your progress">
          <ProgressView />
        </PanelBoundary>
        <PanelBoundary name="Reminders">
          <RemindersPanel />
        </PanelBoundary>
        <PanelBoundary name="The report">
          <ReportPanel />
        </PanelBoundary>
      </IonContent>
    </IonPage>
  );
}
