/**
 * The name of the note heard under a target (W4): the right note is spelt as the target is
 * ("A♯4", never "A♯4 heard B♭4" under a correct note), a note the passage has elsewhere as the
 * passage spells it (a crack onto the next partial of the 1-2-3 series is "heard A♯4"), and any
 * other by `spell` (in the passage's key). Null when the pitch is not a note the instrument plays.
 */
export function heardNoteName(
  heard: { readonly hasPitch: false } | { readonly hasPitch: true; readonly writtenMidi: number },
  target: { readonly midi: number; readonly name: string },
  spell: (writtenMidi: number) => string,
  inPassage: ReadonlyMap<number, string> = new Map(),
): string | null {
  if (!heard.hasPitch) return null;
  if (heard.writtenMidi === target.midi) return target.name;
  return inPassage.get(heard.writtenMidi) ?? spell(heard.writtenMidi);
}

/** Each written pitch of a passage with its first spelling there. */
export function passageSpellings(
  notes: readonly { readonly midi: number; readonly name: string }[],
): ReadonlyMap<number, string> {
  const names = new Map<number, string>();
  for (const note of notes) if (!names.has(note.midi)) names.set(note.midi, note.name);
  return names;
}
