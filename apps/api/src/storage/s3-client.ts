import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client as SdkClient, S3ClientConfig } from '@aws-sdk/client-s3';

/** Where and as whom to reach an S3-compatible bucket. */
export type S3Settings = {
  bucket: string;
  region: string;
  /** A custom endpoint (MinIO, Ceph, R2, s3rver …) as an origin; requests to it use path-style URLs. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
};

type S3Object = { key: string; lastModified: Date; size: number };

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

/** What the SDK throws for an S3 error answer (S3ServiceException), and for a failure before any answer. */
type SdkError = Error & { $metadata?: { httpStatusCode?: number }; Code?: string };

/** The SDK's error as ours: the operation, status, S3's code and message, and the configuration hint. */
function failure(operation: string, error: unknown): Error {
  const sdkError = error as SdkError;
  const status = sdkError.$metadata?.httpStatusCode;
  if (!status) return error instanceof Error ? error : new Error(String(error));
  const code = sdkError.Code ?? sdkError.name;
  // The SDK puts S3's <Message> in `message`, or its code there when the answer had no body (HEAD).
  const detail =
    sdkError.message && sdkError.message !== code && sdkError.message !== 'UnknownError' ? sdkError.message : '';
  return new S3RequestError(operation, status, code, detail);
}

const statusOf = (error: unknown) => (error as SdkError).$metadata?.httpStatusCode;

/** How long a connection may take to open, and a request may sit without a byte moving. */
const CONNECTION_TIMEOUT_MS = 10_000;
const IDLE_TIMEOUT_MS = 60_000;

// Loaded on first use: a deployment without S3 never loads the SDK (it stays out of the server's bundle).
let sdkModule: Promise<typeof S3Sdk> | null = null;
const sdk = () => (sdkModule ??= import('@aws-sdk/client-s3'));

/**
 * The calls the recording store needs, through AWS's maintained SDK (@aws-sdk/client-s3: SigV4
 * signing, XML, retries with backoff on throttling and 5xx). Keys are passed as they are stored
 * (any prefix already applied).
 */
export function createS3Client(settings: S3Settings) {
  const config = (maxAttempts: number): S3ClientConfig => ({
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Custom endpoints get path-style URLs (most S3-compatible servers have no wildcard DNS); AWS
    // itself the virtual-hosted style it recommends.
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    maxAttempts,
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: IDLE_TIMEOUT_MS },
    // Checksums only where S3 requires them: the SDK's default (since 3.729) adds CRC32 headers
    // and aws-chunked bodies that several S3-compatible servers refuse. Every recording carries
    // its own SHA-256 and GCM tags, which the store checks on every read.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  let clients: Promise<{ reads: SdkClient; puts: SdkClient }> | null = null;
  const open = () =>
    (clients ??= sdk().then(({ S3Client }) => ({
      reads: new S3Client(config(3)),
      // PUT is never retried: a retry after a lost 200 would meet its own object and fail as "exists".
      puts: new S3Client(config(1)),
    })));

  return {
    /** PUT; resolves once S3 answered 200 (the object is stored). `If-None-Match: *` asks for no overwrite. */
    async putObject(key: string, body: Buffer, options: { ifNoneMatch?: boolean } = {}): Promise<void> {
      const [{ PutObjectCommand }, { puts }] = await Promise.all([sdk(), open()]);
      try {
        await puts.send(
          new PutObjectCommand({
            Bucket: settings.bucket,
            Key: key,
            Body: body,
            ContentType: 'application/octet-stream',
            ...(options.ifNoneMatch ? { IfNoneMatch: '*' } : {}),
          }),
        );
      } catch (error) {
        throw failure(`PUT ${key}`, error);
      }
    },

    /** GET of the whole object or of stored bytes [start, end]; null when there is no such key. */
    async getObject(
      key: string,
      range?: { start: number; end: number },
    ): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null> {
      const [{ GetObjectCommand }, { reads }] = await Promise.all([sdk(), open()]);
      let response;
      try {
        response = await reads.send(
          new GetObjectCommand({
            Bucket: settings.bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw failure(`GET ${key}`, error);
      }
      if (!response.Body) throw new S3RequestError(`GET ${key}`, 200, 'NoBody', 'an answer without a body');
      const body = response.Body.transformToWebStream() as ReadableStream<Uint8Array>;
      // The object's whole size: from Content-Range for a ranged answer, else Content-Length.
      const total = range ? Number(/\/(\d+)$/.exec(response.ContentRange ?? '')?.[1]) : Number(response.ContentLength);
      if (!Number.isFinite(total)) {
        await body.cancel();
        throw new S3RequestError(`GET ${key}`, 200, 'NoObjectSize', 'no Content-Range / Content-Length');
      }
      return { body, size: total };
    },

    async headObject(key: string): Promise<{ size: number; lastModified: Date } | null> {
      const [{ HeadObjectCommand }, { reads }] = await Promise.all([sdk(), open()]);
      try {
        const response = await reads.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: key }));
        return { size: Number(response.ContentLength), lastModified: response.LastModified ?? new Date(0) };
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw failure(`HEAD ${key}`, error);
      }
    },

    /** DELETE; a missing key is not an error (S3 answers 204 either way). */
    async deleteObject(key: string): Promise<void> {
      const [{ DeleteObjectCommand }, { reads }] = await Promise.all([sdk(), open()]);
      try {
        await reads.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
      } catch (error) {
        if (statusOf(error) === 404) return;
        throw failure(`DELETE ${key}`, error);
      }
    },

    /** One page of ListObjectsV2. */
    async listObjects(options: {
      prefix: string;
      maxKeys?: number;
      continuationToken?: string;
    }): Promise<{ objects: S3Object[]; nextContinuationToken?: string }> {
      const [{ ListObjectsV2Command }, { reads }] = await Promise.all([sdk(), open()]);
      let page;
      try {
        page = await reads.send(
          new ListObjectsV2Command({
            Bucket: settings.bucket,
            Prefix: options.prefix,
            MaxKeys: options.maxKeys,
            ContinuationToken: options.continuationToken,
          }),
        );
      } catch (error) {
        throw failure('ListObjectsV2', error);
      }
      const objects = (page.Contents ?? []).map((entry) => ({
        key: entry.Key ?? '',
        lastModified: entry.LastModified ?? new Date(0),
        size: Number(entry.Size ?? 0),
      }));
      if (page.IsTruncated && !page.NextContinuationToken) {
        throw new S3RequestError('ListObjectsV2', 200, 'NoContinuationToken', 'truncated list');
      }
      return { objects, nextContinuationToken: page.IsTruncated ? page.NextContinuationToken : undefined };
    },

    /** Closes the SDK's connections (tests, a store that is replaced). */
    async close(): Promise<void> {
      if (!clients) return;
      const { reads, puts } = await clients;
      reads.destroy();
      puts.destroy();
    },
  };
}
