import { useCallback, useSyncExternalStore } from 'react';
import type { LiveExamField, LiveExamState } from '@auscura/contracts';
import type { ConnectionStatus, LiveExamChannel } from './live-exam-channel.ts';

/** One field of the live exam's state, re-rendering when it changes (undefined before the first state). */
export function useLiveExamField<K extends LiveExamField>(
  channel: LiveExamChannel | null,
  field: K,
): LiveExamState[K] | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => (channel ? channel.watch(field, onChange) : () => undefined),
    [channel, field],
  );
  return useSyncExternalStore(subscribe, () => channel?.state?.[field]);
}

/** The channel's connection status ('closed' without a channel). */
export function useLiveExamStatus(channel: LiveExamChannel | null): ConnectionStatus {
  const subscribe = useCallback(
    (onChange: () => void) => (channel ? channel.onStatus(onChange) : () => undefined),
    [channel],
  );
  return useSyncExternalStore(subscribe, () => channel?.status ?? 'closed');
}
