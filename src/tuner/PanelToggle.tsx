/** A button that opens and closes a panel of the tuner (Drone, Set A4): pressed look when open. */
export function PanelToggle(props: {
  label: string;
  open: boolean;
  panelId: string;
  testId: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className={props.open ? 'tuner-button tuner-button--on' : 'tuner-button'}
      data-testid={props.testId}
      aria-expanded={props.open}
      aria-controls={props.panelId}
      onClick={props.onToggle}
    >
      {props.label}
    </button>
  );
}
