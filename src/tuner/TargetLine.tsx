import { targetLine, type TargetSettings } from './intonation-target';
import type { TunerDisplay } from './tuner-display';
import './drone.css';

/** "E4 as the 3rd of C: aim −14 ¢" under the note in just intonation; nothing in equal. */
export function TargetLine(props: { display: TunerDisplay; settings: TargetSettings }) {
  const text = targetLine(props.display, props.settings);
  if (text === '') return null;
  return (
    <div className="tuner-reading__target" data-testid="tuner-target">
      {text}
    </div>
  );
}
