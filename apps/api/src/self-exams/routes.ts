import crypto from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import { formatAccessCode, normalizeAccessCode, paths, selfExamRoutes } from '@auscura/contracts';
import type { SelfExamSession } from '@auscura/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.js';
import { createAuditRepository } from '../audit/repository.js';
import type { Ingestor } from '../audio/ingest.js';
import type { RecordingProcessor } from '../audio/processor.js';
import { storeUpload } from '../auscultations/store-upload.js';
import { readUpload, uploadSlots } from '../auscultations/upload.js';
import { createExamRepository } from '../exams/repository.js';
import type { ClientThrottle } from '../identity/lockout.js';
import { HttpError, invalidData, notFound } from '../lib/http-error.js';
import { route } from '../lib/route.js';
import type { Mailer } from '../mail/mailer.js';
import { newAccessCode } from '../patient-profiles/self-exam-repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import { createSelfExamPatientRepository, isExpired } from './repository.js';
import { selfExamSessionTtlSeconds } from './session.js';
import type { SelfExamSessions } from './session.js';

/** Wrong code, unknown request: one answer, so a guesser learns nothing. */
const codeRefused = () => new HttpError('EXPIRED_ACCESS_CODE', 'This access code is not valid or has expired.');
const tooManyAttempts = () =>
  new HttpError('UNAUTHORIZED', 'Too many attempts with access codes. Please try again later.', 429);
export const requestExpired = () =>
  new HttpError(
    'INVALID_LIVE_EXAM',
    'This self-exam request has expired. Please contact your clinician for a new one.',
  );
export const requestComplete = () =>
  new HttpError('INVALID_LIVE_EXAM', 'This self exam has already been sent. No more recordings can be added.');

type RequestRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createSelfExamPatientRepository>['find']>>>;
const providerName = (row: RequestRow) =>
  row.hp_display_name ?? ([row.hp_first_name, row.hp_last_name].filter(Boolean).join(' ') || null);
const patientActor = (row: RequestRow) =>
  ({ kind: 'patient', ref: row.id, organizationId: row.organization_id }) as const;

