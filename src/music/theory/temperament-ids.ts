/**
 * The temperaments the player can choose (persisted in settings). Apart from `temperament.ts` so
 * the settings, which load at start-up, do not pull the interval tables into the initial chunk.
 */
export type Temperament = 'equal' | 'just';
export const TEMPERAMENTS: readonly Temperament[] = ['equal', 'just'];
