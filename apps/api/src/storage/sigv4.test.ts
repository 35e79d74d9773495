import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EMPTY_PAYLOAD_HASH, signRequest } from './sigv4.js';

describe('the SigV4 signer', () => {
  it('signs the GET Object example of the S3 API Reference exactly as documented', () => {
    // "Authenticating Requests: Using the Authorization Header (AWS Signature Version 4)",
    // Examples, "Example: GET Object" (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html):
    // the first 10 bytes of test.txt in examplebucket, with AWS's example credentials.
    const signed = signRequest(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_PAYLOAD_HASH },
        payloadHash: EMPTY_PAYLOAD_HASH,
      },
      {
        credentials: {
          accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
          secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        },
        region: 'us-east-1',
        service: 's3',
        date: new Date('2013-05-24T00:00:00Z'),
      },
    );
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        'x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      [
        'AWS4-HMAC-SHA256',
        '20130524T000000Z',
        '20130524/us-east-1/s3/aws4_request',
        '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
      ].join('\n'),
    );
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(signed.headers['x-amz-date']).toBe('20130524T000000Z');
  });

  it('sorts query parameters as in the SigV4 test suite case get-vanilla-query-order-key-case', () => {
    const signed = signRequest(
      {
        method: 'GET',
        url: new URL('https://example.amazonaws.com/?Param2=value2&Param1=value1'),
        headers: {},
        payloadHash: EMPTY_PAYLOAD_HASH,
      },
      {
        credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
        region: 'us-east-1',
        service: 'service',
        date: new Date('2015-08-30T12:36:00Z'),
      },
    );
    expect(signed.canonicalRequest.split('\n')[2]).toBe('Param1=value1&Param2=value2');
    expect(signed.signature).toBe('b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500');
  });

  it('encodes keys and query values once, by the RFC 3986 rules, and signs the payload hash it is given', () => {
    const payload = Buffer.from('Welcome to Amazon S3.');
    const payloadHash = crypto.createHash('sha256').update(payload).digest('hex');
    const signed = signRequest(
      {
        method: 'PUT',
        url: new URL('https://examplebucket.s3.amazonaws.com/a%20b/c~d.wav?prefix=x%2Fy&list-type=2'),
        headers: { 'x-amz-content-sha256': payloadHash },
        payloadHash,
      },
      {
        credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'secret' },
        region: 'eu-west-1',
        service: 's3',
        date: new Date('2026-01-02T03:04:05.678Z'),
      },
    );
    const lines = signed.canonicalRequest.split('\n');
    expect(lines.slice(0, 3)).toEqual(['PUT', '/a%20b/c~d.wav', 'list-type=2&prefix=x%2Fy']);
    expect(lines.at(-1)).toBe(payloadHash);
    expect(signed.headers['x-amz-date']).toBe('20260102T030405Z');
    expect(signed.headers.authorization).toContain('/20260102/eu-west-1/s3/aws4_request,');
  });
});
