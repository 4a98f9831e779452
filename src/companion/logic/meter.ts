/**
 * Meters the metronome offers and how their bars are grouped. A bar is a list of beats; each beat
 * lasts a whole number of *units* (the meter's lower number: a quarter in x/4, an eighth in x/8).
 * In x/4 every beat is one unit; in x/8 a beat is a group of 2 or 3 eighths (7/8 as 2+2+3), so the
 * beats of an asymmetric meter are uneven and the tempo counts the unit, not the beat.
 */

export type MeterUnit = 4 | 8;

export interface Meter {
  /** Units per bar (the upper number). */
  units: number;
  unit: MeterUnit;
  /** Units per beat, in order; sums to `units`. In x/4 all 1. */
  grouping: readonly number[];
}

/** Upper numbers offered per unit: 2/4–7/4 and 3/8–12/8 (issue 24). */
export const METER_RANGE: Readonly<Record<MeterUnit, { min: number; max: number }>> = {
  4: { min: 2, max: 7 },
  8: { min: 3, max: 12 },
};

/**
 * Default groupings of x/8: compound meters in threes (6/8 = 3+3), odd meters with the long group
 * last, as 7/8 is usually counted (2+2+3).
 */
const DEFAULT_EIGHTH_GROUPING: Readonly<Record<number, readonly number[]>> = {
  3: [3],
  4: [2, 2],
  5: [2, 3],
  6: [3, 3],
  7: [2, 2, 3],
  8: [3, 3, 2],
  9: [3, 3, 3],
  10: [2, 2, 3, 3],
  11: [2, 2, 2, 2, 3],
  12: [3, 3, 3, 3],
};

function checkUnits(units: number, unit: MeterUnit): void {
  const range = METER_RANGE[unit];
  if (!Number.isInteger(units) || units < range.min || units > range.max) {
    throw new RangeError(`A meter in x/${unit} has ${range.min}..${range.max} units, got ${units}`);
  }
}

/** The meter `units/unit` with its usual grouping. */
export function meterOf(units: number, unit: MeterUnit): Meter {
  if (unit !== 4 && unit !== 8) throw new RangeError(`Meter unit must be 4 or 8, got ${unit}`);
  checkUnits(units, unit);
  const grouping = unit === 4 ? Array<number>(units).fill(1) : DEFAULT_EIGHTH_GROUPING[units];
  return { units, unit, grouping: grouping ?? [units] };
}

/**
 * Every way to group `units` eighths into beats of 2 and 3 (the groupings players count; 3/8 is
 * one beat of 3). Ordered as found: for 7 → 2+2+3, 2+3+2, 3+2+2.
 */
export function eighthGroupings(units: number): number[][] {
  checkUnits(units, 8);
  const out: number[][] = [];
  const walk = (left: number, prefix: number[]): void => {
    if (left === 0) out.push(prefix);
    for (const part of [2, 3]) if (left >= part) walk(left - part, [...prefix, part]);
  };
  walk(units, []);
  return out.length > 0 ? out : [[units]];
}

/** Validates a meter (grouping sums to the units, parts 1..4); returns it. */
export function checkMeter(meter: Meter): Meter {
  if (meter.unit !== 4 && meter.unit !== 8) {
    throw new RangeError(`Meter unit must be 4 or 8, got ${String(meter.unit)}`);
  }
  checkUnits(meter.units, meter.unit);
  const sum = meter.grouping.reduce((a, b) => a + b, 0);
  if (
    sum !== meter.units ||
    meter.grouping.some((part) => !Number.isInteger(part) || part < 1 || part > 4)
  ) {
    throw new RangeError(
      `A grouping of ${meter.units}/${meter.unit} must be parts of 1..4 units summing to ${meter.units}, got ${meter.grouping.join('+')}`,
    );
  }
  return meter;
}

/** "7/8 (2+2+3)", "4/4". */
export function meterLabel(meter: Meter): string {
  const base = `${meter.units}/${meter.unit}`;
  return meter.unit === 8 && meter.grouping.length > 1
    ? `${base} (${meter.grouping.join('+')})`
    : base;
}
