import fastifyMultipart from '@fastify/multipart';
import {
  auscultationRoutes,
  earlierAuscultationsLimit,
  mayChangeRecordings,
  recordingRoutes,
  remoteRecording,
} from '@auscura/contracts';
import type { RecordingPathName } from '@auscura/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.js';
import { createAuditRepository } from '../audit/repository.js';
import type { AuditActor } from '../audit/repository.js';
import type { Ingestor } from '../audio/ingest.js';
import type { RecordingProcessor } from '../audio/processor.js';
import { assertExamVisible } from '../lib/access.js';
import { HttpError, notFound, unauthorized } from '../lib/http-error.js';
import { principalOf, route } from '../lib/route.js';
import type { Principal } from '../lib/principal.js';
import type { BlobStore } from '../storage/blob-store.js';
import { toAuscultation } from './mapper.js';
import { createAuscultationRepository } from './repository.js';
import { parseRange } from './range.js';
import { readUpload, uploadSlots } from './upload.js';
import { storeUpload } from './store-upload.js';
import type { UploadedRecording } from './upload.js';

/** Which stored file serves each download path: the original upload, or a processed variant. */
const variantOfPath: Record<RecordingPathName, 'original' | 'algo1' | 'algo2' | 'silence' | 'sg'> = {
  raw: 'original',
  algo1: 'algo1',
  std: 'algo2',
  silenced: 'silence',
  sg: 'sg',
};

/** The five download endpoints share one shape (and one handler). */
type RecordingEndpoint = (typeof recordingRoutes)[RecordingPathName];

/** Only the exam's own organization changes its recordings; council members may only look. */
function assertSameOrganization(principal: Principal, organizationId: string) {
  assertExamVisible(principal, organizationId);
  if (!mayChangeRecordings(organizationId, principal.organizationId)) {
    throw new HttpError('UNAUTHORIZED', "Only the exam's organization may change its recordings.", 403);
  }
}

/** The longest remote recording stored, with the margin the in-person limit has (device clocks, headers). */
const remoteMaxDurationSec = Math.ceil(remoteRecording.maxRecordingSeconds * 1.1);

/**
 * The patient's remote recordings of live exams (issue 17), as these routes need them. The live exam
 * (realtime/remote-upload.ts) implements it; app.ts passes it in, so this folder imports no live exam.
 */
type RemoteUploads = {
  /** Before the body: the session must be the virtual exam's and the request open. Answers the audit actor. */
  authorize(
    request: FastifyRequest,
    examId: string,
    query: { virtualExamId: string; auscultationRequestId: string },
  ): Promise<{ actor: AuditActor; organizationId: string; patientProfileId: string }>;
  /** Once the JSON part is in: the uploaded point is the one requested. */
  checkPoint(virtualExamId: string, requestId: string, upload: UploadedRecording): Promise<void>;
  /** Links the stored row to its request; refused (and the caller deletes the row) when it closed meanwhile. */
  attach(virtualExamId: string, requestId: string, row: { id: string; point_label: string }): Promise<void>;
};

