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
