import { IonButton } from '@ionic/react';
import { useRef } from 'react';

/**
 * A piece's file actions under its practice controls: grade a recording (a student's submission),
 * and once there is a result, export it as JSON or a report; share the piece as an assignment.
 */
export function PieceFileActions(props: {
  busy: boolean;
  hasResult: boolean;
  onGrade: (file: File) => void;
  onExportResults: () => void;
  onExportReport: () => void;
  onShareAssignment: () => void;
}) {
  const recordingInput = useRef<HTMLInputElement>(null);
  return (
    <div className="piece-actions">
      <IonButton
        fill="outline"
        disabled={props.busy}
        onClick={() => recordingInput.current?.click()}
        data-testid="grade-recording"
      >
        Grade a recording…
      </IonButton>
      <input
        ref={recordingInput}
        type="file"
        hidden
        accept="audio/*,.wav,.m4a,.webm,.ogg"
        data-testid="grade-recording-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) props.onGrade(file);
        }}
      />
      {props.hasResult && (
        <IonButton fill="outline" onClick={props.onExportResults} data-testid="export-results">
          Export results (JSON)
        </IonButton>
      )}
      {props.hasResult && (
        <IonButton fill="outline" onClick={props.onExportReport} data-testid="export-report">
          Report for a teacher (PNG)
        </IonButton>
      )}
      <IonButton fill="outline" onClick={props.onShareAssignment} data-testid="share-assignment">
        Share as assignment
      </IonButton>
    </div>
  );
}