export async function auscultationRoutesPlugin(
  app: FastifyInstance,
  options: {
    db: Db;
    store: BlobStore;
    processor: RecordingProcessor;
    ingestor: Ingestor;
    /** The patient's remote recordings of live exams (issue 17). */
    remote: RemoteUploads;
  },
) {
  const { db, store, processor, ingestor } = options;
  const remote = options.remote;
  const audit = createAuditRepository(db);
  const auscultations = createAuscultationRepository(db);
  await app.register(fastifyMultipart);

  async function visibleAuscultation(id: string, request: FastifyRequest) {
    const principal = principalOf(request);
    const row = await auscultations.find(id);
    if (!row) throw notFound('auscultation');
    // Same rule as its exam.
    assertExamVisible(principal, row.organization_id);
    return { principal, row };
  }

  /** A retried upload: nothing new is stored; the caller gets the auscultation it already made. */
  async function answerRepeat(
    principal: AuditActor,
    patientProfileId: string,
    row: NonNullable<Awaited<ReturnType<typeof auscultations.findByClientKey>>>,
  ) {
    await audit.record(principal, {
      action: 'read',
      targetType: 'auscultation',
      targetId: row.id,
      patientProfileId,
      detail: { repeatedUpload: true },
    });
    return { status: 200 as const, body: toAuscultation(row) };
  }

  route(app, auscultationRoutes.get, async ({ params, request }) => {
    const { principal, row } = await visibleAuscultation(params.id, request);
    await audit.record(principal, {
      action: 'read',
      targetType: 'auscultation',
      targetId: params.id,
      patientProfileId: row.patient_profile_id,
    });
    return { status: 200, body: toAuscultation(row) };
  });

  route(app, auscultationRoutes.earlier, async ({ params, request }) => {
    const { principal, row } = await visibleAuscultation(params.id, request);
    const rows = await auscultations.earlier(row, earlierAuscultationsLimit);
    await audit.record(principal, {
      action: 'list',
      targetType: 'auscultation',
      targetId: params.id,
      patientProfileId: row.patient_profile_id,
      detail: { earlier: rows.length },
    });
    return { status: 200, body: { auscultations: rows.map(toAuscultation) } };
  });

  route(app, auscultationRoutes.create, async ({ params, query, request, reply }) => {
    const closeAndThrow = (error: unknown): never => {
      // Whatever of the body is left is not read: close the connection after answering.
      reply.header('connection', 'close');
      throw error;
    };
    // No provider signed in: the auth hook let a patient session through (the contract allows it),
    // for a remote recording of its live exam and nothing else.
    if (!request.principal) {
      const { virtualExamId, auscultationRequestId } = query;
      if (!virtualExamId || !auscultationRequestId) {
        return closeAndThrow(unauthorized('A provider’s bearer token is required.'));
      }
      return storeRemoteRecording(params.id, { virtualExamId, auscultationRequestId }, request, closeAndThrow);
    }
    const principal = principalOf(request);
    const exam = await auscultations.findExam(params.id);
    if (!exam) throw notFound('exam');
    assertSameOrganization(principal, exam.organization_id);
    // Bodies are read and stored a few at a time (uploadSlots): the others wait unread.
    const { row, repeated } = await uploadSlots.run(async () => {
      const upload = await readUpload(request).catch(closeAndThrow);
      return storeUpload({ db, store, ingestor }, exam, upload, principal);
    });
    if (repeated) return answerRepeat(principal, exam.patient_profile_id, row);
    processor.notify();
    return { status: 201, body: toAuscultation(row) };
  });

  /** The patient's remote recording of a live exam (issue 17), stored like any upload, then linked to its request. */
  async function storeRemoteRecording(
    examId: string,
    query: { virtualExamId: string; auscultationRequestId: string },
    request: FastifyRequest,
    closeAndThrow: (error: unknown) => never,
  ) {
    const { virtualExamId, auscultationRequestId: requestId } = query;
    const who = await remote.authorize(request, examId, query).catch(closeAndThrow);
    const exam = await auscultations.findExam(examId);
    if (!exam) return closeAndThrow(notFound('exam'));
    const { row, repeated } = await uploadSlots.run(async () => {
      const upload = await readUpload(request).catch(closeAndThrow);
      await remote.checkPoint(virtualExamId, requestId, upload);
      return storeUpload({ db, store, ingestor }, exam, upload, who.actor, undefined, remoteMaxDurationSec);
    });
    try {
      await remote.attach(virtualExamId, requestId, row);
    } catch (error) {
      // Cancelled while it was sent: nothing of it stays (a retry of a linked one attaches as a no-op).
      if (!repeated) await deleteStored(row, who.actor);
      throw error;
    }
    if (repeated) return answerRepeat(who.actor, exam.patient_profile_id, row);
    processor.notify();
    return { status: 201 as const, body: toAuscultation(row) };
  }

  /** Deletes an auscultation and its recordings (the row first: a job that is running finds nothing). */
  async function deleteStored(
    row: { id: string; recording_blob_key: string | null; variant_blob_keys: Partial<Record<string, string>> | null },
    actor: AuditActor,
    patientProfileId?: string,
  ) {
    await db.transaction().execute(async (tx) => {
      await createAuscultationRepository(tx).delete(row.id);
      await createAuditRepository(tx).record(actor, {
        action: 'delete',
        targetType: 'auscultation',
        targetId: row.id,
        patientProfileId: patientProfileId ?? null,
      });
    });
    // Blobs after the row: if this fails half-way, the orphan sweep finishes the job.
    const keys = [row.recording_blob_key, ...Object.values(row.variant_blob_keys ?? {})];
    for (const key of keys) if (key) await store.delete(key);
  }

  route(app, auscultationRoutes.delete, async ({ params, request }) => {
    const { principal, row } = await visibleAuscultation(params.id, request);
    assertSameOrganization(principal, row.organization_id);
    await deleteStored(row, principal, row.patient_profile_id);
    return { status: 204 };
  });

  route(app, auscultationRoutes.report, async ({ params, request }) => {
    const principal = principalOf(request);
    const row = await auscultations.findByReportId(params.beatawareId);
    if (!row) throw notFound('report');
    assertExamVisible(principal, row.organization_id);
    await audit.record(principal, {
      action: 'read',
      targetType: 'auscultation',
      targetId: row.id,
      patientProfileId: row.patient_profile_id,
      detail: { report: true },
    });
    const auscultation = toAuscultation(row);
    const report = {
      beatawareId: params.beatawareId,
      auscultationId: auscultation.id,
      examId: auscultation.examId,
      auscultationPoint: auscultation.auscultationPoint,
      dateCreated: auscultation.dateCreated,
      heartrateBpm: auscultation.heartrateBpm,
      ausculthingDiagnosis: auscultation.ausculthingDiagnosis,
      beatawareStatus: auscultation.beatawareStatus,
      beatawareReport: auscultation.beatawareReport,
    };
    return { status: 200, body: report };
  });

  for (const [name, endpoint] of Object.entries(recordingRoutes) as [RecordingPathName, RecordingEndpoint][]) {
    const variant = variantOfPath[name];
    route(app, endpoint, async ({ params: { id }, request, reply }) => {
      const { principal, row } = await visibleAuscultation(id, request);
      const key = variant === 'original' ? row.recording_blob_key : row.variant_blob_keys?.[variant];
      const head = key ? await store.head(key) : null;
      if (!key || !head) throw notFound(variant === 'original' ? 'recording' : 'recording variant');
      const range = parseRange(request.headers.range, head.size);
      reply.header('accept-ranges', 'bytes').header('cache-control', 'private, no-store');
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${head.size}`);
        return { status: 416 };
      }
      // Players fetch in ranges while seeking: one audit entry per reading from the start.
      if (!range || range.start === 0) {
        await audit.record(principal, {
          action: 'read',
          targetType: 'auscultation',
          targetId: id,
          patientProfileId: row.patient_profile_id,
          detail: { recording: name },
        });
      }
      const body = await store.get(key, range ?? undefined).catch(async (error: unknown) => {
        // Deleted between the lookup and the read (a concurrent DELETE): gone, not a server error.
        if (!(await store.head(key))) throw notFound('recording');
        throw error;
      });
      reply.type('audio/wav');
      if (range) {
        reply
          .header('content-range', `bytes ${range.start}-${range.end}/${head.size}`)
          .header('content-length', range.end - range.start + 1);
        return { status: 206, body };
      }
      reply.header('content-length', head.size);
      return { status: 200, body };
    });
  }
}
