import type { Page } from '@playwright/test';
import type { RoomWindow } from '../video/room-page';

/** What the topology spec reads from a room page (e2e/video/room-page.ts loads the room's modules into it). */
declare global {
  interface Window {
    room: RoomWindow['room'];
    peers: RTCPeerConnection[];
    /** The live-exam channel's status changes with their time (Date.now, the machine's clock). */
    statusLog: [string, number][];
  }
}

/** Starts keeping the channel's status changes. */
export function watchStatus(page: Page) {
  return page.evaluate(() => {
    // onStatus tells changes only: start from the status it has now.
    window.statusLog = [[window.room.channel.status, Date.now()]];
    window.room.channel.onStatus((status) => window.statusLog.push([status, Date.now()]));
  });
}

/** Video frames decoded from the other side on the newest connected peer connection. */
export function mediaFrames(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const peer = window.peers.findLast((candidate) => candidate.connectionState === 'connected');
    if (!peer) return 0;
    let frames = 0;
    (await peer.getStats()).forEach((report) => {
      if (report.type === 'inbound-rtp' && report.kind === 'video') frames = report.framesDecoded ?? 0;
    });
    return frames;
  });
}

/**
 * Whether this side lost its live-exam connection after `killedAt`, and if so how many ms it took to
 * be connected again: { ms: 0, stayed: true } when it never left 'connected'; null while it is
 * still reconnecting.
 */
export async function sinceKill(page: Page, killedAt: number): Promise<{ ms: number; stayed: boolean } | null> {
  const log = await page.evaluate(() => window.statusLog);
  const after = log.filter(([, at]) => at >= killedAt);
  const current = log.at(-1)?.[0];
  const lost = after.findIndex(([status]) => status !== 'connected');
  if (lost < 0) return current === 'connected' ? { ms: 0, stayed: true } : null;
  const back = after.slice(lost).find(([status]) => status === 'connected');
  return back && current === 'connected' ? { ms: back[1] - killedAt, stayed: false } : null;
}

/** The state this side sees: the entry request, a field written before the kill, and an open patient presence. */
export function liveState(page: Page) {
  return page.evaluate(() => {
    const state = window.room.channel.state;
    return {
      entry: state?.examEntryRequest?.status,
      m1: state?.isM1Connected,
      patientPresent: Object.values(state?.participantLog ?? {}).some(
        (entry) => entry.role === 'Patient' && entry.loggedOut === null,
      ),
    };
  });
}
