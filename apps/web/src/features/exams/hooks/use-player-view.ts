import { useAtom } from 'jotai';
import { useCurrentUser } from '../../../lib/auth.ts';
import { playerViewsAtom } from '../stores/player-view.ts';
import type { PlayerView } from '../stores/player-view.ts';

/** The signed-in user's remembered player picture and its setter (Waveform until they choose). */
export function usePlayerView(): [PlayerView, (view: PlayerView) => void] {
  const user = useCurrentUser();
  const key = user?.email ?? 'anonymous';
  const [views, setViews] = useAtom(playerViewsAtom);
  const view = views[key] === 'spectrogram' ? 'spectrogram' : 'waveform';
  return [view, (next) => setViews((all) => ({ ...all, [key]: next }))];
}
