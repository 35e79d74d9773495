import type { PublicConfig } from '@auscura/contracts';
import type { LiveExamChannel, LiveExamParticipant } from './live-exam-channel.ts';
import { createWebSocketChannel } from './websocket-channel.ts';

type OpenLiveExamOptions = {
  virtualExamId: string;
  /** Who is connecting (the provider, or the patient's session): Firebase writes it into the presence. */
  participant: LiveExamParticipant;
  /** The §7.3 token call of this side (authorized-participant or potential-participant). */
  getToken: () => Promise<string>;
};

/**
 * Opens a live exam's shared state with the adapter the server says is live (GET /config):
 * the API's WebSocket by default, Firebase's Realtime Database when configured. The Firebase SDK
 * is fetched only then.
 */
export async function openLiveExamChannel(
  config: PublicConfig,
  options: OpenLiveExamOptions,
): Promise<LiveExamChannel> {
  if (config.adapters.realtime === 'firebase' && config.firebase) {
    const [{ createFirebaseChannel }, { getAuth, signInWithCustomToken }] = await Promise.all([
      import('./firebase-channel.ts'),
      import('firebase/auth'),
    ]);
    return createFirebaseChannel({
      virtualExamId: options.virtualExamId,
      participant: options.participant,
      firebase: config.firebase,
      // In Firebase mode the token calls answer a Firebase custom token for this exam.
      signIn: async (app) => void (await signInWithCustomToken(getAuth(app), await options.getToken())),
    });
  }
  return createWebSocketChannel({ virtualExamId: options.virtualExamId, getToken: options.getToken });
}
