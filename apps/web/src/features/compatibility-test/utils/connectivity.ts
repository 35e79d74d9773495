import type { ConnectionTestsState } from './connection-tests.ts';

/**
 * §2.10 Connectivity: 'Connection failed' if the preflight errored or the signaling gateway or
 * the TURN servers are unreachable; the bitrate test failing fails it too (nothing would grade it).
 */
export function connectivityFailed(state: ConnectionTestsState): boolean {
  return (
    !!state.preflightError ||
    !!state.bitrateError ||
    state.signalingGateway === 'unreachable' ||
    state.turn === 'unreachable'
  );
}
