import { examRoutes } from '@auscura/contracts';
import type { Exam } from '@auscura/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.js';
import { createAuditRepository } from '../audit/repository.js';
import { assertExamVisible, requireCouncilMember } from '../lib/access.js';
import { HttpError, invalidData, notFound } from '../lib/http-error.js';
import { parseListQuery, sendPaged } from '../lib/list-query.js';
import type { ListWhitelist } from '../lib/list-query.js';
import { principalOf, route } from '../lib/route.js';
import type { Mailer } from '../mail/mailer.js';
import { createExamRepository, examListWhitelist } from './repository.js';
import type { ExamScope } from './repository.js';
import type { Principal } from '../lib/principal.js';
import { createPatientProfileRepository } from '../patient-profiles/repository.js';

/** The three exam lists share one handler: they differ in scope and in who may call them. */
type ExamListEndpoint =
  typeof examRoutes.search | typeof examRoutes.searchOrganization | typeof examRoutes.searchCouncil;

const examLoadsWhitelist: ListWhitelist = {
  filters: {},
  sorts: [],
  joinedLoads: ['patientProfile', 'auscultations', 'healthcareProvider', 'patient'],
  defaultSort: { field: 'dateCreated', direction: 'desc' },
};

const listedPatients = (items: Exam[]) => [
  ...new Set(items.flatMap((exam) => (exam.patientProfileId ? [exam.patientProfileId] : []))),
];

