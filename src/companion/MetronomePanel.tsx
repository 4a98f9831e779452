import { useMemo, useState } from 'react';
import { reportPass } from '../lib/clean-pass';
import { useObservable } from '../lib/use-observable';
import { usePitchService } from '../shared-ui/pitch-service-context';
import { describeDrift } from './logic/gap-drift';
import { eighthGroupings, meterLabel, meterOf, METER_RANGE, type Meter } from './logic/meter';
import {
  TEMPO_RANGE_BPM,
  type BeatAccent,
  type MetronomeConfig,
  type Subdivision,
} from './logic/metronome-source';
import { createTapTempo } from './logic/tap-tempo';
import { MetronomeDrills } from './MetronomeDrills';
import { MetronomePresets } from './MetronomePresets';
import { getMetronomeStore } from './metronome-store';
import { useMetronome } from './use-metronome';
import './metronome.css';

const METERS: Meter[] = ([4, 8] as const).flatMap((unit) =>
  Array.from({ length: METER_RANGE[unit].max - METER_RANGE[unit].min + 1 }, (_, i) =>
    meterOf(METER_RANGE[unit].min + i, unit),
  ),
);
const SUBDIVISION_LABELS: Record<Subdivision, string> = {
  1: 'None',
  2: 'Eighths',
  3: 'Triplets',
  4: 'Sixteenths',
};
const SWINGS = [
  { value: 0.5, label: 'Straight' },
  { value: 0.6, label: '3:2' },
  { value: 2 / 3, label: '2:1 (triplet)' },
  { value: 0.75, label: '3:1 (dotted)' },
];
const NEXT_ACCENT: Record<BeatAccent, BeatAccent> = {
  accent: 'normal',
  normal: 'silent',
  silent: 'accent',
};
const ACCENT_LABEL: Record<BeatAccent, string> = {
  accent: 'accented',
  normal: 'normal',
  silent: 'silent',
};

const clampTempo = (bpm: number) =>
  Math.min(TEMPO_RANGE_BPM.max, Math.max(TEMPO_RANGE_BPM.min, Math.round(bpm)));

/** Accents for a new meter: the first beat accented, the rest normal. */
const accentsFor = (meter: Meter): BeatAccent[] =>
  meter.grouping.map((_, i) => (i === 0 ? 'accent' : 'normal'));

/**
 * The metronome: tempo (±1/±5, tap), meter and grouping, subdivision and swing, an accent per beat
 * (tap a beat to cycle accent → normal → silent), the speed trainer and gap bars, presets, and a
 * pulse big enough to see in a loud room. Every change is saved; a running metronome takes tempo
 * changes at the next beat and restarts for the others.
 */
