import { examRoutes } from '@auscura/contracts';
import type { Exam } from '@auscura/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/connect.js';
import { createAuditRepository } from '../audit/repository.js';
import { assertExamVisible, requireCouncilMember } from '../lib/access.js';
import { notFound } from '../lib/http-error.js';
import { parseListQuery, sendPaged } from '../lib/list-query.js';
import type { ListWhitelist } from '../lib/list-query.js';
import { principalOf, route } from '../lib/route.js';
import type { Mailer } from '../mail/mailer.js';
import { createExamRepository, examListWhitelist } from './repository.js';

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

  /** Loads an exam the caller may see, or answers RESOURCE_DOES_NOT_EXIST. */
  async function visibleRow(id: string, request: Parameters<typeof principalOf>[0]) {
    const principal = principalOf(request);
    const row = await exams.findRow(id);
    if (!row) throw notFound('exam');
    assertExamVisible(principal, row.organization_id);
    return { principal, row };
  }

  route(app, examRoutes.get, async ({ params, request }) => {
    const { principal, row } = await visibleRow(params.id, request);
    const query = parseListQuery((request.query as { q?: unknown }).q, examLoadsWhitelist);
    const exam = await exams.find(params.id, principal.organizationId, query.joinedLoads);
    await audit.record(principal, {
      action: 'read',
      targetType: 'exam',
      targetId: params.id,
      patientProfileId: row.patient_profile_id,
    });
    return exam;
  });

  route(app, examRoutes.search, async ({ request, reply }) => {
    const principal = principalOf(request);
    const query = parseListQuery((request.query as { q?: unknown }).q, examListWhitelist);
    const page = await exams.search({ organizationId: principal.organizationId }, query, principal.organizationId);
    await audit.record(principal, {
      action: 'list',
      targetType: 'exam-list',
      detail: { patientProfileIds: listedPatients(page.items) },
    });
    return sendPaged(reply, query, page);
  });

  route(app, examRoutes.searchOrganization, async ({ request, reply }) => {
    const principal = principalOf(request);
    const query = parseListQuery((request.query as { q?: unknown }).q, examListWhitelist);
    const page = await exams.search({ organizationId: principal.organizationId }, query, principal.organizationId);
    await audit.record(principal, {
      action: 'list',
      targetType: 'exam-list',
      detail: { patientProfileIds: listedPatients(page.items) },
    });
    return sendPaged(reply, query, page);
  });

  route(app, examRoutes.searchCouncil, async ({ request, reply }) => {
    const principal = principalOf(request);
    requireCouncilMember(principal);
    const query = parseListQuery((request.query as { q?: unknown }).q, examListWhitelist);
    const page = await exams.search({ allOrganizations: true }, query, principal.organizationId);
    await audit.record(principal, {
      action: 'list',
      targetType: 'exam-list',
      detail: { patientProfileIds: listedPatients(page.items), council: true },
    });
    return sendPaged(reply, query, page);
  });

  route(app, examRoutes.adjacent, async ({ params, request }) => {
    const principal = principalOf(request);
    const { isOrganizationExams } = z
      .object({ isOrganizationExams: z.enum(['true', 'false']).optional() })
      .parse(request.query);
    const row = await exams.findRow(params.id);
    // Previous/Next walk the organization's lists; an exam of another organization has none.
    if (!row || row.organization_id !== principal.organizationId) throw notFound('exam');
    const navigation = await exams.adjacent(params.id, {
      organizationId: principal.organizationId,
      // "My Exams" walks the caller's own exams; "All" the whole organization's.
      ...(isOrganizationExams === 'true' ? {} : { healthcareProviderId: principal.healthcareProviderId }),
    });
    if (!navigation) throw notFound('exam');
    return navigation;
  });

  route(app, examRoutes.setReviewed, async ({ params, body, request }) => {
    const { principal, row } = await visibleRow(params.id, request);
    await exams.update(params.id, { reviewed: body.value });
    await audit.record(principal, {
      action: 'update',
      targetType: 'exam',
      targetId: params.id,
      patientProfileId: row.patient_profile_id,
      detail: { field: 'reviewed', value: body.value },
    });
    return exams.find(params.id, principal.organizationId, []);
  });

  route(app, examRoutes.setNotes, async ({ params, body, request }) => {
    const { principal, row } = await visibleRow(params.id, request);
    await exams.update(params.id, { notes: body.value });
    await audit.record(principal, {
      action: 'update',
      targetType: 'exam',
      targetId: params.id,
      patientProfileId: row.patient_profile_id,
      detail: { field: 'notes', length: body.value.length },
    });
    return exams.find(params.id, principal.organizationId, []);
  });

  route(app, examRoutes.setEnhancedNotes, async ({ params, body, request }) => {
    const { principal, row } = await visibleRow(params.id, request);
    await exams.update(params.id, { enhanced_notes: body.value });
    await audit.record(principal, {
      action: 'update',
      targetType: 'exam',
      targetId: params.id,
      patientProfileId: row.patient_profile_id,
      detail: { field: 'enhancedNotes', value: body.value },
    });
    return exams.find(params.id, principal.organizationId, []);
  });

  route(app, examRoutes.share, async ({ params, body, request }) => {
    const { principal, row } = await visibleRow(params.id, request);
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
  });
}
