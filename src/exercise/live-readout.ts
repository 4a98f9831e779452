import { formatCents } from '../music';

/**
 * The live read-out under an exercise's trace: the note heard and how far from the target. Within
 * a quarter tone either way, cents ("F♯4 · +12 ¢ from target"); past ±50 ¢ the player is on
 * another note, so say so in semitones (issue 23 row 14: "G4 · +93 ¢ from target" for an F♯4).
 */
export function liveReadoutText(heardName: string, offsetCents: number | null): string {
  if (offsetCents === null || Number.isNaN(offsetCents)) return heardName;
  if (Math.abs(offsetCents) <= 50) return `${heardName} · ${formatCents(offsetCents)} from target`;
  const semitones = Math.round(Math.abs(offsetCents) / 100);
  const way = offsetCents > 0 ? 'above' : 'below';
  return `${heardName} · ${semitones === 1 ? 'a semitone' : `${semitones} semitones`} ${way} the target`;
}
