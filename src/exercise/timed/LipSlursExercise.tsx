import { useState } from 'react';
import { useRoutedStep } from '../../shared-ui/routed-step';
import { IonCheckbox } from '@ionic/react';
import { TempoInput, validTempo } from './TempoInput';
import type { HistoryStore } from '../../history/history-db';
import {
  valveComboLabel,
  type ValveCombo,
  LIP_SLUR_COMBOS,
  lipSlurPassage,
  type LipSlurPassageNote,
  type Passage,
  type SlurDirection,
  type Subdivision,
} from '../../music';
import { TimedExercise } from './TimedExercise';
import { BandSetting, bandProblem, ChoiceSegment, SetupActions } from '../SetupControls';

/** Lip slurs default to ±20 ¢: partials bend, and the ear forgives a moving note more. */
export const LIP_SLURS_DEFAULT_BAND_CENTS = 20;

/**
 * Lip slurs through the valve combinations, as written music: one slurred series per combination
 * with a bar of rest between (breathe, change valves), scored per note on pitch, timing, steadiness
 * and how cleanly each partial locks; a crack onto another partial is named.
 */
export function LipSlursExercise(props: {
  history: HistoryStore;
  onBack: () => void;
  onDone?: () => void;
}) {
  const [highestPartial, setHighestPartial] = useState<'6' | '8'>('6');
  const [include7th, setInclude7th] = useState(false);
  const [combos, setCombos] = useState<ValveCombo[]>([...LIP_SLUR_COMBOS]);
  const [direction, setDirection] = useState<SlurDirection>('both');
  const [subdivision, setSubdivision] = useState<'1' | '2' | '3'>('1');
  const [tempoBpm, setTempoBpm] = useState(60);
  const [bandCents, setBandCents] = useState(LIP_SLURS_DEFAULT_BAND_CENTS);
  const [error, setError] = useState<string | null>(null);
  const [passage, setPassage] = useRoutedStep<Passage<LipSlurPassageNote>>();

  if (passage) {
    return (
      <TimedExercise
        exercise="lip-slurs"
        title={direction === 'groups' ? 'Flexibility in groups of 3' : 'Lip slurs'}
        passage={passage}
        tempoBpm={tempoBpm}
        inTuneCents={bandCents}
        recordSettings={{
          highestPartial: Number(highestPartial),
          include7th,
          direction,
          subdivision: Number(subdivision),
          combos: combos.join(' '),
        }}
        history={props.history}
        onBack={() => setPassage(null)}
        onDone={props.onDone}
      />
    );
  }

  const start = (): void => {
    const problem =
      validTempo(tempoBpm) ??
      bandProblem(bandCents) ??
      (combos.length === 0 ? 'Choose at least one valve combination.' : null);
    if (problem) {
      setError(problem);
      return;
    }
    setPassage(
      lipSlurPassage({
        combos,
        highestPartial: Number(highestPartial),
        include7th: highestPartial === '8' && include7th,
        direction,
        subdivision: Number(subdivision) as Subdivision,
      }),
    );
  };

  return (
    <section className="exercise-setup" aria-label="Lip slurs setup">
      <h2>Lip slurs</h2>
      <p>
        Slur up and down the harmonic series of each valve combination without moving the valves; a
        bar of rest between combinations to breathe and change valves. Each note is scored on pitch,
        timing, steadiness and how cleanly it locks; a crack onto another partial is named. In 3s:
        Irons-style flexibility, three neighbouring partials up and back at a time.
      </p>
      <ChoiceSegment
        testId="slur-partials"
        label="Partials"
        value={highestPartial}
        options={[
          ['6', '2 to 6'],
          ['8', '2 to 8 (advanced)'],
        ]}
        onChange={setHighestPartial}
      />
      {highestPartial === '8' && (
        <IonCheckbox
          data-testid="slur-7th"
          checked={include7th}
          labelPlacement="end"
          justify="start"
          onIonChange={(e) => setInclude7th(e.detail.checked)}
        >
          Include the 7th partial (scored against its natural pitch, about 31 ¢ flat)
        </IonCheckbox>
      )}
      <ChoiceSegment
        testId="slur-direction"
        label="Direction"
        value={direction}
        options={[
          ['up', 'Up'],
          ['down', 'Down'],
          ['both', 'Both'],
          ['groups', 'In 3s'],
        ]}
        onChange={setDirection}
      />
      <ChoiceSegment
        testId="slur-subdivision"
        label="Notes per beat"
        value={subdivision}
        options={[
          ['1', 'Quarters'],
          ['2', 'Eighths'],
          ['3', 'Triplets'],
        ]}
        onChange={setSubdivision}
      />
      <fieldset className="combos">
        <legend>Valve combinations</legend>
        {LIP_SLUR_COMBOS.map((combo) => (
          <label key={combo}>
            <input
              type="checkbox"
              checked={combos.includes(combo)}
              onChange={() =>
                setCombos(
                  combos.includes(combo)
                    ? combos.filter((c) => c !== combo)
                    : LIP_SLUR_COMBOS.filter((c) => c === combo || combos.includes(c)),
                )
              }
            />{' '}
            {valveComboLabel(combo)}
          </label>
        ))}
      </fieldset>
      <TempoInput testId="slur-tempo" tempoBpm={tempoBpm} onChange={setTempoBpm} />
      <BandSetting
        testId="slur-band"
        cents={bandCents}
        defaultCents={LIP_SLURS_DEFAULT_BAND_CENTS}
        onChange={setBandCents}
      />
      <SetupActions error={error} goTestId="slur-go" onGo={start} onBack={props.onBack} />
    </section>
  );
}
