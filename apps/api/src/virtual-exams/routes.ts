import crypto from 'node:crypto';
import {
  accessCodeLifetime,
  accessCodePattern,
  accessInfoCopyText,
  emailSchema,
  formatAccessCode,
  normalizeAccessCode,
  paths,
  schedulingRules,
  virtualExamJoinedLoads,
  virtualExamRoutes,
} from '@auscura/contracts';
import type { CreateVirtualExamBody } from '@auscura/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.js';
import { createAuditRepository } from '../audit/repository.js';
import { createExamRepository } from '../exams/repository.js';
import type { ClientThrottle } from '../identity/lockout.js';
import { HttpError, invalidData, notFound } from '../lib/http-error.js';
import { parseListQuery, sendPaged } from '../lib/list-query.js';
import type { ListWhitelist } from '../lib/list-query.js';
import { principalOf, route } from '../lib/route.js';
import type { Mailer } from '../mail/mailer.js';
import { isUniqueViolation } from '../db/errors.js';
import { newAccessCode } from '../patient-profiles/self-exam-repository.js';
import { createVirtualExamRepository, toVirtualExam, virtualExamListWhitelist } from './repository.js';
import type { PatientSessions } from '../identity/patient-session.js';
import { examOver, isCodeLive } from './service.js';
import { invitationMail } from './invitation-mail.js';
import { isTimeTooFarAhead } from '../lib/schedule-horizon.js';

const loadsWhitelist: ListWhitelist = {
  filters: {},
  sorts: [],
  joinedLoads: virtualExamJoinedLoads,
  defaultSort: { field: 'dateCreated', direction: 'desc' },
};

const minute = 60_000;
/** Any code that opens nothing, wrong or expired, gets the same answer: it tells a guesser nothing. */
const codeRefused = () => new HttpError('EXPIRED_ACCESS_CODE', 'This access code is not valid or has expired.');
const tooManyAttempts = () =>
  new HttpError('UNAUTHORIZED', 'Too many attempts with access codes. Please try again later.', 429);

/** Checks the §5 scheduling rules; answers the code's expiry. */
function checkSchedule(body: CreateVirtualExamBody, now: number) {
  if (!body.scheduledStartDate || !body.scheduledEndDate) {
    return { start: null, end: null, expiresAt: new Date(now + accessCodeLifetime.startNowMinutes * minute) };
  }
  const start = new Date(body.scheduledStartDate);
  const end = new Date(body.scheduledEndDate);
  const step = schedulingRules.stepMinutes * minute;
  // Every time zone's offset is a multiple of 15 minutes, so 5-minute steps are the same in UTC.
  if (start.getTime() % step !== 0 || end.getTime() % step !== 0) {
    throw invalidData(`Times must be on ${schedulingRules.stepMinutes}-minute steps.`);
  }
  // The current 5-minute slot is not past yet: the dialog's default start is its boundary.
  if (start.getTime() < Math.floor(now / step) * step) throw invalidData('The exam cannot start in the past.');
  if (isTimeTooFarAhead(start, now)) throw invalidData('An exam can be scheduled at most a year ahead.');
  const duration = (end.getTime() - start.getTime()) / minute;
  if (duration < schedulingRules.minimumDurationMinutes) {
    throw invalidData(`The end must be at least ${schedulingRules.minimumDurationMinutes} minutes after the start.`);
  }
  if (duration > schedulingRules.maximumDurationMinutes) throw invalidData('An exam can last at most a day.');
  return { start, end, expiresAt: new Date(end.getTime() + accessCodeLifetime.scheduledGraceMinutes * minute) };
}

function checkTimeZone(timeZone: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw invalidData('Unknown time zone.');
  }
}

