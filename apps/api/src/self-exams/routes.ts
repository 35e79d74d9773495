import crypto from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import { formatAccessCode, normalizeAccessCode, selfExamRoutes } from '@auscura/contracts';
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
import { mailArrival, patientActor, providerName, selfExamSessionBody } from './patient-view.js';
import type { RequestRow } from './patient-view.js';
import { createSelfExamPatientRepository, isExpired, linkClosed } from './repository.js';
import type { SelfExamSessions } from './session.js';

/** Wrong code, unknown request: one answer, so a guesser learns nothing. */
export const codeRefused = () => new HttpError('EXPIRED_ACCESS_CODE', 'This access code is not valid or has expired.');
export const tooManyAttempts = () =>
  new HttpError('UNAUTHORIZED', 'Too many attempts with access codes. Please try again later.', 429);
const requestExpired = () =>
  new HttpError(
    'INVALID_LIVE_EXAM',
    'This self-exam request has expired. Please contact your clinician for a new one.',
  );
const requestComplete = () =>
  new HttpError('INVALID_LIVE_EXAM', 'This self exam has already been sent. No more recordings can be added.');
export const linkTurnedOff = () =>
  new HttpError(
    'INVALID_LIVE_EXAM',
    'Your clinician has turned this self-exam link off, or it has run out. Please contact your clinician for a new one.',
  );

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
    // A standing link's use has no code of its own (its link's code opens it): refused like an unknown id.
    const matches =
      row !== undefined &&
      row.access_code !== null &&
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
    await audit.record(patientActor(row), {
      action: 'read',
      targetType: 'self-exam',
      targetId: row.id,
      patientProfileId: row.patient_profile_id,
    });
    return { status: 200, body: await selfExamSessionBody(db, sessions, row) };
  });

  // A new code by email, to the patient's address on file only. Always 204: whether the request
  // exists is not told; at most 5 mails per request and lock period.
  route(app, selfExamRoutes.accessCodes, async ({ params, request }) => {
    const [client, byRequest] = await Promise.all([clientThrottle.check(request.ip), mailThrottle.check(params.id)]);
    if (client.locked || byRequest.locked) throw tooManyAttempts();
    const row = await requests.find(params.id);
    // A standing link's use: its link's code opens it, and only the clinician renews that code.
    if (!row || row.self_exam_link_id) {
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
      if (linkClosed(row)) throw linkTurnedOff();
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
      if (finalized) {
        await mailArrival(
          { mailer: options.mailer, publicUrl: options.publicUrl, log: app.log },
          { to: row.hp_email_address, examId, patientInitiated: row.self_exam_link_id !== null, complete: true },
        );
      }
      return { status: 201, body: { id: stored.row.id, finalized } };
    } finally {
      release();
    }
  });

  /**
   * The request's exam, made with the first upload: 'Self - Provider Initiated' for a clinician's
   * request, 'Self - Patient Initiated' for a use of the patient's standing link.
   */
  async function ensureExam(row: RequestRow): Promise<string> {
    const lostRace = new Error('another upload linked the exam first');
    const type = row.self_exam_link_id ? 'self-patient-initiated' : 'self-provider-initiated';
    try {
      return await db.transaction().execute(async (tx) => {
        const examId = await createExamRepository(tx).create({
          organization_id: row.organization_id,
          patient_profile_id: row.patient_profile_id,
          healthcare_provider_id: row.healthcare_provider_id,
          type,
        });
        // Two first uploads at once: the second finds exam_id set and rolls its exam back.
        if (!(await createSelfExamPatientRepository(tx).linkExam(row.id, examId))) throw lostRace;
        await createAuditRepository(tx).record(patientActor(row), {
          action: 'create',
          targetType: 'exam',
          targetId: examId,
          patientProfileId: row.patient_profile_id,
          detail: { type, selfExamRequestId: row.id },
        });
        return examId;
      });
    } catch (error) {
      if (error !== lostRace) throw error;
      return (await requests.find(row.id))!.exam_id!;
    }
  }
}
