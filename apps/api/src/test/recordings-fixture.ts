import fs from 'node:fs/promises';
import path from 'node:path';
import { auscultationUpload } from './multipart.js';
import { signIn } from './sign-in.js';
import { createTestApp } from './test-app.js';
import type { Backend, TestApp } from './test-app.js';

const fixtures = path.resolve(import.meta.dirname, '../../../../benchmarks/fixtures/audio');
export const heartFixture = path.join(fixtures, 'heart_normal_circor_50017_MV.wav');
export const heartPoint = { type: 'heart', label: 'h2' };

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Uploads, the stored files and the row count of the recording tests, on the app `app()` answers. */
export function recordingHelpers(app: () => TestApp) {
  async function upload(
    token: string,
    examId: string,
    recording: Buffer,
    part: object = { auscultationPoint: heartPoint },
  ) {
    return app().app.inject({
      method: 'POST',
      url: `/api/v1/exams/${examId}/auscultations`,
      ...(() => {
        const body = auscultationUpload(part, recording);
        return { payload: body.payload, headers: { ...body.headers, ...auth(token) } };
      })(),
    });
  }
  const storedFiles = async () => (await fs.readdir(path.join(app().env.dataDir, 'recordings')).catch(() => [])).sort();
  const rowCount = async () =>
    Number(
      (
        await app()
          .database.db.selectFrom('auscultations')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { upload, storedFiles, rowCount };
}

/** A test app with Ada (Riverside) and Ben (Lakeside) signed in, an exam of each, and a heart recording. */
export async function openRecordingsApp(backend: Backend) {
  const t = await createTestApp(backend);
  const examOf = async (organization: string) =>
    (
      await t.database.db
        .selectFrom('exams as e')
        .innerJoin('organizations as o', 'o.id', 'e.organization_id')
        .select('e.id')
        .where('o.name', '=', organization)
        .orderBy('e.date_created', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
  return {
    t,
    ada: (await signIn(t.app, 'ada@riverside.example', 'Auscura-demo-2026')).access_token,
    ben: (await signIn(t.app, 'ben@lakeside.example', 'Auscura-demo-2026')).access_token,
    riversideExam: await examOf('Riverside Cardiology'),
    lakesideExam: await examOf('Lakeside Pulmonology'),
    heart: await fs.readFile(heartFixture),
    recordingsFolder: path.join(t.env.dataDir, 'recordings'),
  };
}
