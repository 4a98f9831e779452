/** Words for the assessor's flags, shared by the results screen and the report. */
import type { NoteFlag } from '../music';

/** A flag in words, with its number and unit. */
export function flagText(flag: NoteFlag): string {
  switch (flag.flag) {
    case 'late':
      return `${Math.round(flag.ms)} ms late`;
    case 'early':
      return `${Math.round(flag.ms)} ms early`;
    case 'sharp':
      return `${Math.round(flag.cents)} ¢ sharp`;
    case 'flat':
      return `${Math.round(flag.cents)} ¢ flat`;
    case 'unsteady':
      return `unsteady (±${Math.round(flag.cents)} ¢)`;
    case 'cracked':
      return `cracked ${Math.round(flag.atMs)} ms in (${flag.kind}, ${Math.round(flag.lengthMs)} ms)`;
    case 'uneven':
      return `uneven (${Math.round(flag.ms)} ms)`;
    case 'scooped':
      return `scooped from ${Math.abs(Math.round(flag.cents))} ¢ ${flag.cents < 0 ? 'below' : 'above'} (${Math.round(flag.ms)} ms)`;
  }
}
