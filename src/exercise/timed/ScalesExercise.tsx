import { useMemo, useState } from 'react';
import { useRoutedStep } from '../../shared-ui/routed-step';
import type { HistoryStore } from '../../history/history-db';
import { TempoInput, validTempo } from './TempoInput';
import {
  REGULAR_RANGE_WRITTEN_MIDI,
  noteName,
  MAJOR_KEYS,
  MINOR_KEYS,
  SCALE_KINDS,
  SCALE_KIND_LABELS,
  SCALE_KIND_NAMES,
  getInstrument,
  ownPartLabel,
  partsToTranspose,
  partTransposition,
  type InstrumentId,
} from '../../music';
import { useSettings } from '../../settings';
import { TimedExercise } from './TimedExercise';
import { ArticulationExercise } from './ArticulationExercise';
import { BandSetting, bandProblem, ChoiceSegment, SetupActions } from '../SetupControls';
import type { Passage } from '../../music';
import {
  SCALES_DEFAULT_BAND_CENTS,
  isMinorPick as isMinor,
  type PickedKind,
  type ScaleSetup,
} from '../setups';
import { setupMemories, useRememberedSetup } from '../setup-memory';
import { useRoutineStep } from '../routine/routine-step';
import { passageOf, RANGE_NOTES } from './scale-passage';

export { SCALES_DEFAULT_BAND_CENTS } from '../setups';

