import { IonCheckbox } from '@ionic/react';
import { TempoInput, validTempo } from './TempoInput';
import type { HistoryStore } from '../../history/history-db';
import {
  valveComboLabel,
  LIP_SLUR_COMBOS,
  lipSlurPassage,
  type LipSlurPassageNote,
  type Passage,
  type Subdivision,
} from '../../music';
import { TimedExercise } from './TimedExercise';
import { BandSetting, bandProblem, ChoiceSegment, SetupActions } from '../SetupControls';
import {
  LIP_SLUR_PARTIAL_LEVELS,
  LIP_SLURS_DEFAULT_BAND_CENTS,
  type LipSlurSetup,
} from '../setups';
import { setupMemories } from '../setup-memory';
import { useSetupStep } from './setup-step';

export { LIP_SLURS_DEFAULT_BAND_CENTS } from '../setups';

/** What is wrong with a setup (the message shown), or null. */
function problemOf(setup: LipSlurSetup): string | null {
  return (
    validTempo(setup.tempoBpm) ??
    bandProblem(setup.bandCents) ??
    (setup.combos.length === 0 ? 'Choose at least one valve combination.' : null)
  );
}

/** The music a (valid) setup plays. */
function passageOf(setup: LipSlurSetup): Passage<LipSlurPassageNote> {
  return lipSlurPassage({
    combos: setup.combos,
    highestPartial: Number(setup.highestPartial),
    include7th: setup.highestPartial === '8' && setup.include7th,
    direction: setup.direction,
    subdivision: Number(setup.subdivision) as Subdivision,
  });
}

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
  const step = useSetupStep(setupMemories()['lip-slurs'], problemOf, passageOf);
  const { remembered, passage } = step;
  const { setup, set } = remembered;
  const { highestPartial, include7th, combos, direction, subdivision, tempoBpm, bandCents } = setup;

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
        onBack={step.back}
        onChangeSetup={step.changeSetup}
        onTempoChange={(bpm) => remembered.rememberPatch({ tempoBpm: bpm })}
        onDone={props.onDone}
      />
    );
  }

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
        options={LIP_SLUR_PARTIAL_LEVELS}
        onChange={(v) => set({ highestPartial: v })}
      />
      {highestPartial === '8' && (
        <IonCheckbox
          data-testid="slur-7th"
          checked={include7th}
          labelPlacement="end"
          justify="start"
          onIonChange={(e) => set({ include7th: e.detail.checked })}
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
        onChange={(v) => set({ direction: v })}
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
        onChange={(v) => set({ subdivision: v })}
      />
      <fieldset className="combos">
        <legend>Valve combinations</legend>
        {LIP_SLUR_COMBOS.map((combo) => (
          <label key={combo}>
            <input
              type="checkbox"
              checked={combos.includes(combo)}
              onChange={() =>
                set({
                  combos: combos.includes(combo)
                    ? combos.filter((c) => c !== combo)
                    : LIP_SLUR_COMBOS.filter((c) => c === combo || combos.includes(c)),
                })
              }
            />{' '}
            {valveComboLabel(combo)}
          </label>
        ))}
      </fieldset>
      <TempoInput testId="slur-tempo" tempoBpm={tempoBpm} onChange={(v) => set({ tempoBpm: v })} />
      <BandSetting
        testId="slur-band"
        cents={bandCents}
        defaultCents={LIP_SLURS_DEFAULT_BAND_CENTS}
        onChange={(v) => set({ bandCents: v })}
      />
      <SetupActions
        error={step.error}
        goTestId="slur-go"
        onGo={step.start}
        onBack={props.onBack}
        onReset={remembered.isDefault ? undefined : remembered.reset}
      />
    </section>
  );
}