export function MetronomePanel() {
  const store = getMetronomeStore();
  const { config } = useObservable(store);
  const service = usePitchService();
  const metronome = useMetronome(service);
  const tapper = useMemo(() => createTapTempo(), []);
  const [tapped, setTapped] = useState(false);

  const apply = (patch: Partial<MetronomeConfig>) => {
    const next = { ...config, ...patch };
    store.update({ config: next });
    if (!metronome.playing) return;
    // Only the tempo changes on the fly; anything else restarts the pattern from bar 1.
    if (Object.keys(patch).length === 1 && patch.bpm !== undefined && !config.trainer) {
      metronome.setTempo(patch.bpm);
    } else metronome.start(next);
  };
  const setTempo = (bpm: number) => apply({ bpm: clampTempo(bpm) });
  const setMeter = (meter: Meter) => apply({ meter, accents: accentsFor(meter) });

  const shownBpm = metronome.playing && metronome.pulse ? metronome.pulse.bpm : config.bpm;
  const meterKey = `${config.meter.units}/${config.meter.unit}`;
  const groupings = config.meter.unit === 8 ? eighthGroupings(config.meter.units) : [];
  const pulse = metronome.pulse;
  const unitName = config.meter.unit === 8 ? '♪' : '♩';

  return (
    <section className="metronome" aria-labelledby="metronome-title" data-testid="metronome-panel">
      <h2 className="metronome__title" id="metronome-title">
        Metronome
      </h2>
      <div
        className={`metronome__pulse${pulse && !pulse.gap && pulse.kind !== 'silent' ? ` metronome__pulse--${pulse.kind}` : ''}`}
        key={pulse?.count ?? 0}
        data-testid="metronome-pulse"
        data-beat={pulse ? pulse.beat : ''}
        data-bar={pulse ? pulse.bar : ''}
        data-gap={pulse?.gap ? 'true' : 'false'}
        aria-hidden="true"
      >
        {pulse?.gap ? 'Keep time…' : pulse ? `${pulse.beat + 1}` : ' '}
      </div>
      <div className="metronome__beats" role="group" aria-label="Accent per beat (tap to change)">
        {config.accents.map((accent, i) => (
          <button
            key={i}
            type="button"
            className={`metronome__beat metronome__beat--${accent}${pulse && !pulse.gap && pulse.beat === i ? ' metronome__beat--now' : ''}`}
            data-testid={`metronome-accent-${i}`}
            aria-label={`Beat ${i + 1}: ${ACCENT_LABEL[accent]}`}
            onClick={() =>
              apply({ accents: config.accents.map((a, j) => (j === i ? NEXT_ACCENT[a] : a)) })
            }
          >
            {accent === 'accent' ? '>' : accent === 'silent' ? '–' : '•'}
          </button>
        ))}
      </div>
      <div className="metronome__tempo">
        <button
          type="button"
          data-testid="metronome-minus5"
          onClick={() => setTempo(config.bpm - 5)}
        >
          −5
        </button>
        <button
          type="button"
          data-testid="metronome-minus1"
          onClick={() => setTempo(config.bpm - 1)}
        >
          −1
        </button>
        <output className="metronome__bpm" data-testid="metronome-bpm" aria-live="off">
          <span>{shownBpm}</span>
          <small>{unitName} = bpm</small>
        </output>
        <button
          type="button"
          data-testid="metronome-plus1"
          onClick={() => setTempo(config.bpm + 1)}
        >
          +1
        </button>
        <button
          type="button"
          data-testid="metronome-plus5"
          onClick={() => setTempo(config.bpm + 5)}
        >
          +5
        </button>
      </div>
      <div className="metronome__row">
        <button
          type="button"
          className={metronome.playing ? 'metronome__play metronome__play--on' : 'metronome__play'}
          data-testid="metronome-toggle"
          aria-pressed={metronome.playing}
          onClick={() =>
            metronome.playing ? metronome.stop() : metronome.start(store.get().config)
          }
        >
          {metronome.playing ? 'Stop' : 'Start'}
        </button>
        <button
          type="button"
          className="metronome__tap"
          data-testid="metronome-tap"
          onClick={() => {
            const bpm = tapper.tap(performance.now());
            setTapped(true);
            if (bpm !== null) setTempo(bpm);
          }}
        >
          {tapped ? 'Tap again' : 'Tap tempo'}
        </button>
      </div>
      <div className="metronome__row">
        <label className="metronome__field">
          <span>Meter</span>
          <select
            data-testid="metronome-meter"
            value={meterKey}
            onChange={(event) => {
              const meter = METERS.find((m) => `${m.units}/${m.unit}` === event.target.value);
              if (meter) setMeter(meter);
            }}
          >
            {METERS.map((m) => (
              <option key={`${m.units}/${m.unit}`} value={`${m.units}/${m.unit}`}>
                {m.units}/{m.unit}
              </option>
            ))}
          </select>
        </label>
        {groupings.length > 1 && (
          <label className="metronome__field">
            <span>Grouping</span>
            <select
              data-testid="metronome-grouping"
              value={config.meter.grouping.join('+')}
              onChange={(event) => {
                const grouping = event.target.value.split('+').map(Number);
                setMeter({ ...config.meter, grouping });
              }}
            >
              {groupings.map((g) => (
                <option key={g.join('+')} value={g.join('+')}>
                  {g.join('+')}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <div className="metronome__row">
        <label className="metronome__field">
          <span>Subdivide</span>
          <select
            data-testid="metronome-subdivision"
            value={config.subdivision}
            onChange={(event) => apply({ subdivision: Number(event.target.value) as Subdivision })}
          >
            {([1, 2, 3, 4] as const).map((s) => (
              <option key={s} value={s}>
                {SUBDIVISION_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="metronome__field">
          <span>Swing</span>
          <select
            data-testid="metronome-swing"
            disabled={config.subdivision % 2 !== 0}
            value={SWINGS.find((s) => Math.abs(s.value - config.swing) < 1e-6)?.value ?? 0.5}
            onChange={(event) => apply({ swing: Number(event.target.value) })}
          >
            {SWINGS.map((s) => (
              <option key={s.label} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="metronome__note" data-testid="metronome-summary">
        {meterLabel(config.meter)} · {unitName} = {config.bpm}
        {config.meter.unit === 8 ? ' (the tempo counts eighths)' : ''}
      </p>
      <MetronomeDrills
        config={config}
        playing={metronome.playing}
        onChange={apply}
        onCleanPass={() => reportPass({ what: 'the metronome screen', clean: true })}
        streak={metronome.streak}
      />
      {config.gap && (
        <p
          className="metronome__drift"
          data-testid="metronome-drift"
          data-drift-ms={metronome.drift?.driftMs ?? ''}
          data-baseline-ms={metronome.drift?.baselineMs ?? ''}
          data-gap-onsets={metronome.drift?.gapOnsets ?? 0}
          data-played-onsets={metronome.drift?.playedOnsets ?? 0}
          aria-live="polite"
        >
          {metronome.drift?.driftMs != null
            ? `In the muted bars: ${describeDrift(metronome.drift.driftMs)} (${metronome.drift.gapOnsets} attacks; last ${describeDrift(metronome.drift.lastDriftMs ?? 0)}).`
            : 'Play on the beat through the muted bars: your drift shows here.'}
        </p>
      )}
      <MetronomePresets store={store} onLoad={(preset) => apply(preset)} />
      {metronome.problem && (
        <p className="metronome__problem" role="alert">
          {metronome.problem}
        </p>
      )}
    </section>
  );
}
