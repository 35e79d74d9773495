import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '@auscura/audio-engine';
import { apiBasePath } from '@auscura/contracts';
import { HttpError } from '../lib/http-error.js';
import { multipartBody } from '../test/multipart.js';
import { signIn } from '../test/sign-in.js';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { assertPlausibleWavHeader } from './wav-header.js';

const tone = (sampleRate = 4000) => {
  const samples = new Float32Array(sampleRate);
  for (let i = 0; i < samples.length; i++) samples[i] = 0.3 * Math.sin((2 * Math.PI * 60 * i) / sampleRate);
  return Buffer.from(encodeWav([samples], sampleRate));
};
/** A copy of a WAV with one header field changed (offsets of the canonical 44-byte header). */
const withField = (wav: Buffer, offset: number, bytes: 2 | 4, value: number) => {
  const copy = Buffer.from(wav);
  if (bytes === 2) copy.writeUInt16LE(value, offset);
  else copy.writeUInt32LE(value, offset);
  return copy;
};
const refusal = (wav: Buffer) => {
  try {
    assertPlausibleWavHeader(wav);
    return null;
  } catch (error) {
    return error instanceof HttpError ? error.body.message : String(error);
  }
};

describe('an upload’s WAV header is held to what a recording can be (issue 36, item 7)', () => {
  it('accepts a plain recording, and a file shorter than its header claims', () => {
    expect(refusal(tone())).toBeNull();
    expect(refusal(tone().subarray(0, 2000))).toBeNull();
    expect(refusal(Buffer.from('not a wav at all'))).toBeNull();
  });

  it('refuses a 100 Hz sample rate, a block align of 0 or a wrong one, and a RIFF size of 0', () => {
    expect(refusal(withField(tone(), 24, 4, 100))).toMatch(/sample rate 100 Hz/);
    expect(refusal(withField(tone(), 32, 2, 0))).toMatch(/block align 0/);
    expect(refusal(withField(tone(), 32, 2, 4))).toMatch(/block align 4/);
    expect(refusal(withField(tone(), 4, 4, 0))).toMatch(/RIFF header declares no content/);
  });
});

describe('an upload with two files or two JSON parts is refused', () => {
  let t: TestApp;
  let token: string;
  let examId: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    token = (await signIn(t.app, 'ada@riverside.example', 'Auscura-demo-2026')).access_token;
    const ada = await t.database.db
      .selectFrom('healthcare_providers')
      .select('organization_id')
      .where('email_address', '=', 'ada@riverside.example')
      .executeTakeFirstOrThrow();
    examId = (
      await t.database.db
        .selectFrom('exams')
        .select('id')
        .where('organization_id', '=', ada.organization_id)
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => t?.close());

  const json = { name: 'auscultation', data: JSON.stringify({ auscultationPoint: { type: 'heart', label: 'h1' } }) };
  const file = (data: Buffer) => ({ name: 'recordingData', data, filename: 'r.wav', contentType: 'audio/wav' });
  const upload = (parts: Parameters<typeof multipartBody>[0]) => {
    const body = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: `${apiBasePath}/exams/${examId}/auscultations`,
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      payload: body.payload,
    });
  };

  it('answers INVALID_DATA for two files, two JSON parts and an impossible header; one of each is stored', async () => {
    for (const parts of [
      [json, file(tone()), file(tone(8000))],
      [json, json, file(tone())],
      [json, file(withField(tone(), 24, 4, 100))],
    ]) {
      const response = await upload(parts);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ name: 'INVALID_DATA' });
    }
    expect((await upload([json, file(tone())])).statusCode).toBe(201);
  });
});
