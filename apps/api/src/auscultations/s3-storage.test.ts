import fs from 'node:fs/promises';
import path from 'node:path';
import { decodeWav, VARIANT_NAMES } from '@auscura/audio-engine/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { originalKey, variantKey } from '../audio/messages.js';
import { createS3Client } from '../storage/s3-client.js';
import { startS3Server } from '../test/s3-server.js';
import type { TestS3Server } from '../test/s3-server.js';
import { backends, createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { auscultationUpload } from '../test/multipart.js';
import { signIn } from '../test/sign-in.js';

const heartFixture = path.resolve(
  import.meta.dirname,
  '../../../../benchmarks/fixtures/audio/heart_normal_circor_50017_MV.wav',
);

describe.each(backends)('recordings kept in an S3-compatible bucket on %s', (backend) => {
  let s3: TestS3Server;
  let t: TestApp;
  let ada: string;
  let heart: Buffer;
  const prefix = 'auscura/recordings/';
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const objectsInBucket = async () => {
    const client = createS3Client({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: s3.env.RECORDINGS_S3_ACCESS_KEY_ID!,
      secretAccessKey: s3.env.RECORDINGS_S3_SECRET_ACCESS_KEY!,
    });
    return (await client.listObjects({ prefix: '' })).objects.map((object) => object.key).sort();
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(backend, { ...s3.env, RECORDINGS_S3_PREFIX: prefix });
    ada = (await signIn(t.app, 'ada@riverside.example', 'Auscura-demo-2026')).access_token;
    heart = await fs.readFile(heartFixture);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('uploads, processes in the worker and serves a variant, every blob in the bucket and none on disk', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(config.json().adapters.recordings).toBe('s3');

    const exam = await t.database.db
      .selectFrom('exams as e')
      .innerJoin('organizations as o', 'o.id', 'e.organization_id')
      .select('e.id')
      .where('o.name', '=', 'Riverside Cardiology')
      .executeTakeFirstOrThrow();
    const body = auscultationUpload({ auscultationPoint: { type: 'heart', label: 'h2' } }, heart);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/exams/${exam.id}/auscultations`,
      payload: body.payload,
      headers: { ...body.headers, ...auth(ada) },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    await t.app.recordings.processor.whenIdle();
    const done = (await t.app.inject({ method: 'GET', url: `/api/v1/auscultations/${id}`, headers: auth(ada) })).json();
    expect(done.beatawareStatus).toBe('ready');
    expect(done.heartrateBpm).toBeGreaterThan(40);

    // The original and the four variants the worker thread wrote are objects under the prefix.
    const objects = (await objectsInBucket()).filter((key) => key.includes(id));
    expect(objects).toEqual(
      [originalKey(id), ...VARIANT_NAMES.map((name) => variantKey(id, name))].map((key) => `${prefix}${key}`).sort(),
    );
    await expect(fs.readdir(path.join(t.env.dataDir, 'recordings'))).rejects.toThrow(/ENOENT/);

    const raw = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auscultations/${id}/recording/data`,
      headers: auth(ada),
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.rawPayload.equals(heart)).toBe(true);
    const variant = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auscultations/${id}/recording/normalized-data-silenced`,
      headers: auth(ada),
    });
    expect(variant.statusCode).toBe(200);
    expect(Number(variant.headers['content-length'])).toBe(variant.rawPayload.length);
    expect(decodeWav(variant.rawPayload).channels[0]!.length).toBe(decodeWav(heart).channels[0]!.length);
    const part = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auscultations/${id}/recording/normalized-data-silenced`,
      headers: { ...auth(ada), range: 'bytes=65530-65545' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(variant.rawPayload.subarray(65530, 65546))).toBe(true);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/auscultations/${id}`, headers: auth(ada) });
    expect(removed.statusCode).toBe(204);
    expect((await objectsInBucket()).filter((key) => key.includes(id))).toEqual([]);
  });

  it('sweeps orphan objects from the bucket at start, keeping referenced ones', async () => {
    const orphan = '00000000-0000-4000-8000-000000000000.wav';
    await t.app.recordings.store.put(orphan, heart.subarray(0, 1000));
    const before = await objectsInBucket();
    expect(before).toContain(`${prefix}${orphan}`);
    const restarted = await buildApp(
      { env: { ...t.env, RECORDINGS_ORPHAN_GRACE_SECONDS: 0 }, database: t.database },
      { logger: false },
    );
    await restarted.ready();
    await restarted.close();
    expect(await objectsInBucket()).toEqual(before.filter((key) => key !== `${prefix}${orphan}`));
  });

  it('refuses to start with credentials the S3 server does not accept', async () => {
    await expect(
      buildApp(
        {
          env: { ...t.env, recordingsS3: { ...t.env.recordingsS3!, accessKeyId: 'NOT-A-KEY' } },
          database: t.database,
        },
        { logger: false },
      ),
    ).rejects.toThrow(/InvalidAccessKeyId/);
  });
});
