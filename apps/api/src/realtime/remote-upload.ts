import { remoteRecording } from '@auscura/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connect.js';
import type { AuscultationsTable } from '../db/schema.js';
import type { AuditActor } from '../audit/repository.js';
import { HttpError, notFound } from '../lib/http-error.js';
import { attachRemoteRecording, isOpenRecordingRequest, WriteRefused } from './rules.js';
import type { StoredState } from './rules.js';
import type { PatientSessions } from '../identity/patient-session.js';
import { createVirtualExamRepository } from '../virtual-exams/repository.js';
import { examOver, isCodeLive } from '../virtual-exams/service.js';
import type { UploadedRecording } from '../auscultations/upload.js';

/** The live exams' shared state as the API holds it (the WebSocket adapter's store and bus). */
type LiveState = {
  read(virtualExamId: string): Promise<{ state: StoredState }>;
  change(virtualExamId: string, apply: (state: StoredState) => StoredState | null): Promise<unknown>;
};

type RemoteUploadDeps = {
  db: Db;
  sessions: PatientSessions;
  /** Null when the state lives in Firebase, out of the API's sight (then only the session and exam are checked). */
  liveState: LiveState | null;
};

const noOpenRequest = () =>
  new HttpError(
    'INVALID_LIVE_EXAM',
    'No recording of this point is open in the live exam. It may have been cancelled.',
  );

/**
 * A patient's remote recording (issue 17): the session must be the virtual exam's, the exam in the
 * path that virtual exam's exam, the patient admitted, and the auscultation request open for the
 * uploaded point. The request is checked before the body is read, the point once its JSON part is
 * in, and again when the stored recording is linked to the request (attach): a request cancelled
 * meanwhile refuses the recording, which is then deleted.
 */
export function createRemoteUploads(deps: RemoteUploadDeps) {
  const virtualExams = createVirtualExamRepository(deps.db);

  async function requestOf(virtualExamId: string, requestId: string) {
    if (!deps.liveState) return null;
    const { state } = await deps.liveState.read(virtualExamId);
    return { state, request: state.auscultationRequests[requestId] };
  }

  return {
    /** Before the body: who is uploading, for which exam and request. Answers the audit actor. */
    async authorize(
      request: Parameters<PatientSessions['fromRequest']>[0],
      examId: string,
      query: { virtualExamId: string; auscultationRequestId: string },
    ): Promise<{ actor: AuditActor; organizationId: string; patientProfileId: string }> {
      const session = await deps.sessions.fromRequest(request, query.virtualExamId);
      const row = await virtualExams.findRow(query.virtualExamId);
      if (!row || !isCodeLive(row)) throw examOver();
      // Another exam's id in the path is not confirmed to exist.
      if (row.exam_id !== examId) throw notFound('exam');
      const found = await requestOf(row.id, query.auscultationRequestId);
      if (found) {
        if (!found.state.admitted.includes(session.pid)) {
          throw new HttpError('UNAUTHORIZED', 'The provider has not admitted this patient.', 403);
        }
        // A retried upload of a recording already linked is answered by the route (clientRecordingId).
        if (!found.request || (!isOpenRecordingRequest(found.request) && found.request.auscultationId === null)) {
          throw noOpenRequest();
        }
      }
      return {
        actor: { kind: 'patient', ref: row.id, organizationId: row.organization_id },
        organizationId: row.organization_id,
        patientProfileId: row.patient_profile_id,
      };
    },

    /** Once the JSON part is read: the recording must be of the point asked for. */
    async checkPoint(virtualExamId: string, requestId: string, upload: UploadedRecording): Promise<void> {
      const point = upload.part.auscultationPoint;
      if (!(remoteRecording.pointLabels as readonly string[]).includes(point.label)) {
        throw new HttpError('INVALID_DATA', 'A remote recording is of a heart or lung point.');
      }
      const found = await requestOf(virtualExamId, requestId);
      if (found && found.request?.auscultationPoint !== point.label) throw noOpenRequest();
    },

    /**
     * Links the stored auscultation to its request in the shared state (the clinician sees it at
     * once). Refused when the request is no longer open for it; the caller then deletes the row.
     */
    async attach(
      virtualExamId: string,
      requestId: string,
      row: Pick<Selectable<AuscultationsTable>, 'id' | 'point_label'>,
    ): Promise<void> {
      if (!deps.liveState) return;
      try {
        await deps.liveState.change(virtualExamId, (state) =>
          attachRemoteRecording(state, requestId, row.point_label, row.id),
        );
      } catch (error) {
        if (error instanceof WriteRefused) throw noOpenRequest();
        throw error;
      }
    },
  };
}
