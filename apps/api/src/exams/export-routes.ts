import { examExportRoutes, fhirJsonMimeType } from '@auscura/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.js';
import { createAuditRepository } from '../audit/repository.js';
import { assertExamVisible } from '../lib/access.js';
import { notFound } from '../lib/http-error.js';
import { principalOf, route } from '../lib/route.js';
import { createSemaphore } from '../lib/semaphore.js';
import { createAuscultationRepository } from '../auscultations/repository.js';
import { createOrganizationRepository } from '../organizations/repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import { createExamRepository } from './repository.js';
import { examView, examViewLoads } from './exam-view.js';
import { examFhirBundle } from './fhir-bundle.js';
import { examReportPdf } from './report-pdf.js';
import type { RecordingLoader } from './report-pdf.js';

/**
 * Reports rendered at once per process: each reads and reduces every recording of its exam (≈ 1 s
 * of CPU for ten 60 s recordings, benchmarks/history/2026-12-07-exam-report.md), so a burst of
 * requests queues instead of taking every core from the API's other answers.
 */
const reportSlots = createSemaphore(2);

/**
 * The exam taken to the chart (issue 38): GET /exams/:id/fhir and GET /exams/:id/report.pdf. Both
 * are answered from one view (exam-view.ts) of the exam as its GET presents it to the same caller:
 * the same visibility (its organization, and council members with the patient masked), and an
 * audit row for every export.
 */
export async function examExportRoutesPlugin(
  app: FastifyInstance,
  options: { db: Db; store: BlobStore; publicUrl: string },
) {
  const exams = createExamRepository(options.db);
  const organizations = createOrganizationRepository(options.db);
  const audit = createAuditRepository(options.db);
  const auscultations = createAuscultationRepository(options.db);

  /** The stored original of one recording of the exam being exported (the view lists only visible ones). */
  const loadRecording: RecordingLoader = async (auscultationId) => {
    const row = await auscultations.find(auscultationId);
    if (!row?.recording_blob_key) return null;
    const stream = await options.store.get(row.recording_blob_key).catch(() => null);
    if (!stream) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return new Uint8Array(Buffer.concat(chunks));
  };

  async function visibleView(id: string, request: FastifyRequest, format: 'fhir' | 'pdf') {
    const principal = principalOf(request);
    const row = await exams.findRow(id);
    if (!row) throw notFound('exam');
    assertExamVisible(principal, row.organization_id);
    const [exam, organization] = await Promise.all([
      exams.present(row, principal.organizationId, examViewLoads),
      organizations.findById(row.organization_id),
    ]);
    await audit.record(principal, {
      action: 'export',
      targetType: 'exam',
      targetId: id,
      patientProfileId: row.patient_profile_id,
      detail: { format, ...(exam.patientMasked ? { masked: true } : {}) },
    });
    return examView(exam, organization?.name ?? '');
  }

  route(app, examExportRoutes.fhir, async ({ params, request, reply }) => {
    const view = await visibleView(params.id, request, 'fhir');
    reply
      .type(fhirJsonMimeType)
      .header('content-disposition', `attachment; filename="Auscura_exam_${params.id}.fhir.json"`);
    return { status: 200, body: examFhirBundle(view, { publicUrl: options.publicUrl }) };
  });

  route(app, examExportRoutes.reportPdf, async ({ params, query, request, reply }) => {
    const view = await visibleView(params.id, request, 'pdf');
    const pdf = await reportSlots.run(() =>
      examReportPdf(view, { paper: query.paper ?? 'letter', load: loadRecording }),
    );
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="Auscura_exam_${params.id}.pdf"`)
      .header('content-length', pdf.byteLength);
    return { status: 200, body: pdf };
  });
}
