import { useState, type ReactNode } from 'react';
import { useRoutedStep } from '../../shared-ui/routed-step';
import type { HistoryStore } from '../../history/history-db';
import {
  MAJOR_KEYS,
  REGULAR_RANGE_WRITTEN_MIDI,
  articulationPassage,
  noteName,
  parseKeyName,
  TONGUING_NOTES_PER_BEAT,
  TONGUING_SYLLABLES,
  type Passage,
  type Tonguing,
} from '../../music';
import { useSettings } from '../../settings';
import { BandSetting, bandProblem, ChoiceSegment, SetupActions } from '../SetupControls';
import { TempoInput, validTempo } from './TempoInput';
import { TimedExercise } from './TimedExercise';

/** Articulation is judged on onsets and attacks; pitch gets the scales' band. */
const ARTICULATION_DEFAULT_BAND_CENTS = 15;

const NOTES: number[] = [];
for (let m = REGULAR_RANGE_WRITTEN_MIDI.low; m <= REGULAR_RANGE_WRITTEN_MIDI.high; m++) {
  NOTES.push(m);
}
const LETTER_PC: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

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
  const [chosenTonguing, setTonguing] = useState<Exclude<Tonguing, 'k-only'>>('single');
  const [kOnly, setKOnly] = useState(false);
  const tonguing: Tonguing = chosenTonguing === 'single' && kOnly ? 'k-only' : chosenTonguing;
  const [pattern, setPattern] = useState<'note' | 'fragment'>('note');
  const [noteMidi, setNoteMidi] = useState(67);
  const [key, setKey] = useState('C');
  const [tempoBpm, setTempoBpm] = useState(80);
  const [bandCents, setBandCents] = useState(ARTICULATION_DEFAULT_BAND_CENTS);
  const [error, setError] = useState<string | null>(null);
  const [passage, setPassage] = useRoutedStep<Passage>();

  const tonicMidi = (): number => {
    const tonic = parseKeyName(key);
    return 60 + ((((LETTER_PC[tonic.letter] + tonic.accidental) % 12) + 12) % 12);
  };
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
        onBack={() => setPassage(null)}
        onDone={props.onDone}
      />
    );
  }

  const start = (): void => {
    const problem = validTempo(tempoBpm) ?? bandProblem(bandCents);
    if (problem) {
      setError(problem);
      return;
    }
    setPassage(
      articulationPassage({
        tonguing,
        pattern,
        startMidi: pattern === 'note' ? noteMidi : tonicMidi(),
        // The key as picked (F♯ stays F♯ major, issue 22 row 17).
        ...(pattern === 'fragment' ? { key } : {}),
      }),
    );
  };

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
        onChange={setTonguing}
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
          onChange={(value) => setKOnly(value === 'k')}
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
        onChange={setPattern}
      />
      {pattern === 'note' ? (
        <label>
          Note{' '}
          <select
            data-testid="art-note"
            value={noteMidi}
            onChange={(e) => setNoteMidi(Number(e.target.value))}
          >
            {NOTES.map((m) => (
              <option key={m} value={m}>
                {noteName(m, { spelling })}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <label>
          Key{' '}
          <select data-testid="art-key" value={key} onChange={(e) => setKey(e.target.value)}>
            {MAJOR_KEYS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
      )}
      <TempoInput testId="art-tempo" tempoBpm={tempoBpm} onChange={setTempoBpm} />
      <BandSetting
        testId="art-band"
        cents={bandCents}
        defaultCents={ARTICULATION_DEFAULT_BAND_CENTS}
        onChange={setBandCents}
      />
      <SetupActions error={error} goTestId="art-go" onGo={start} onBack={props.onBack} />
    </section>
  );
}
