import { atomWithStorage } from 'jotai/utils';

export type PlayerView = 'waveform' | 'spectrogram';

/**
 * The player's picture per signed-in user (keyed by the user's e-mail, on this browser): the
 * Waveform / Spectrogram choice is remembered across exams and visits, and one colleague's choice
 * on a shared workstation does not become another's.
 */
export const playerViewsAtom = atomWithStorage<Record<string, PlayerView>>('auscura.playerView', {});