/** Scales in every key (major, natural/harmonic minor, chromatic) over a chosen range, to a click. */
export function ScalesExercise(props: {
  history: HistoryStore;
  onBack: () => void;
  onDone?: () => void;
  /** Scales or articulation: given by the route (src/pages/exercise-routes.ts), else its own. */
  mode?: 'scale' | 'articulation';
  onModeChange?: (mode: 'scale' | 'articulation') => void;
}) {
  const settings = useSettings();
  // The setup last started is remembered (issue 23 row 10); in the routine it starts directly.
  const remembered = useRememberedSetup(setupMemories().scales);
  const { setup, set } = remembered;
  const { kind, key, lowMidi, highMidi, tempoBpm, drone, subdivision, articulation, partFor } =
    setup;
  const bandCents = setup.bandCents;
  const [error, setError] = useState<string | null>(null);
  // Parts that need transposing on this instrument (a C part on concert pitch does not).
  const parts = partsToTranspose(settings.transposition);
  const part = partFor !== '' && parts.includes(partFor) ? partFor : null;
  const routineStep = useRoutineStep();
  const [editing, setEditing] = useState(routineStep === null);
  const [routed, setRouted] = useRoutedStep<{
    passage: Passage;
    change: string | null;
  }>();
  // A routine step plays its setup without the form (or the form's Continue).
  const direct = useMemo(() => {
    if (editing || validTempo(tempoBpm) || bandProblem(bandCents)) return null;
    try {
      return passageOf(setup, settings.spelling);
    } catch {
      return null; // the form says why
    }
  }, [editing, setup, tempoBpm, bandCents, settings.spelling]);
  const played = routineStep ? direct : routed;
  const passage = played?.passage ?? null;
  const change = played?.change ?? null;
  const [ownMode, setOwnMode] = useState<'scale' | 'articulation'>(props.mode ?? 'scale');
  const mode = props.onModeChange ? (props.mode ?? 'scale') : ownMode;
  const setMode = props.onModeChange ?? setOwnMode;
  const keys = isMinor(kind) ? MINOR_KEYS : MAJOR_KEYS;
  const modeSwitch = (
    <ChoiceSegment
      testId="scales-mode"
      label="Practise"
      value={mode}
      options={[
        ['scale', 'Scales & arpeggios'],
        ['articulation', 'Articulation'],
      ]}
      onChange={setMode}
    />
  );
  if (mode === 'articulation') {
    return (
      <ArticulationExercise
        history={props.history}
        onBack={props.onBack}
        onDone={props.onDone}
        header={modeSwitch}
      />
    );
  }

  if (passage) {
    const first = passage.events.find((e) => e.kind === 'note');
    return (
      <TimedExercise
        exercise="scales"
        title={
          kind === 'chromatic'
            ? 'Chromatic scale'
            : kind === 'clarke'
              ? `Clarke-style study from ${key}`
              : `${key} ${SCALE_KIND_NAMES[kind].toLowerCase()}`
        }
        passage={passage}
        tempoBpm={tempoBpm}
        inTuneCents={bandCents}
        recordSettings={{ kind, key, lowMidi, highMidi, subdivision, articulation }}
        history={props.history}
        onBack={routineStep ? () => setEditing(true) : () => setRouted(null)}
        onChangeSetup={routineStep ? () => setEditing(true) : undefined}
        onTempoChange={(bpm) => remembered.rememberPatch({ tempoBpm: bpm })}
        onDone={props.onDone}
        droneMidi={drone && first?.kind === 'note' ? first.note.midi : undefined}
        notice={
          [change, part && partTransposition(part, settings.transposition).text]
            .filter(Boolean)
            .join(' ') || null
        }
        partFor={part}
      />
    );
  }

  const start = (): void => {
    const problem = validTempo(tempoBpm) ?? bandProblem(bandCents);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      const next = passageOf(setup, settings.spelling);
      setError(null);
      remembered.remember();
      if (routineStep) setEditing(false);
      else setRouted(next);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <section className="exercise-setup" aria-label="Scales setup">
      {modeSwitch}
      <h2>Scales</h2>
      <label>
        Scale{' '}
        <select
          data-testid="scale-kind"
          value={kind}
          onChange={(e) => {
            const next = e.target.value as PickedKind;
            const patch: Partial<ScaleSetup> = { kind: next };
            // The key list changes with the kind: keep the key if the new list has it.
            const nextKeys = isMinor(next) ? MINOR_KEYS : MAJOR_KEYS;
            if (!nextKeys.includes(key)) patch.key = isMinor(next) ? 'A' : 'C';
            // Clarke studies are slurred and moving (the fingers work, the air stays even).
            if (next === 'clarke') {
              patch.articulation = 'slurred';
              patch.subdivision = '2';
            }
            if (next === 'major-full-range' || next === 'clarke') {
              // The whole trumpet by default (the range stays the player's to narrow).
              patch.lowMidi = REGULAR_RANGE_WRITTEN_MIDI.low;
              patch.highMidi = REGULAR_RANGE_WRITTEN_MIDI.high;
            }
            set(patch);
          }}
        >
          {SCALE_KINDS.map((k) => (
            <option key={k} value={k}>
              {SCALE_KIND_LABELS[k]}
            </option>
          ))}
          <option value="clarke">Clarke-style study (down by half steps)</option>
        </select>
      </label>
      {kind !== 'chromatic' && (
        <label>
          Key{' '}
          <select
            data-testid="scale-key"
            value={key}
            onChange={(e) => set({ key: e.target.value })}
          >
            {keys.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        From{' '}
        <select value={lowMidi} onChange={(e) => set({ lowMidi: Number(e.target.value) })}>
          {RANGE_NOTES.map((m) => (
            <option key={m} value={m}>
              {noteName(m, { spelling: settings.spelling })}
            </option>
          ))}
        </select>{' '}
        to{' '}
        <select value={highMidi} onChange={(e) => set({ highMidi: Number(e.target.value) })}>
          {RANGE_NOTES.map((m) => (
            <option key={m} value={m}>
              {noteName(m, { spelling: settings.spelling })}
            </option>
          ))}
        </select>
      </label>
      <label>
        Part written for{' '}
        <select
          data-testid="scale-part"
          value={part ?? ''}
          onChange={(e) => set({ partFor: e.target.value as InstrumentId | '' })}
        >
          <option value="">{ownPartLabel(settings.transposition)}</option>
          {parts.map((id) => (
            <option key={id} value={id}>
              {getInstrument(id).name} (transpose)
            </option>
          ))}
        </select>
      </label>
      <TempoInput testId="scale-tempo" tempoBpm={tempoBpm} onChange={(v) => set({ tempoBpm: v })} />
      <ChoiceSegment
        testId="scale-subdivision"
        label="Notes"
        value={subdivision}
        options={[
          ['1', 'Quarters'],
          ['2', 'Eighths'],
        ]}
        onChange={(v) => set({ subdivision: v })}
      />
      <ChoiceSegment
        testId="scale-articulation"
        label="Articulation"
        value={articulation}
        options={[
          ['tongued', 'Tongued'],
          ['slurred', 'Slurred'],
        ]}
        onChange={(v) => set({ articulation: v })}
      />
      <BandSetting
        testId="scale-band"
        cents={bandCents}
        defaultCents={SCALES_DEFAULT_BAND_CENTS}
        onChange={(v) => set({ bandCents: v })}
      />
      <label>
        <input type="checkbox" checked={drone} onChange={(e) => set({ drone: e.target.checked })} />{' '}
        Drone on the tonic (no headphones needed)
      </label>
      <SetupActions
        error={error}
        goTestId="scale-go"
        onGo={start}
        onBack={props.onBack}
        onReset={remembered.isDefault ? undefined : remembered.reset}
      />
    </section>
  );
}
