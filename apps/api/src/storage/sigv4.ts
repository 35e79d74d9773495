import crypto from 'node:crypto';

/*
 * AWS Signature Version 4 for S3 requests signed in the Authorization header, following
 * "Authenticating Requests: Using the Authorization Header (AWS Signature Version 4)" in the
 * Amazon S3 API Reference (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html)
 * and "Create a signed AWS API request" in the IAM User Guide
 * (https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html):
 *
 *   canonical request = method \n canonical URI \n canonical query \n canonical headers \n
 *                       signed headers \n hex(SHA-256(payload))
 *   string to sign    = "AWS4-HMAC-SHA256" \n yyyymmddThhmmssZ \n date/region/service/aws4_request \n
 *                       hex(SHA-256(canonical request))
 *   signing key       = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), service), "aws4_request")
 *   signature         = hex(HMAC(signing key, string to sign))
 *
 * S3 differs from the other services in one point: the path is URI-encoded once, not twice.
 */
export type SigV4Credentials = { accessKeyId: string; secretAccessKey: string };

export type SigV4Request = {
  method: string;
  url: URL;
  /** The headers to sign besides host and x-amz-date (which the signer adds), e.g. range, x-amz-content-sha256. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body, or 'UNSIGNED-PAYLOAD'. */
  payloadHash: string;
};

export type SigV4Options = { credentials: SigV4Credentials; region: string; service: string; date: Date };

export type SignedRequest = {
  /** Headers to send: the given ones, x-amz-date and authorization (host comes from the URL). */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
};

export const EMPTY_PAYLOAD_HASH = crypto.createHash('sha256').digest('hex');

/** URI encoding of the SigV4 rules: every byte but A–Z a–z 0–9 - . _ ~ as %XY (upper-case hex). */
export function uriEncode(value: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(char) || (keepSlash && char === '/')) out += char;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** 20130524T000000Z */
export const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: string) => crypto.createHash('sha256').update(data, 'utf8').digest('hex');

export function signRequest(request: SigV4Request, options: SigV4Options): SignedRequest {
  const timestamp = amzDate(options.date);
  const day = timestamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
  headers['x-amz-date'] = timestamp;
  const toSign: Record<string, string> = { ...headers, host: request.url.host };

  // The URL's path is already percent-encoded by whoever built it: decode, then encode once by the rules.
  const canonicalUri = uriEncode(decodeURIComponent(request.url.pathname || '/'), true);
  const canonicalQuery = [...request.url.searchParams.entries()]
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? compare(x, y) : compare(a, b)))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const names = Object.keys(toSign).sort(compare);
  const canonicalHeaders = names.map((name) => `${name}:${toSign[name]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalUri,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    request.payloadHash,
  ].join('\n');

  const scope = `${day}/${options.region}/${options.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', timestamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${options.credentials.secretAccessKey}`, day), options.region), options.service),
    'aws4_request',
  );
  const signature = crypto.createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  headers.authorization =
    `AWS4-HMAC-SHA256 Credential=${options.credentials.accessKeyId}/${scope},` +
    `SignedHeaders=${signedHeaders},Signature=${signature}`;
  return { headers, canonicalRequest, stringToSign, signature };
}

/** Byte-order comparison (the rules sort by code point, not by locale). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
