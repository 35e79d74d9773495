import crypto from 'node:crypto';
import { signRequest, uriEncode, EMPTY_PAYLOAD_HASH } from './sigv4.js';

/** Where and as whom to reach an S3-compatible bucket. */
export type S3Settings = {
  bucket: string;
  region: string;
  /** A custom endpoint (MinIO, Ceph, R2, s3rver …) as an origin; requests to it use path-style URLs. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
};

export type S3Object = { key: string; lastModified: Date; size: number };

/** An S3 answer other than the one expected, with the service's error code and message. */
export class S3RequestError extends Error {
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly code: string,
    detail: string,
  ) {
    super(`S3 ${operation} failed: ${status} ${code}${detail ? ` (${detail})` : ''}${hintFor(code, status)}`);
    this.name = 'S3RequestError';
  }
}

const credentialCodes = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'AuthorizationHeaderMalformed',
  'InvalidToken',
  'ExpiredToken',
]);
function hintFor(code: string, status: number): string {
  if (credentialCodes.has(code)) {
    return ' — the S3 credentials were refused: check RECORDINGS_S3_ACCESS_KEY_ID and RECORDINGS_S3_SECRET_ACCESS_KEY';
  }
  if (code === 'AccessDenied' || status === 403) return ' — the credentials lack permission on the bucket';
  if (code === 'NoSuchBucket') return ' — check RECORDINGS_S3_BUCKET (the bucket must exist)';
  return '';
}

const xmlEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function xmlText(value: string): string {
  return value.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_match, entity: string) =>
    entity.startsWith('#x')
      ? String.fromCodePoint(parseInt(entity.slice(2), 16))
      : entity.startsWith('#')
        ? String.fromCodePoint(Number(entity.slice(1)))
        : xmlEntities[entity]!,
  );
}
/** The text of the first <tag> in an XML fragment (S3's answers are flat enough for this). */
function xmlTag(xml: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml);
  return match ? xmlText(match[1]!) : undefined;
}

async function failure(operation: string, response: Response): Promise<S3RequestError> {
  const body = await response.text().catch(() => '');
  const code = xmlTag(body, 'Code') ?? (response.status === 404 ? 'NotFound' : response.statusText || 'Error');
  return new S3RequestError(operation, response.status, code, xmlTag(body, 'Message') ?? '');
}

/** How long a request may wait for its answer's headers. */
const HEADERS_TIMEOUT_MS = 60_000;
/** S3 asks clients to retry 500 InternalError and 503 SlowDown; gateways in front answer 502/504. */
const transientStatuses = new Set([500, 502, 503, 504]);
const RETRIES = 2;

/**
 * A small S3 client over fetch: just the calls the recording store needs, each signed with SigV4
 * (sigv4.ts). Keys are passed as they are stored (any prefix already applied).
 */
