import { onScreenBack } from '../shared-ui/on-screen-back';

/** An exercise screen's Back: also what Android's back button presses (`onScreenBack`). */
export function BackButton(props: { onClick: () => void }) {
  return (
    <button type="button" {...onScreenBack} onClick={props.onClick}>
      Back
    </button>
  );
}
