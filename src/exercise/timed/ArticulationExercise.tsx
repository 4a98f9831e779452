import type { ReactNode } from 'react';
import type { HistoryStore } from '../../history/history-db';
import {
  MAJOR_KEYS,
  articulationPassage,
  noteName,
  parseKeyName,
  TONGUING_NOTES_PER_BEAT,
  TONGUING_SYLLABLES,
  type Passage,
  type Tonguing,
} from '../../music';
import { useSettings } from '../../settings';
import {
  BandSetting,
  bandProblem,
  ChoiceSegment,
  SetupActions,
  WrittenNoteSelect,
} from '../SetupControls';
import { TempoInput, validTempo } from './TempoInput';
import { TimedExercise } from './TimedExercise';
import { ARTICULATION_DEFAULT_BAND_CENTS, type ArticulationSetup } from '../setups';
import { setupMemories } from '../setup-memory';
import { useSetupStep } from './setup-step';

const LETTER_PC: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

/** The tonguing asked: single on K alone is the T-vs-K drill. */
const tonguingOf = (setup: ArticulationSetup): Tonguing =>
  setup.tonguing === 'single' && setup.kOnly ? 'k-only' : setup.tonguing;

/** What is wrong with a setup (the message shown), or null. */
const problemOf = (setup: ArticulationSetup): string | null =>
  validTempo(setup.tempoBpm) ?? bandProblem(setup.bandCents);

/** The music a (valid) setup plays. */
function passageOf(setup: ArticulationSetup): Passage {
  const tonic = parseKeyName(setup.key);
  const tonicMidi = 60 + ((((LETTER_PC[tonic.letter] + tonic.accidental) % 12) + 12) % 12);
  return articulationPassage({
    tonguing: tonguingOf(setup),
    pattern: setup.pattern,
    startMidi: setup.pattern === 'note' ? setup.noteMidi : tonicMidi,
    // The key as picked (F♯ stays F♯ major, issue 22 row 17).
    ...(setup.pattern === 'fragment' ? { key: setup.key } : {}),
  });
}

/**
 * Single, double and triple tonguing on one note or on a scale fragment, to the metronome, scored
 * per note like a scale and, for the whole attempt, on onset evenness (ms), attack clarity and
 * notes heard per beat. Saved with the scales (settings.kind = "articulation").
 */
export function ArticulationExercise(props: {
  history: HistoryStore;
  onBack: () => void;
  onDone?: () => void;
  /** Shown above the setup only (the Scales / Articulation switch). */
  header?: ReactNode;
}) {
  const { spelling } = useSettings();
  const step = useSetupStep(setupMemories().articulation, problemOf, passageOf);
  const { remembered, passage } = step;
  const { setup, set } = remembered;
  const { kOnly, pattern, noteMidi, key, tempoBpm, bandCents } = setup;
  const chosenTonguing = setup.tonguing;
  const tonguing = tonguingOf(setup);

  const title =
    (tonguing === 'k-only'
      ? 'K tonguing (T-vs-K drill): '
      : `${tonguing[0].toUpperCase()}${tonguing.slice(1)} tonguing: `) +
    (pattern === 'note' ? noteName(noteMidi, { spelling }) : `${key} major fragment`);

  if (passage) {
    return (
      <TimedExercise
        exercise="scales"
        title={title}
        passage={passage}
        tempoBpm={tempoBpm}
        inTuneCents={bandCents}
        articulationNotesPerBeat={TONGUING_NOTES_PER_BEAT[tonguing]}
        articulationTonguing={tonguing}
        recordSettings={{
          kind: 'articulation',
          tonguing,
          pattern,
          ...(pattern === 'note' ? { noteMidi } : { key }),
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
    <section className="exercise-setup" aria-label="Articulation setup">
      {props.header}
      <h2>Articulation</h2>
      <p>
        Tongue every note to the click: {TONGUING_SYLLABLES[tonguing]} on each beat. Scored on how
        even the onsets are (ms), how fast each attack settles, and how many notes sound as separate
        attacks per beat.
      </p>
      <ChoiceSegment
        testId="art-tonguing"
        label="Tonguing"
        value={chosenTonguing}
        options={[
          ['single', 'Single'],
          ['double', 'Double'],
          ['triple', 'Triple'],
        ]}
        onChange={(v) => set({ tonguing: v })}
      />
      {chosenTonguing === 'single' && (
        <ChoiceSegment
          testId="art-syllable"
          label="Syllable (T-vs-K drill: the same eighths on K alone)"
          value={kOnly ? 'k' : 't'}
          options={[
            ['t', 'T'],
            ['k', 'K only'],
          ]}
          onChange={(value) => set({ kOnly: value === 'k' })}
        />
      )}
      <ChoiceSegment
        testId="art-pattern"
        label="On"
        value={pattern}
        options={[
          ['note', 'One note'],
          ['fragment', 'Scale fragment'],
        ]}
        onChange={(v) => set({ pattern: v })}
      />
      {pattern === 'note' ? (
        <WrittenNoteSelect
          testId="art-note"
          midi={noteMidi}
          onChange={(midi) => set({ noteMidi: midi })}
        />
      ) : (
        <label>
          Key{' '}
          <select data-testid="art-key" value={key} onChange={(e) => set({ key: e.target.value })}>
            {MAJOR_KEYS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
      )}
      <TempoInput testId="art-tempo" tempoBpm={tempoBpm} onChange={(v) => set({ tempoBpm: v })} />
      <BandSetting
        testId="art-band"
        cents={bandCents}
        defaultCents={ARTICULATION_DEFAULT_BAND_CENTS}
        onChange={(v) => set({ bandCents: v })}
      />
      <SetupActions
        error={step.error}
        goTestId="art-go"
        onGo={step.start}
        onBack={props.onBack}
        onReset={remembered.isDefault ? undefined : remembered.reset}
      />
    </section>
  );
}
