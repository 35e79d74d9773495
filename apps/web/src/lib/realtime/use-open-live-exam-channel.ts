import { useEffect, useState } from 'react';
import type { PublicConfig } from '@auscura/contracts';
import type { LiveExamChannel, LiveExamParticipant } from './live-exam-channel.ts';
import { openLiveExamChannel } from './open-live-exam-channel.ts';

export type UseLiveExamChannelOptions = {
  config: PublicConfig;
  virtualExamId: string;
  participant: LiveExamParticipant;
  getToken: () => Promise<string>;
};

/**
 * Opens the live exam's shared state while the component is mounted and `options` is given;
 * closes it on unmount and when the page is hidden for good (a closed tab ends the presence at
 * once rather than after the server's heartbeat timeout). Null until it is open.
 */
export function useOpenLiveExamChannel(options: UseLiveExamChannelOptions | null): {
  channel: LiveExamChannel | null;
  error: unknown;
} {
  const [channel, setChannel] = useState<LiveExamChannel | null>(null);
  const [error, setError] = useState<unknown>(null);
  const key = options ? `${options.virtualExamId}:${options.participant.id}` : null;

  useEffect(() => {
    if (!options) return;
    let opened: LiveExamChannel | null = null;
    let cancelled = false;
    openLiveExamChannel(options.config, options).then(
      (next) => {
        if (cancelled) return next.close();
        opened = next;
        setChannel(next);
      },
      (reason: unknown) => !cancelled && setError(reason),
    );
    const onPageHide = (event: PageTransitionEvent) => {
      if (!event.persisted) opened?.close();
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      cancelled = true;
      window.removeEventListener('pagehide', onPageHide);
      opened?.close();
      setChannel(null);
    };
    // The channel is per exam and participant; a new getToken closure must not reconnect it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return { channel, error };
}
