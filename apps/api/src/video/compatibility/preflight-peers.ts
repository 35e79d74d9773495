import { answerPreflight } from './preflight-peer.js';
import type { PreflightPeer, PreflightPeerOptions } from './preflight-peer.js';

/**
 * The preflight peers of this process: at most `maxPeers` at once (each is a WebRTC stack with
 * its sockets and timers), every one closed after its lifetime, all closed when the server stops.
 * An unauthenticated caller can therefore hold at most one slot for `lifetimeMs`, and the routes
 * limit how often one client address may ask.
 */
export type PreflightPeers = {
  /** The peer's answer, or null when every slot is taken. */
  answer(offerSdp: string): Promise<string | null>;
  readonly count: number;
  closeAll(): Promise<void>;
};

export function createPreflightPeers(options: PreflightPeerOptions & { maxPeers: number }): PreflightPeers {
  const peers = new Set<PreflightPeer>();
  // Slots are taken before the (asynchronous) answer, so bursts cannot overshoot the limit.
  let reserved = 0;
  return {
    async answer(offerSdp) {
      if (peers.size + reserved >= options.maxPeers) return null;
      reserved++;
      let peer: PreflightPeer;
      try {
        peer = await answerPreflight(offerSdp, options);
      } finally {
        reserved--;
      }
      peers.add(peer);
      void peer.closed.then(() => peers.delete(peer));
      return peer.answerSdp;
    },
    get count() {
      return peers.size + reserved;
    },
    async closeAll() {
      const open = [...peers];
      for (const peer of open) peer.close();
      await Promise.all(open.map((peer) => peer.closed));
    },
  };
}
