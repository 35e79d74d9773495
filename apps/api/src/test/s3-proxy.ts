import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type SeenRequest = { method: string; url: URL; range?: string };

export type S3Proxy = {
  /** The proxy's origin: give it to the store as RECORDINGS_S3_ENDPOINT. */
  endpoint: string;
  /** Every request that passed, in order (cleared by `seen.length = 0`). */
  seen: SeenRequest[];
  /** Answers the next requests that match with this status and S3 error instead of forwarding them. */
  failWhile(match: (request: SeenRequest) => boolean, status: number, code: string, message: string): void;
  close(): Promise<void>;
};

/**
 * An HTTP proxy in front of the test S3 server that records each request (method, URL, Range) and
 * can answer some with an S3 error: what a store sends and how it copes with throttling is
 * observed on the wire, whatever S3 client library it uses.
 */
export async function startS3Proxy(target: string): Promise<S3Proxy> {
  const seen: SeenRequest[] = [];
  let failing: { match: (request: SeenRequest) => boolean; status: number; body: string } | null = null;
  const upstream = new URL(target);
  const server = http.createServer((request, response) => {
    const entry: SeenRequest = {
      method: request.method ?? 'GET',
      url: new URL(request.url ?? '/', target),
      range: request.headers.range,
    };
    seen.push(entry);
    if (failing?.match(entry)) {
      request.resume();
      response.writeHead(failing.status, { 'content-type': 'application/xml' });
      response.end(failing.body);
      return;
    }
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    failWhile(match, status, code, message) {
      failing = {
        match,
        status,
        body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        failing = null;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
