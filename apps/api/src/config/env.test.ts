import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';

const s3 = {
  RECORDINGS_S3_BUCKET: 'auscura-recordings',
  RECORDINGS_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  RECORDINGS_S3_SECRET_ACCESS_KEY: 'secret',
};

describe('the recordings store configuration', () => {
  it('keeps recordings in DATA_DIR when no S3 bucket is set', () => {
    expect(loadEnv({}).recordingsS3).toBeNull();
    expect(loadEnv({ RECORDINGS_S3_BUCKET: '' }).recordingsS3).toBeNull();
  });

  it('selects AWS S3 in us-east-1 by default, and a custom endpoint with a normalized prefix', () => {
    expect(loadEnv(s3).recordingsS3).toEqual({
      bucket: 'auscura-recordings',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      prefix: '',
    });
    expect(
      loadEnv({
        ...s3,
        RECORDINGS_S3_ENDPOINT: 'http://127.0.0.1:9000/',
        RECORDINGS_S3_REGION: 'eu-west-3',
        RECORDINGS_S3_PREFIX: 'auscura/recordings',
      }).recordingsS3,
    ).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'eu-west-3', prefix: 'auscura/recordings/' });
  });

  it.each([
    [{ RECORDINGS_S3_BUCKET: 'auscura' }, 'RECORDINGS_S3_ACCESS_KEY_ID: is required when RECORDINGS_S3_BUCKET is set'],
    [{ ...s3, RECORDINGS_S3_SECRET_ACCESS_KEY: '' }, 'RECORDINGS_S3_SECRET_ACCESS_KEY: is required'],
    [
      { RECORDINGS_S3_ENDPOINT: 'http://minio:9000' },
      'RECORDINGS_S3_BUCKET: is required when RECORDINGS_S3_ENDPOINT is set',
    ],
    [{ ...s3, RECORDINGS_S3_BUCKET: 'Not_A_Bucket' }, 'RECORDINGS_S3_BUCKET: must be an S3 bucket name'],
    [{ ...s3, RECORDINGS_S3_ENDPOINT: 'minio:9000' }, 'RECORDINGS_S3_ENDPOINT'],
    [
      { ...s3, RECORDINGS_S3_ENDPOINT: 'https://minio.example/bucket' },
      'RECORDINGS_S3_ENDPOINT: must be an http(s) origin',
    ],
    [{ ...s3, RECORDINGS_S3_PREFIX: '/absolute/../path' }, 'RECORDINGS_S3_PREFIX: must be a key prefix'],
    [{ ...s3, RECORDINGS_S3_REGION: 'EU West' }, 'RECORDINGS_S3_REGION: must be a region name'],
  ])('refuses %j with a clear message', (source, message) => {
    expect(() => loadEnv(source)).toThrow(message);
  });
});

describe('the video room configuration', () => {
  it('needs TURN_SECRET for turn: URLs, not for STUN alone, and all three TWILIO_ variables or none', () => {
    expect(loadEnv({ TURN_URLS: 'stun:stun.example.org:3478' }).TURN_URLS).toEqual(['stun:stun.example.org:3478']);
    expect(() => loadEnv({ TURN_URLS: 'turn:turn.example.org:3478' })).toThrow(/TURN_SECRET: is required/);
    const env = loadEnv({ TURN_URLS: 'turn:a.example:3478?transport=udp, turns:a.example:5349', TURN_SECRET: 's' });
    expect(env.TURN_URLS).toEqual(['turn:a.example:3478?transport=udp', 'turns:a.example:5349']);
    expect(env.TURN_CREDENTIAL_TTL_SECONDS).toBe(14_400);
    expect(() => loadEnv({ TURN_URLS: 'http://turn.example.org' })).toThrow(/TURN_URLS/);
    expect(loadEnv({}).twilio).toBeNull();
    expect(() => loadEnv({ TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}` })).toThrow(/TWILIO_API_KEY_SID: is required/);
    expect(() => loadEnv({ TWILIO_ACCOUNT_SID: 'nope', TWILIO_API_KEY_SID: 'x', TWILIO_API_KEY_SECRET: 'y' })).toThrow(
      /account SID/,
    );
  });
});

describe('the compatibility test configuration', () => {
  it('never ends the public test by default, and ends it at an ISO instant', () => {
    expect(loadEnv({}).COMPATIBILITY_TEST_EXPIRES_AT).toBeUndefined();
    expect(loadEnv({ COMPATIBILITY_TEST_EXPIRES_AT: '2030-01-01T00:00:00Z' }).COMPATIBILITY_TEST_EXPIRES_AT).toBe(
      '2030-01-01T00:00:00Z',
    );
    expect(() => loadEnv({ COMPATIBILITY_TEST_EXPIRES_AT: 'next year' })).toThrow(/COMPATIBILITY_TEST_EXPIRES_AT/);
  });

  it('reads the preflight peer’s UDP port range, and refuses one that is not', () => {
    expect(loadEnv({}).COMPATIBILITY_TEST_UDP_PORTS).toBeUndefined();
    expect(loadEnv({ COMPATIBILITY_TEST_UDP_PORTS: '40000-40099' }).COMPATIBILITY_TEST_UDP_PORTS).toEqual([
      40000, 40099,
    ]);
    for (const value of ['40000', '40099-40000', '80-90', '40000-70000'])
      expect(() => loadEnv({ COMPATIBILITY_TEST_UDP_PORTS: value }), value).toThrow(/COMPATIBILITY_TEST_UDP_PORTS/);
  });
});