export async function virtualExamRoutesPlugin(
  app: FastifyInstance,
  options: {
    db: Db;
    mailer: Mailer;
    publicUrl: string;
    sessions: PatientSessions;
    /** Failed code lookups and sign-ins per client address, and per virtual exam. */
    clientThrottle: ClientThrottle;
    examThrottle: ClientThrottle;
  },
) {
  const { db, sessions, clientThrottle, examThrottle } = options;
  const virtualExams = createVirtualExamRepository(db);
  const exams = createExamRepository(db);
  const audit = createAuditRepository(db);
  const linkFor = (id: string) => `${options.publicUrl}${paths.virtualExam.getHref(id)}`;

  async function visible(request: FastifyRequest, id: string) {
    const principal = principalOf(request);
    const row = await virtualExams.findInOrganization(id, principal.organizationId);
    if (!row) throw notFound('virtual exam');
    return { principal, row };
  }

  route(app, virtualExamRoutes.create, async ({ body, request }) => {
    const principal = principalOf(request);
    if (body.healthcareProviderId !== principal.healthcareProviderId) {
      throw new HttpError('UNAUTHORIZED', 'A virtual exam can only be scheduled by the provider who conducts it.', 403);
    }
    checkTimeZone(body.timeZone);
    const { start, end, expiresAt } = checkSchedule(body, Date.now());
    const patient = await db
      .selectFrom('patient_profiles')
      .select('id')
      .where('id', '=', body.patientProfileId)
      .where('organization_id', '=', principal.organizationId)
      .executeTakeFirst();
    if (!patient) throw notFound('patient profile');
    let id: string | undefined;
    // A fresh code collides with a stored one with odds of about n / 2^50; the unique index decides.
    for (let attempt = 0; !id; attempt++) {
      try {
        id = await db.transaction().execute(async (tx) => {
          const created = await createVirtualExamRepository(tx).insert(
            {
              organizationId: principal.organizationId,
              patientProfileId: patient.id,
              healthcareProviderId: principal.healthcareProviderId,
              accessCode: newAccessCode(),
              accessCodeExpiresAt: expiresAt,
              scheduledStartDate: start,
              scheduledEndDate: end,
              timeZone: body.timeZone,
            },
            linkFor,
          );
          await createAuditRepository(tx).record(principal, {
            action: 'create',
            targetType: 'virtual-exam',
            targetId: created,
            patientProfileId: patient.id,
            detail: { scheduled: start !== null },
          });
          return created;
        });
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
    const row = await virtualExams.findInOrganization(id, principal.organizationId);
    return { status: 201, body: toVirtualExam(row!, ['patientProfile', 'healthcareProvider']) };
  });

  route(app, virtualExamRoutes.get, async ({ params, query: { q }, request }) => {
    const query = parseListQuery(q, loadsWhitelist);
    const { principal, row } = await visible(request, params.id);
    const virtualExam = toVirtualExam(row, query.joinedLoads);
    if (query.joinedLoads.includes('exam') || query.joinedLoads.includes('exam.auscultations')) {
      const loads = query.joinedLoads.includes('exam.auscultations') ? ['auscultations'] : [];
      virtualExam.exam = row.exam_id
        ? ((await exams.find(row.exam_id, principal.organizationId, loads)) ?? null)
        : null;
    }
    await audit.record(principal, {
      action: 'read',
      targetType: 'virtual-exam',
      targetId: row.id,
      patientProfileId: row.patient_profile_id,
    });
    return { status: 200, body: virtualExam };
  });

  route(app, virtualExamRoutes.search, async ({ query: { q }, request, reply }) => {
    const principal = principalOf(request);
    const query = parseListQuery(q, virtualExamListWhitelist);
    // The calendar lists the caller's own exams only (exams-and-devices §2.1, §6).
    for (const filter of query.filters) {
      if (filter.field === 'healthcareProviderId' && filter.value !== principal.healthcareProviderId) {
        throw new HttpError('UNAUTHORIZED', 'The calendar shows only your own virtual exams.', 403);
      }
    }
    const page = await virtualExams.search(principal.healthcareProviderId, query);
    const items = page.items.map((row) => toVirtualExam(row, query.joinedLoads));
    await audit.record(principal, {
      action: 'list',
      targetType: 'virtual-exam-list',
      detail: { patientProfileIds: [...new Set(items.map((item) => item.patientProfileId))] },
    });
    return { status: 200, body: sendPaged(reply, query, { items, totalCount: page.totalCount }) };
  });

  route(app, virtualExamRoutes.getExam, async ({ params, request }) => {
    const { principal, row } = await visible(request, params.id);
    if (!row.exam_id) throw notFound('exam of this virtual exam');
    const exam = await exams.find(row.exam_id, principal.organizationId, []);
    if (!exam) throw notFound('exam of this virtual exam');
    await audit.record(principal, {
      action: 'read',
      targetType: 'exam',
      targetId: exam.id,
      patientProfileId: row.patient_profile_id,
    });
    return { status: 200, body: exam };
  });

  route(app, virtualExamRoutes.putExam, async ({ params, request }) => {
    const { principal, row } = await visible(request, params.id);
    const exists = () => new HttpError('EXAM_EXISTS', 'This virtual exam already has an exam.');
    if (row.exam_id) throw exists();
    const examId = await db.transaction().execute(async (tx) => {
      const created = await createExamRepository(tx).create({
        organization_id: row.organization_id,
        patient_profile_id: row.patient_profile_id,
        healthcare_provider_id: row.healthcare_provider_id,
        type: 'live',
      });
      // Two PUTs at once: the second finds exam_id set and rolls its exam back.
      if (!(await createVirtualExamRepository(tx).linkExam(row.id, created))) throw exists();
      await createAuditRepository(tx).record(principal, {
        action: 'create',
        targetType: 'exam',
        targetId: created,
        patientProfileId: row.patient_profile_id,
        detail: { type: 'live', virtualExamId: row.id },
      });
      return created;
    });
    return { status: 201, body: (await exams.find(examId, principal.organizationId, []))! };
  });

  // Send Access Info: link and code go to the address the provider confirms; neither is logged.
  route(app, virtualExamRoutes.invite, async ({ params, body, request }) => {
    const { principal, row } = await visible(request, params.id);
    const address = emailSchema.safeParse(body.recipientEmailAddress.trim());
    if (!address.success) throw new HttpError('INVALID_EMAIL', 'The email address is not valid.');
    if (!isCodeLive(row)) throw examOver();
    await options.mailer.send({
      to: address.data,
      ...invitationMail({
        organizationName: principal.organizationName,
        providerName: row.hp_display_name ?? ([row.hp_first_name, row.hp_last_name].filter(Boolean).join(' ') || null),
        copyText: accessInfoCopyText(options.publicUrl, row.access_code),
        link: row.link,
        accessCode: formatAccessCode(row.access_code),
        scheduledStartDate: row.scheduled_start_date,
        scheduledEndDate: row.scheduled_end_date,
        timeZone: row.time_zone,
      }),
    });
    await audit.record(principal, {
      action: 'share',
      targetType: 'virtual-exam',
      targetId: row.id,
      patientProfileId: row.patient_profile_id,
    });
    return { status: 204 };
  });

  route(app, virtualExamRoutes.byAccessCode, async ({ params, request }) => {
    if ((await clientThrottle.check(request.ip)).locked) throw tooManyAttempts();
    const code = normalizeAccessCode(params.code);
    const row = accessCodePattern.test(code) ? await virtualExams.findByAccessCode(code) : undefined;
    if (!row || !isCodeLive(row)) {
      await clientThrottle.recordFailure(request.ip);
      throw codeRefused();
    }
    return {
      status: 200,
      body: {
        virtualExamId: row.id,
        scheduledStartDate: row.scheduled_start_date ? new Date(row.scheduled_start_date).toISOString() : null,
        scheduledEndDate: row.scheduled_end_date ? new Date(row.scheduled_end_date).toISOString() : null,
      },
    };
  });

  route(app, virtualExamRoutes.auth, async ({ params, body, request }) => {
    const [client, exam] = await Promise.all([clientThrottle.check(request.ip), examThrottle.check(params.id)]);
    if (client.locked || exam.locked) throw tooManyAttempts();
    const row = await virtualExams.findRow(params.id);
    const given = Buffer.from(normalizeAccessCode(body.accessCode));
    const matches =
      row !== undefined &&
      given.length === row.access_code.length &&
      crypto.timingSafeEqual(given, Buffer.from(row.access_code));
    if (!row || !matches || !isCodeLive(row)) {
      await clientThrottle.recordFailure(request.ip);
      // Failures count against an exam only when it exists: unknown ids must not fill the table.
      if (row) await examThrottle.recordFailure(row.id);
      throw codeRefused();
    }
    const session = await sessions.start(row.id, body.userName);
    // A patient let in by the code is audited as the exam it was let into, never by the name it typed.
    await audit.record(
      { kind: 'patient', ref: row.id, organizationId: row.organization_id },
      { action: 'join', targetType: 'virtual-exam', targetId: row.id, patientProfileId: row.patient_profile_id },
    );
    return { status: 200, body: session };
  });

  route(app, virtualExamRoutes.refreshAuth, async ({ params, request }) => {
    const claims = await sessions.fromRequest(request, params.id);
    const row = await virtualExams.findRow(params.id);
    if (!row || !isCodeLive(row)) throw examOver();
    return { status: 200, body: await sessions.renew(claims) };
  });
}