export async function selfExamPatientRoutesPlugin(
  app: FastifyInstance,
  options: {
    db: Db;
    mailer: Mailer;
    publicUrl: string;
    store: BlobStore;
    ingestor: Ingestor;
    processor: RecordingProcessor;
    sessions: SelfExamSessions;
    /** Failed codes per client address and per request; new-code mails per request. */
    clientThrottle: ClientThrottle;
    requestThrottle: ClientThrottle;
    mailThrottle: ClientThrottle;
  },
) {
  const { db, sessions, clientThrottle, requestThrottle, mailThrottle } = options;
  const requests = createSelfExamPatientRepository(db);
  const audit = createAuditRepository(db);
  await app.register(fastifyMultipart);

  route(app, selfExamRoutes.auth, async ({ body, request }) => {
    const [client, byRequest] = await Promise.all([
      clientThrottle.check(request.ip),
      requestThrottle.check(body.selfExamRequestId),
    ]);
    if (client.locked || byRequest.locked) throw tooManyAttempts();
    const row = await requests.find(body.selfExamRequestId);
    const given = Buffer.from(normalizeAccessCode(body.accessCode));
    const matches =
      row !== undefined &&
      given.length === row.access_code.length &&
      crypto.timingSafeEqual(given, Buffer.from(row.access_code));
    if (!row || !matches) {
      await clientThrottle.recordFailure(request.ip);
      // Failures count against a request only when it exists: unknown ids must not fill the table.
      if (row) await requestThrottle.recordFailure(row.id);
      throw codeRefused();
    }
    // The right code: the patient may learn that the request is over (and sees a clear message).
    if (!row.finalized_at && isExpired(row.exam_date)) throw requestExpired();
    const auscultationRequests = await requests.auscultationRequests(row.id);
    await audit.record(patientActor(row), {
      action: 'read',
      targetType: 'self-exam',
      targetId: row.id,
      patientProfileId: row.patient_profile_id,
    });
    const session: SelfExamSession = {
      token: await sessions.issue(row.id),
      expiresIn: selfExamSessionTtlSeconds,
      selfExamRequestId: row.id,
      providerName: providerName(row),
      organizationName: row.organization_name,
      examDate: row.exam_date,
      instructions: row.instructions,
      auscultationRequests: auscultationRequests.map((ar) => ({
        id: ar.id,
        auscultationPoint: ar.point_label,
        auscultationId: ar.auscultation_id,
      })),
      finalized: row.finalized_at !== null,
    };
    return { status: 200, body: session };
  });

  // A new code by email, to the patient's address on file only. Always 204: whether the request
  // exists is not told; at most 5 mails per request and lock period.
  route(app, selfExamRoutes.accessCodes, async ({ params, request }) => {
    const [client, byRequest] = await Promise.all([clientThrottle.check(request.ip), mailThrottle.check(params.id)]);
    if (client.locked || byRequest.locked) throw tooManyAttempts();
    const row = await requests.find(params.id);
    if (!row) {
      await clientThrottle.recordFailure(request.ip);
      return { status: 204 };
    }
    await mailThrottle.recordFailure(row.id);
    if (row.finalized_at || isExpired(row.exam_date)) return { status: 204 };
    const code = newAccessCode();
    await requests.setAccessCode(row.id, code);
    const who = providerName(row);
    await options.mailer.send({
      to: row.patient_email_address,
      subject: 'Your new access code for your self exam on Auscura',
      text: [
        'Hello,',
        '',
        `Here is a new access code for the self exam ${who ? `${who} of ` : ''}${row.organization_name} asked you to record.`,
        '',
        `Open this link: ${row.link}`,
        `and enter the access code: ${formatAccessCode(code)}`,
        '',
        'The code you had before no longer works. If you did not ask for a new code, you can ignore this email.',
        '',
        '— Auscura',
      ].join('\n'),
    });
    await audit.record(patientActor(row), {
      action: 'share',
      targetType: 'self-exam',
      targetId: row.id,
      patientProfileId: row.patient_profile_id,
      detail: { newAccessCode: true },
    });
    return { status: 204 };
  });

  route(app, selfExamRoutes.finalized, async ({ params, request }) => {
    await sessions.check(request, params.id);
    const row = await requests.find(params.id);
    if (!row) throw notFound('self-exam request');
    return { status: 200, body: { finalized: row.finalized_at !== null } };
  });

  route(app, selfExamRoutes.uploadAuscultation, async ({ params, request, reply }) => {
    const closeAndThrow = (error: unknown): never => {
      // Whatever of the body is left is not read: close the connection after answering.
      reply.header('connection', 'close');
      throw error;
    };
    await sessions.check(request, params.id).catch(closeAndThrow);
    const row = await requests.find(params.id);
    const ar = row ? await requests.findAuscultationRequest(row.id, params.arId) : undefined;
    if (!row || !ar) return closeAndThrow(notFound('auscultation request'));
    // Read and stored inside one of the process's upload slots (bounded memory, like in person).
    const release = await uploadSlots.acquire();
    try {
      const upload = await readUpload(request).catch(closeAndThrow);
      if (upload.part.auscultationPoint.label !== ar.point_label) {
        throw invalidData('The recording is for another point than this request asks for.');
      }
      const exam = row.exam_id ? { id: row.exam_id } : undefined;
      // A retry of an upload that was stored: answer it even when it completed the request.
      if (ar.auscultation_id && exam && upload.part.clientRecordingId) {
        const repeated = await db
          .selectFrom('auscultations')
          .select('id')
          .where('id', '=', ar.auscultation_id)
          .where('client_recording_id', '=', upload.part.clientRecordingId)
          .executeTakeFirst();
        if (repeated) return { status: 200, body: { id: repeated.id, finalized: row.finalized_at !== null } };
      }
      if (row.finalized_at) throw requestComplete();
      if (isExpired(row.exam_date)) throw requestExpired();
      if (ar.auscultation_id) throw invalidData('This point is already recorded.');
      const examId = row.exam_id ?? (await ensureExam(row));
      const target = { id: examId, organization_id: row.organization_id, patient_profile_id: row.patient_profile_id };
      let finalized = false;
      const stored = await storeUpload(
        { db, store: options.store, ingestor: options.ingestor },
        target,
        upload,
        patientActor(row),
        async (tx, inserted) => {
          const repository = createSelfExamPatientRepository(tx);
          if (!(await repository.fulfil(ar.id, inserted.id))) throw invalidData('This point is already recorded.');
          finalized = await repository.finalizeIfComplete(row.id);
        },
      );
      if (stored.repeated) return { status: 200, body: { id: stored.row.id, finalized: row.finalized_at !== null } };
      options.processor.notify();
      if (finalized) await tellProvider(row, examId);
      return { status: 201, body: { id: stored.row.id, finalized } };
    } finally {
      release();
    }
  });

  /**
   * The clinician hears of the complete self exam by email (through the mail adapter): the exam's
   * link only, no patient data in the mail. A mail failure does not undo the patient's upload.
   */
  async function tellProvider(row: RequestRow, examId: string) {
    await options.mailer
      .send({
        to: row.hp_email_address,
        subject: 'A self exam has arrived on Auscura',
        text: [
          'Hello,',
          '',
          'A patient has sent every recording of a self exam you requested.',
          '',
          `Open the exam: ${options.publicUrl}${paths.exam.getHref(examId)}`,
          '',
          '— Auscura',
        ].join('\n'),
      })
      .catch(() => app.log.warn('self-exam arrival mail failed'));
  }

  /** The request's exam, 'Self - Provider Initiated', made with the first upload. */
  async function ensureExam(row: RequestRow): Promise<string> {
    const lostRace = new Error('another upload linked the exam first');
    try {
      return await db.transaction().execute(async (tx) => {
        const examId = await createExamRepository(tx).create({
          organization_id: row.organization_id,
          patient_profile_id: row.patient_profile_id,
          healthcare_provider_id: row.healthcare_provider_id,
          type: 'self-provider-initiated',
        });
        // Two first uploads at once: the second finds exam_id set and rolls its exam back.
        if (!(await createSelfExamPatientRepository(tx).linkExam(row.id, examId))) throw lostRace;
        await createAuditRepository(tx).record(patientActor(row), {
          action: 'create',
          targetType: 'exam',
          targetId: examId,
          patientProfileId: row.patient_profile_id,
          detail: { type: 'self-provider-initiated', selfExamRequestId: row.id },
        });
        return examId;
      });
    } catch (error) {
      if (error !== lostRace) throw error;
      return (await requests.find(row.id))!.exam_id!;
    }
  }
}
