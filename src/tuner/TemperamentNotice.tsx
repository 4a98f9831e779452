import { getSettingsStore, type Settings } from '../settings';
import { droneConcertRootName } from './drone-label';

/**
 * On the tuner's first screen whenever the needle aims at just intonation (issue 23 row 4: it
 * used to be set in the collapsed drone panel only): over which root, and one tap back to equal.
 */
export function TemperamentNotice(props: {
  settings: Pick<Settings, 'temperament' | 'droneRootWrittenMidi' | 'transposition' | 'spelling'>;
}) {
  const { temperament, droneRootWrittenMidi, transposition, spelling } = props.settings;
  if (temperament !== 'just') return null;
  const root = droneConcertRootName(droneRootWrittenMidi, transposition, spelling);
  return (
    <div className="temperament-notice" data-testid="temperament-notice" role="status">
      <span>Aiming at just intonation over concert {root}</span>
      <button
        type="button"
        data-testid="temperament-notice-equal"
        onClick={() => getSettingsStore().update({ temperament: 'equal' })}
      >
        Equal
      </button>
    </div>
  );
}
