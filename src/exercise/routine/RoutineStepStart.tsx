/**
 * A routine step that starts from its remembered setup (issue 23 row 10): what will be played in
 * one line, Start in view (the sticky button row, above the tab bar), and the form only if asked.
 */
export function RoutineStepStart(props: {
  title: string;
  setupText: string;
  startTestId: string;
  onStart: () => void;
  onChangeSetup: () => void;
}) {
  return (
    <section className="exercise-setup routine-step" aria-label={`${props.title}: ready`}>
      <h2>{props.title}</h2>
      <p data-testid="routine-step-setup">{props.setupText}</p>
      <p className="hint">Your last setup. Press Start, then play.</p>
      <div className="buttons">
        <button type="button" data-testid={props.startTestId} onClick={props.onStart}>
          Start
        </button>
        <button type="button" data-testid="change-setup" onClick={props.onChangeSetup}>
          Change setup
        </button>
      </div>
    </section>
  );
}