export function createS3Client(settings: S3Settings, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey };
  // Custom endpoints get path-style URLs (most S3-compatible servers have no wildcard DNS);
  // AWS itself the virtual-hosted style it recommends.
  const base = settings.endpoint
    ? `${settings.endpoint.replace(/\/+$/, '')}/${uriEncode(settings.bucket)}`
    : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;
  const urlOf = (key: string | null, query: Record<string, string> = {}) => {
    const url = new URL(key === null ? `${base}/` : `${base}/${uriEncode(key, true)}`);
    if (key === null && settings.endpoint) url.pathname = url.pathname.replace(/\/$/, '');
    url.search = Object.entries(query)
      .map(([name, value]) => `${uriEncode(name)}=${uriEncode(value)}`)
      .join('&');
    return url;
  };

  async function send(
    method: string,
    url: URL,
    headers: Record<string, string> = {},
    body?: Buffer,
  ): Promise<Response> {
    const payloadHash = body ? crypto.createHash('sha256').update(body).digest('hex') : EMPTY_PAYLOAD_HASH;
    for (let attempt = 0; ; attempt++) {
      // Signed anew each attempt (the signature carries the time). The payload hash is signed: S3
      // checks the body against it, so a corrupted upload is refused.
      const signed = signRequest(
        { method, url, headers: { ...headers, 'x-amz-content-sha256': payloadHash }, payloadHash },
        { credentials, region: settings.region, service: 's3', date: now() },
      );
      const controller = new AbortController();
      const timer = setTimeout(
        () => controller.abort(new Error(`S3 ${method} ${url.pathname}: no answer within ${HEADERS_TIMEOUT_MS} ms`)),
        HEADERS_TIMEOUT_MS,
      );
      // PUT is not retried: a retry after a lost 200 would meet its own object and fail as "exists".
      const retry = method !== 'PUT' && attempt < RETRIES;
      try {
        const response = await fetch(url, {
          method,
          headers: signed.headers,
          // A Buffer from Buffer.concat/alloc is backed by a plain ArrayBuffer (never a shared one).
          body: body as Uint8Array<ArrayBuffer> | undefined,
          signal: controller.signal,
        });
        if (!retry || !transientStatuses.has(response.status)) return response;
        await response.body?.cancel();
      } catch (error) {
        if (!retry) throw error;
      } finally {
        // Only the wait for the answer is bounded: a long download may stream for as long as it takes.
        clearTimeout(timer);
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * 4 ** attempt));
    }
  }

  return {
    /** PUT; resolves once S3 answered 200 (the object is stored). `If-None-Match: *` asks for no overwrite. */
    async putObject(key: string, body: Buffer, options: { ifNoneMatch?: boolean } = {}): Promise<void> {
      const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
      if (options.ifNoneMatch) headers['if-none-match'] = '*';
      const response = await send('PUT', urlOf(key), headers, body);
      if (response.status !== 200) throw await failure(`PUT ${key}`, response);
      await response.body?.cancel();
    },

    /** GET of the whole object or of stored bytes [start, end]; null when there is no such key. */
    async getObject(
      key: string,
      range?: { start: number; end: number },
    ): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null> {
      const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end}` } : {};
      const response = await send('GET', urlOf(key), headers);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      const expected = range ? 206 : 200;
      if (response.status !== expected || !response.body) throw await failure(`GET ${key}`, response);
      // The object's whole size: from Content-Range for a ranged answer, else Content-Length.
      const total = range
        ? Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1])
        : Number(response.headers.get('content-length'));
      if (!Number.isFinite(total)) {
        await response.body.cancel();
        throw new S3RequestError(`GET ${key}`, response.status, 'NoObjectSize', 'no Content-Range / Content-Length');
      }
      return { body: response.body, size: total };
    },

    async headObject(key: string): Promise<{ size: number; lastModified: Date } | null> {
      const response = await send('HEAD', urlOf(key));
      if (response.status === 404) return null;
      if (response.status !== 200) throw await failure(`HEAD ${key}`, response);
      return {
        size: Number(response.headers.get('content-length')),
        lastModified: new Date(response.headers.get('last-modified') ?? 0),
      };
    },

    /** DELETE; a missing key is not an error (S3 answers 204 either way). */
    async deleteObject(key: string): Promise<void> {
      const response = await send('DELETE', urlOf(key));
      if (response.status !== 204 && response.status !== 200 && response.status !== 404) {
        throw await failure(`DELETE ${key}`, response);
      }
      await response.body?.cancel();
    },

    /** One page of ListObjectsV2. */
    async listObjects(options: {
      prefix: string;
      maxKeys?: number;
      continuationToken?: string;
    }): Promise<{ objects: S3Object[]; nextContinuationToken?: string }> {
      const query: Record<string, string> = { 'list-type': '2', prefix: options.prefix };
      if (options.maxKeys) query['max-keys'] = String(options.maxKeys);
      if (options.continuationToken) query['continuation-token'] = options.continuationToken;
      const response = await send('GET', urlOf(null, query));
      if (response.status !== 200) throw await failure('ListObjectsV2', response);
      const xml = await response.text();
      const objects = [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].map(([, entry]) => ({
        key: xmlTag(entry!, 'Key') ?? '',
        lastModified: new Date(xmlTag(entry!, 'LastModified') ?? 0),
        size: Number(xmlTag(entry!, 'Size') ?? 0),
      }));
      const truncated = xmlTag(xml, 'IsTruncated') === 'true';
      const token = xmlTag(xml, 'NextContinuationToken');
      if (truncated && !token) throw new S3RequestError('ListObjectsV2', 200, 'NoContinuationToken', 'truncated list');
      return { objects, nextContinuationToken: truncated ? token : undefined };
    },
  };
}

export type S3Client = ReturnType<typeof createS3Client>;
