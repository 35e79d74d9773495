import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';

/**
 * A UDP relay between the browser and coturn that delays and drops packets (this kernel has no
 * netem): every datagram waits `delayMs` in each direction, so round trips through it grow by
 * 2 × delayMs; `loss` of them are dropped in each direction.
 *
 * The audio is dropped at an exact rate at random places: of each run of 1/loss RTP packets of a
 * direction, one chosen at random is dropped (5 %: one in every 20). So the preflight's measured
 * loss can be compared to the loss put on the path, not to a coin's luck over 500 packets. The
 * relay recognizes RTP inside TURN ChannelData (RFC 8656 §12.4: first byte 0x40–0x7F) and Send and
 * Data indications (their DATA attribute): RTP/RTCP start with 128–191, RTCP's packet types are
 * 192–223 (RFC 5761 §4). Every other datagram (STUN, DTLS, SCTP data, RTCP) is dropped
 * independently with probability `loss`.
 */
export type Impairment = { delayMs: number; loss: number };
export type RelayCounts = { rtpSeen: number; rtpDropped: number; otherSeen: number; otherDropped: number };

export type ImpairingRelay = { port: number; counts: { out: RelayCounts; back: RelayCounts }; close(): void };

const isRtp = (payload: Buffer) =>
  payload.length >= 2 && payload[0]! >= 128 && payload[0]! <= 191 && !(payload[1]! >= 192 && payload[1]! <= 223);

/** The application data a TURN datagram carries: ChannelData's payload, or a Send/Data indication's DATA attribute. */
function turnPayload(message: Buffer): Buffer | null {
  if (message.length >= 4 && message[0]! >= 0x40 && message[0]! <= 0x7f) return message.subarray(4);
  // STUN (RFC 8489 §5): Send indication 0x0016, Data indication 0x0017; attributes after 20 bytes.
  if (message.length < 20) return null;
  const type = message.readUInt16BE(0);
  if (type !== 0x0016 && type !== 0x0017) return null;
  for (let at = 20; at + 4 <= message.length;) {
    const attribute = message.readUInt16BE(at);
    const length = message.readUInt16BE(at + 2);
    if (attribute === 0x0013) return message.subarray(at + 4, at + 4 + length);
    at += 4 + Math.ceil(length / 4) * 4;
  }
  return null;
}

function isRtpInTurn(message: Buffer): boolean {
  const payload = turnPayload(message);
  return payload !== null && isRtp(payload);
}

/** Drops exactly one of every `block` calls, at a random place in each block. */
function exactDropper(block: number) {
  let index = 0;
  let victim = Math.floor(Math.random() * block);
  return () => {
    const drop = index === victim;
    index++;
    if (index === block) {
      index = 0;
      victim = Math.floor(Math.random() * block);
    }
    return drop;
  };
}

function direction(impairment: Impairment) {
  const counts: RelayCounts = { rtpSeen: 0, rtpDropped: 0, otherSeen: 0, otherDropped: 0 };
  const rtpDrop = impairment.loss > 0 ? exactDropper(Math.round(1 / impairment.loss)) : () => false;
  return {
    counts,
    dropped(message: Buffer): boolean {
      if (isRtpInTurn(message)) {
        counts.rtpSeen++;
        const drop = rtpDrop();
        if (drop) counts.rtpDropped++;
        return drop;
      }
      counts.otherSeen++;
      const drop = Math.random() < impairment.loss;
      if (drop) counts.otherDropped++;
      return drop;
    },
  };
}

export async function startImpairingRelay(options: {
  port: number;
  target: { host: string; port: number };
  impairment: Impairment;
}): Promise<ImpairingRelay> {
  const front = dgram.createSocket('udp4');
  const out = direction(options.impairment);
  const back = direction(options.impairment);
  // One socket towards coturn per browser address, so coturn sees each client as its own.
  const upstream = new Map<string, dgram.Socket>();
  let closed = false;
  // Datagrams still delayed when the relay closes are dropped with it.
  const later = (fn: () => void) =>
    setTimeout(() => {
      if (!closed) fn();
    }, options.impairment.delayMs);
  front.on('message', (message, from) => {
    const key = `${from.address}:${from.port}`;
    let socket = upstream.get(key);
    if (!socket) {
      const created = dgram.createSocket('udp4');
      created.on('message', (reply) => {
        if (back.dropped(reply)) return;
        later(() => front.send(reply, from.port, from.address));
      });
      created.bind(0, '127.0.0.1');
      upstream.set(key, created);
      socket = created;
    }
    if (out.dropped(message)) return;
    const via = socket;
    later(() => via.send(message, options.target.port, options.target.host));
  });
  await new Promise<void>((resolve) => front.bind(options.port, '127.0.0.1', resolve));
  return {
    port: (front.address() as AddressInfo).port,
    counts: { out: out.counts, back: back.counts },
    close() {
      closed = true;
      front.close();
      for (const socket of upstream.values()) socket.close();
    },
  };
}
