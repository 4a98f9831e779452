import { IonContent, IonHeader, IonPage, IonTitle, IonToolbar } from '@ionic/react';
import { ProgressView } from '../companion/ProgressView';
import { RemindersPanel } from '../companion/RemindersPanel';
import { ReportPanel } from '../companion/ReportPanel';
import { getPieceStore } from '../pieces/piece-store';
import { PanelBoundary } from '../shared-ui/ErrorBoundary';
import { SettingsButton } from '../settings-screen/SettingsButton';

/**
 * `/home/progress`: the player's own progress, reminders and the report for a teacher (issue 24).
 * The pieces' scores come from the pieces library, handed in here (the companion does not import
 * the pieces folder).
 */
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
          <ProgressView pieces={getPieceStore()} />
        </PanelBoundary>
        <PanelBoundary name="Reminders">
          <RemindersPanel />
        </PanelBoundary>
        <PanelBoundary name="The report">
          <ReportPanel pieces={getPieceStore()} />
        </PanelBoundary>
      </IonContent>
    </IonPage>
  );
}
