import { useState } from 'react';
import { useRoutedStep } from '../../shared-ui/routed-step';
import type { HistoryStore } from '../../history/history-db';
import { TempoInput, validTempo } from './TempoInput';
import {
  REGULAR_RANGE_WRITTEN_MIDI,
  noteName,
  pitchClassName,
  isMinorKind,
  scaleForRange,
  MAJOR_KEYS,
  MINOR_KEYS,
  SCALE_KINDS,
  SCALE_KIND_LABELS,
  SCALE_KIND_NAMES,
  clarkePassage,
  getInstrument,
  PART_INSTRUMENTS,
  partTransposition,
  type InstrumentId,
  type ScaleKind,
  type ScaleNote,
} from '../../music';
import { useSettings } from '../../settings';
import { TimedExercise } from './TimedExercise';
import { ArticulationExercise } from './ArticulationExercise';
import { BandSetting, bandProblem, ChoiceSegment, SetupActions } from '../SetupControls';
import { parseKeyName, phrase, type Passage, type Subdivision } from '../../music';

/** Scales default to ±15 ¢: moving notes are judged on their centre, which a teacher hears so. */
export const SCALES_DEFAULT_BAND_CENTS = 15;

type Articulation = 'tongued' | 'slurred';

/** A scale kind, or the Clarke-style study (a passage of its own: `clarkePassage`). */
type PickedKind = ScaleKind | 'clarke';
const isMinor = (kind: PickedKind): boolean => kind !== 'clarke' && isMinorKind(kind);

const RANGE_NOTES: number[] = [];
for (let m = REGULAR_RANGE_WRITTEN_MIDI.low; m <= REGULAR_RANGE_WRITTEN_MIDI.high; m++) {
  RANGE_NOTES.push(m);
}

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
  const [kind, setKind] = useState<PickedKind>('major');
  const [key, setKey] = useState('C');
  const [lowMidi, setLowMidi] = useState(60);
  const [highMidi, setHighMidi] = useState(72);
  const [tempoBpm, setTempoBpm] = useState(80);
  const [drone, setDrone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [subdivision, setSubdivision] = useState<'1' | '2'>('1');
  const [articulation, setArticulation] = useState<Articulation>('tongued');
  // Transposition practice: a part written for another trumpet ('' = your own instrument).
  const [partFor, setPartFor] = useState<InstrumentId | ''>('');
  const parts = PART_INSTRUMENTS.filter((id) => id !== settings.transposition);
  const part = partFor !== '' && parts.includes(partFor) ? partFor : null;
  const [bandCents, setBandCents] = useState(SCALES_DEFAULT_BAND_CENTS);
  const [passage, setPassage] = useRoutedStep<Passage<ScaleNote>>();
  const [change, setChange] = useState<string | null>(null);
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
        onBack={() => setPassage(null)}
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
      if (kind === 'clarke') {
        setChange(null);
        setPassage(
          clarkePassage({
            key,
            lowMidi,
            highMidi,
            spelling: settings.spelling,
            subdivision: Number(subdivision) as Subdivision,
            slurred: articulation === 'slurred',
          }),
        );
        setError(null);
        return;
      }
      const { notes, change: rangeChange } = scaleForRange({
        kind,
        // A chromatic scale starts (and keeps) the low note's name as the player spells it.
        key: kind === 'chromatic' ? pitchClassName(lowMidi, settings.spelling) : key,
        lowMidi,
        highMidi,
      });
      const tonic = kind === 'chromatic' ? null : parseKeyName(key);
      setChange(rangeChange);
      setPassage({
        beatsPerBar: 4,
        key: tonic && { ...tonic, minor: isMinorKind(kind) },
        events: phrase(notes, {
          subdivision: Number(subdivision) as Subdivision,
          beatsPerBar: 4,
          slurred: articulation === 'slurred',
          lastNoteBeats: subdivision === '1' ? 2 : 1,
        }),
      });
      setError(null);
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
            setKind(next);
            // The key list changes with the kind: keep the key if the new list has it.
            const nextKeys = isMinor(next) ? MINOR_KEYS : MAJOR_KEYS;
            if (!nextKeys.includes(key)) setKey(isMinor(next) ? 'A' : 'C');
            // Clarke studies are slurred and moving (the fingers work, the air stays even).
            if (next === 'clarke') {
              setArticulation('slurred');
              setSubdivision('2');
            }
            if (next === 'major-full-range' || next === 'clarke') {
              // The whole trumpet by default (the range stays the player's to narrow).
              setLowMidi(REGULAR_RANGE_WRITTEN_MIDI.low);
              setHighMidi(REGULAR_RANGE_WRITTEN_MIDI.high);
            }
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
          <select data-testid="scale-key" value={key} onChange={(e) => setKey(e.target.value)}>
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
        <select value={lowMidi} onChange={(e) => setLowMidi(Number(e.target.value))}>
          {RANGE_NOTES.map((m) => (
            <option key={m} value={m}>
              {noteName(m, { spelling: settings.spelling })}
            </option>
          ))}
        </select>{' '}
        to{' '}
        <select value={highMidi} onChange={(e) => setHighMidi(Number(e.target.value))}>
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
          onChange={(e) => setPartFor(e.target.value as InstrumentId | '')}
        >
          <option value="">Your {getInstrument(settings.transposition).name}</option>
          {parts.map((id) => (
            <option key={id} value={id}>
              {getInstrument(id).name} (transpose)
            </option>
          ))}
        </select>
      </label>
      <TempoInput testId="scale-tempo" tempoBpm={tempoBpm} onChange={setTempoBpm} />
      <ChoiceSegment
        testId="scale-subdivision"
        label="Notes"
        value={subdivision}
        options={[
          ['1', 'Quarters'],
          ['2', 'Eighths'],
        ]}
        onChange={setSubdivision}
      />
      <ChoiceSegment
        testId="scale-articulation"
        label="Articulation"
        value={articulation}
        options={[
          ['tongued', 'Tongued'],
          ['slurred', 'Slurred'],
        ]}
        onChange={setArticulation}
      />
      <BandSetting
        testId="scale-band"
        cents={bandCents}
        defaultCents={SCALES_DEFAULT_BAND_CENTS}
        onChange={setBandCents}
      />
      <label>
        <input type="checkbox" checked={drone} onChange={(e) => setDrone(e.target.checked)} /> Drone
        on the tonic (no headphones needed)
      </label>
      <SetupActions error={error} goTestId="scale-go" onGo={start} onBack={props.onBack} />
    </section>
  );
}
