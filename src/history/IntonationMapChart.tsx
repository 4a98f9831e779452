import { useMemo } from 'react';
import { formatCents, valveComboLabel, noteName, getInstrument } from '../music';
import { useSettings } from '../settings';
import { intonationMap, type MapEntry } from './intonation-map';
import type { AttemptRecord } from './records';

/** Offsets beyond this (cents) stand out as sharp or flat on the chart. */
const STANDS_OUT_CENTS = 10;
const RANGE_CENTS = 40;
const ROW = 22;
const LABEL_W = 96;
const VALUE_W = 60;
const WIDTH = 360; // about a phone's content width: 12-unit text reads as ~12 px

const colourOf = (e: MapEntry): string =>
  e.medianCents > STANDS_OUT_CENTS
    ? '#eb445a'
    : e.medianCents < -STANDS_OUT_CENTS
      ? '#3880ff'
      : '#999';

/**
 * "Your horn's intonation map": per written note and fingering on the chosen instrument, the
 * median offset of the player's attempts (bar) and the middle half of them (line), from every
 * exercise played on the player's own part in equal temperament (history/intonation-map.ts).
 * Sharp notes red, flat blue, the rest grey.
 */
export function IntonationMapChart(props: { attempts: readonly AttemptRecord[] }) {
  const settings = useSettings();
  const entries = useMemo(
    () => intonationMap(props.attempts, settings.transposition),
    [props.attempts, settings.transposition],
  );
  const instrument = getInstrument(settings.transposition);
  const plotLeft = LABEL_W;
  const plotRight = WIDTH - VALUE_W;
  const centre = (plotLeft + plotRight) / 2;
  const x = (cents: number): number =>
    centre +
    (Math.max(-RANGE_CENTS, Math.min(RANGE_CENTS, cents)) / RANGE_CENTS) *
      ((plotRight - plotLeft) / 2);
  const height = entries.length * ROW + 20;
  return (
    <section className="intonation-map" data-testid="intonation-map" aria-label="Intonation map">
      <h3>Your horn&apos;s intonation map ({instrument.name})</h3>
      {entries.length === 0 ? (
        <p data-testid="intonation-map-empty">
          Play long tones on this instrument: each note you hold shows here with how sharp or flat
          you play it.
        </p>
      ) : (
        <>
          <p className="intonation-map__note">
            Per note and fingering: your median (bar) and the middle half of your attempts (line),
            from everything played on your own part in equal temperament (long tones, scales, lip
            slurs on their valves, intervals). Every horn differs: this is yours, and the coach uses
            it.
          </p>
          <svg
            viewBox={`0 0 ${WIDTH} ${height}`}
            className="chart"
            role="img"
            aria-label="Median offset per note and fingering (left flat, right sharp)"
          >
            {[-RANGE_CENTS, -STANDS_OUT_CENTS, STANDS_OUT_CENTS, RANGE_CENTS].map((c) => (
              <line
                key={c}
                x1={x(c)}
                x2={x(c)}
                y1={0}
                y2={entries.length * ROW}
                stroke="gray"
                strokeWidth={0.3}
                strokeDasharray="2 2"
              />
            ))}
            <line
              x1={centre}
              x2={centre}
              y1={0}
              y2={entries.length * ROW}
              stroke="gray"
              strokeWidth={0.8}
            />
            {entries.map((e, i) => {
              const name = `${noteName(e.writtenMidi, { spelling: settings.spelling })} ${valveComboLabel(e.combo)}`;
              const y = i * ROW;
              return (
                <g
                  key={`${e.writtenMidi}|${e.combo}`}
                  data-testid="intonation-map-row"
                  data-note={name}
                  data-median={e.medianCents.toFixed(1)}
                >
                  <title>{`${name}: median ${formatCents(e.medianCents, 1)}, middle half ${formatCents(e.lowCents)} to ${formatCents(e.highCents)}, ${e.attempts} attempt${e.attempts === 1 ? '' : 's'}`}</title>
                  <text x={2} y={y + 15} fontSize={12} fill="currentColor">
                    {name}
                  </text>
                  <rect
                    x={Math.min(centre, x(e.medianCents))}
                    y={y + 3}
                    width={Math.max(1, Math.abs(x(e.medianCents) - centre))}
                    height={ROW - 6}
                    fill={colourOf(e)}
                  />
                  <line
                    x1={x(e.lowCents)}
                    x2={x(e.highCents)}
                    y1={y + ROW / 2}
                    y2={y + ROW / 2}
                    stroke="currentColor"
                    strokeWidth={1}
                  />
                  <text x={WIDTH - 2} y={y + 15} fontSize={12} textAnchor="end" fill="currentColor">
                    {formatCents(e.medianCents)}
                  </text>
                </g>
              );
            })}
            <text x={plotLeft} y={height - 3} fontSize={12} fill="currentColor">
              −{RANGE_CENTS} ¢ flat
            </text>
            <text x={plotRight} y={height - 3} fontSize={12} textAnchor="end" fill="currentColor">
              +{RANGE_CENTS} ¢ sharp
            </text>
          </svg>
        </>
      )}
    </section>
  );
}
