/** An exercise screen's Back (its setup's: home; its run's: the setup, as the browser's Back). */
export function BackButton(props: { onClick: () => void }) {
  return (
    <button type="button" onClick={props.onClick}>
      Back
    </button>
  );
}