export async function examRoutesPlugin(app: FastifyInstance, options: { db: Db; mailer: Mailer; publicUrl: string }) {
  const exams = createExamRepository(options.db);
  const audit = createAuditRepository(options.db);
  const patients = createPatientProfileRepository(options.db);

  /** An exam the caller has just created or changed, as the caller sees it. */
  async function findVisible(id: string, principal: Principal, loads: readonly string[]) {
    const exam = await exams.find(id, principal.organizationId, loads);
    if (!exam) throw notFound('exam');
    return exam;
  }

  /** Loads an exam the caller may see, or answers RESOURCE_DOES_NOT_EXIST. */
  async function visibleRow(id: string, request: Parameters<typeof principalOf>[0]) {
    const principal = principalOf(request);
    const row = await exams.findRow(id);
    if (!row) throw notFound('exam');
    assertExamVisible(principal, row.organization_id);
    return { principal, row };
  }

  route(app, examRoutes.create, async ({ body, request }) => {
    const principal = principalOf(request);
    const type = body.type ?? body.examType;
    // Virtual exams get theirs through PUT /virtual-exams/:id/exam; this call starts in-person exams.
    if (type !== 'in-person') throw invalidData('Only in-person exams are created here.');
    if (body.patientId && body.patientId !== body.patientProfileId) {
      throw invalidData('patientId and patientProfileId name different patients.');
    }
    if (body.healthcareProviderId !== principal.healthcareProviderId) {
      throw new HttpError('UNAUTHORIZED', 'An exam can only be started by the provider who conducts it.', 403);
    }
    const patient = await patients.findInOrganization(body.patientProfileId, principal.organizationId);
    // A patient of another organization does not exist for the caller.
    if (!patient) throw notFound('patient profile');
    const id = await options.db.transaction().execute(async (tx) => {
      const examId = await createExamRepository(tx).create({
        organization_id: principal.organizationId,
        patient_profile_id: patient.id,
        healthcare_provider_id: principal.healthcareProviderId,
        type: 'in-person',
      });
      await createAuditRepository(tx).record(principal, {
        action: 'create',
        targetType: 'exam',
        targetId: examId,
        patientProfileId: patient.id,
        detail: { type: 'in-person' },
      });
      return examId;
    });
    return {
      status: 201,
      body: await findVisible(id, principal, ['patientProfile', 'healthcareProvider', 'auscultations']),
    };
  });

  route(app, examRoutes.get, async ({ params, query: { q }, request }) => {
    const { principal, row } = await visibleRow(params.id, request);
    const query = parseListQuery(q, examLoadsWhitelist);
    const exam = await exams.present(row, principal.organizationId, query.joinedLoads);
    await audit.record(principal, {
      action: 'read',
      targetType: 'exam',
      targetId: params.id,
      patientProfileId: row.patient_profile_id,
    });
    return { status: 200, body: exam };
  });

  /** One handler for the three lists: they differ in scope and in who may call them. */
  function listRoute(endpoint: ExamListEndpoint, scopeOf: (principal: Principal) => ExamScope, council = false) {
    route(app, endpoint, async ({ query: { q }, request, reply }) => {
      const principal = principalOf(request);
      if (council) requireCouncilMember(principal);
      const query = parseListQuery(q, examListWhitelist);
      const page = await exams.search(scopeOf(principal), query, principal.organizationId);
      await audit.record(principal, {
        action: 'list',
        targetType: 'exam-list',
        detail: { patientProfileIds: listedPatients(page.items), ...(council ? { council: true } : {}) },
      });
      return { status: 200, body: sendPaged(reply, query, page) };
    });
  }
  listRoute(examRoutes.search, (principal) => ({ organizationId: principal.organizationId }));
  listRoute(examRoutes.searchOrganization, (principal) => ({ organizationId: principal.organizationId }));
  listRoute(examRoutes.searchCouncil, () => ({ allOrganizations: true }), true);

  route(app, examRoutes.adjacent, async ({ params, query: { isOrganizationExams }, request }) => {
    const principal = principalOf(request);
    const row = await exams.findRow(params.id);
    // Previous/Next walk the organization's lists; an exam of another organization has none.
    if (!row || row.organization_id !== principal.organizationId) throw notFound('exam');
    const navigation = await exams.adjacent(params.id, {
      organizationId: principal.organizationId,
      // "My Exams" walks the caller's own exams; "All" the whole organization's.
      ...(isOrganizationExams === 'true' ? {} : { healthcareProviderId: principal.healthcareProviderId }),
    });
    if (!navigation) throw notFound('exam');
    return { status: 200, body: navigation };
  });

  /** Changes one field of a visible exam, records the change (never the note's text) and answers the exam. */
  async function updateExam(
    id: string,
    request: Parameters<typeof principalOf>[0],
    values: Parameters<typeof exams.update>[1],
    detail: Record<string, unknown>,
  ) {
    const { principal, row } = await visibleRow(id, request);
    await exams.update(id, values);
    await audit.record(principal, {
      action: 'update',
      targetType: 'exam',
      targetId: id,
      patientProfileId: row.patient_profile_id,
      detail,
    });
    return { status: 200 as const, body: await findVisible(id, principal, []) };
  }

  route(app, examRoutes.setReviewed, async ({ params, body, request }) =>
    updateExam(params.id, request, { reviewed: body.value }, { field: 'reviewed', value: body.value }),
  );
  route(app, examRoutes.setNotes, async ({ params, body, request }) =>
    updateExam(params.id, request, { notes: body.value }, { field: 'notes', length: body.value.length }),
  );
  route(app, examRoutes.setEnhancedNotes, async ({ params, body, request }) =>
    updateExam(params.id, request, { enhanced_notes: body.value }, { field: 'enhancedNotes', value: body.value }),
  );

  route(app, examRoutes.share, async ({ params, body, request }) => {
    const { principal, row } = await visibleRow(params.id, request);
    // The mail says it comes from the sender's organization: a council member may look at another
    // organization's exam (and review it, keep notes on it) but not send it on in their name.
    if (row.organization_id !== principal.organizationId) {
      throw new HttpError('UNAUTHORIZED', "Only the exam's own organization may share it.", 403);
    }
    const link = `${options.publicUrl}/exams/${params.id}`;
    // A link only: the recipient signs in to see anything; no patient data travels by email.
    await options.mailer.send({
      to: body.emailAddress,
      subject: 'An exam has been shared with you on Auscura',
      text: [
        'Hello,',
        '',
        `${principal.organizationName} has shared an exam with you on Auscura.`,
        '',
        `Open it here (sign-in required): ${link}`,
        '',
        'You will only see it if your account is allowed to.',
        '',
        '— Auscura',
      ].join('\n'),
    });
    await audit.record(principal, {
      action: 'share',
      targetType: 'exam',
      targetId: params.id,
      patientProfileId: row.patient_profile_id,
    });
    return { status: 204 };
  });
}
