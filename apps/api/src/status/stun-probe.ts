import crypto from 'node:crypto';
import dgram from 'node:dgram';
import net from 'node:net';
import tls from 'node:tls';

/** STUN's magic cookie and Binding request/success types (RFC 5389 §6, §18.1). */
const magicCookie = 0x2112a442;
const bindingRequest = 0x0001;
const bindingSuccess = 0x0101;

type IceServerUrl = {
  scheme: 'stun' | 'stuns' | 'turn' | 'turns';
  host: string;
  port: number;
  transport: 'udp' | 'tcp';
};

/** Parses `turn:host:port?transport=udp` (RFC 7064, RFC 7065); default ports 3478 and 5349. */
export function parseIceUrl(url: string): IceServerUrl | null {
  const match = /^(stuns?|turns?):(\[[^\]]+\]|[^:?]+)(?::(\d+))?(?:\?transport=(udp|tcp))?$/i.exec(url.trim());
  if (!match) return null;
  const scheme = match[1]!.toLowerCase() as IceServerUrl['scheme'];
  const secure = scheme === 'stuns' || scheme === 'turns';
  return {
    scheme,
    host: match[2]!.replace(/^\[|\]$/g, ''),
    port: match[3] ? Number(match[3]) : secure ? 5349 : 3478,
    transport: secure ? 'tcp' : ((match[4]?.toLowerCase() as 'udp' | 'tcp' | undefined) ?? 'udp'),
  };
}

/**
 * Whether a STUN/TURN server answers within `timeoutMs`: over UDP a Binding request must get its
 * success response (coturn answers Binding without credentials); over TCP and TLS the connection
 * must open. This is what a browser needs first from the server; allocations are the preflight's.
 */
export async function probeIceServer(server: IceServerUrl, timeoutMs = 2000): Promise<boolean> {
  if (server.transport === 'udp') return probeUdp(server, timeoutMs);
  return new Promise((resolve) => {
    const secure = server.scheme === 'turns' || server.scheme === 'stuns';
    const socket = secure
      ? tls.connect({ host: server.host, port: server.port, servername: server.host, rejectUnauthorized: true })
      : net.connect({ host: server.host, port: server.port });
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once(secure ? 'secureConnect' : 'connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function probeUdp(server: IceServerUrl, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket(net.isIPv6(server.host) ? 'udp6' : 'udp4');
    const transaction = crypto.randomBytes(12);
    const request = Buffer.alloc(20);
    request.writeUInt16BE(bindingRequest, 0);
    request.writeUInt16BE(0, 2);
    request.writeUInt32BE(magicCookie, 4);
    transaction.copy(request, 8);
    let finished = false;
    const done = (ok: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      clearInterval(resend);
      socket.close();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.on('message', (message) => {
      if (
        message.length >= 20 &&
        message.readUInt16BE(0) === bindingSuccess &&
        message.readUInt32BE(4) === magicCookie &&
        message.subarray(8, 20).equals(transaction)
      ) {
        done(true);
      }
    });
    socket.on('error', () => done(false));
    const send = () => socket.send(request, server.port, server.host, (error) => error && done(false));
    // UDP may drop the first request: resend as STUN does (RFC 5389 §7.2.1), within the timeout.
    const resend = setInterval(send, 500);
    send();
  });
}
