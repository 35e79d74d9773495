import { apiBasePath } from '@auscura/contracts';
import type { TestApp } from './test-app.js';
import { signIn } from './sign-in.js';

/** Ada (Riverside) signed in, with records of her organization: an exam with an auscultation, its patient, a self-exam request. */
export async function adaWithRecords(t: TestApp) {
  const db = t.database.db;
  const token = (await signIn(t.app, 'ada@riverside.example', 'Auscura-demo-2026')).access_token;
  const ada = await db
    .selectFrom('healthcare_providers')
    .select(['id', 'organization_id'])
    .where('email_address', '=', 'ada@riverside.example')
    .executeTakeFirstOrThrow();
  const exam = await db
    .selectFrom('exams as e')
    .innerJoin('auscultations as a', 'a.exam_id', 'e.id')
    .select(['e.id as examId', 'e.patient_profile_id as patientProfileId', 'a.id as auscultationId'])
    .where('e.organization_id', '=', ada.organization_id)
    .executeTakeFirstOrThrow();
  const selfExam = await t.app.inject({
    method: 'POST',
    url: `${apiBasePath}/patient-profiles/${exam.patientProfileId}/self-exam-requests`,
    headers: { authorization: `Bearer ${token}` },
    payload: {
      healthcareProviderId: ada.id,
      examDate: new Date().toISOString().slice(0, 10),
      auscultationPoints: ['h1'],
    },
  });
  if (selfExam.statusCode !== 201) throw new Error(`self-exam request answered ${selfExam.statusCode}`);
  return {
    token,
    providerId: ada.id,
    organizationId: ada.organization_id,
    ...exam,
    selfExamRequestId: (selfExam.json() as { id: string }).id,
  };
}
