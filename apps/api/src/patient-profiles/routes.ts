import { patientProfileRoutes, paths, selfExamRoutes } from '@auscura/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.js';
import { createAuditRepository } from '../audit/repository.js';
import type { Principal } from '../lib/principal.js';
import { HttpError, invalidData, notFound } from '../lib/http-error.js';
import { parseListQuery, sendPaged } from '../lib/list-query.js';
import { principalOf, route } from '../lib/route.js';
import type { Mailer } from '../mail/mailer.js';
import { isUniqueViolation } from '../db/errors.js';
import { createPatientProfileRepository, patientProfileListWhitelist } from './repository.js';
import { createSelfExamRepository } from './self-exam-repository.js';
import { isDateTooFarAhead } from '../lib/schedule-horizon.js';

const duplicate = (emailAddress: string) =>
  new HttpError(
    'DUPLICATE_PATIENT_PROFILE',
    `A patient with the email address ${emailAddress} already exists. Email addresses must be unique.`,
  );

/**
 * 403, not the catalogue's default 401: the caller is signed in but may not act for another
 * organization or provider (a 401 would end the web app's session).
 */
const notYours = (what: string) =>
  new HttpError('UNAUTHORIZED', `You may not ${what} for another organization or provider.`, 403);

/** Ids in a body must be the caller's own: a provider acts only in its own name (exams-and-devices §6). */
function assertOwnIds(
  principal: Principal,
  ids: { organizationId?: string; healthcareProviderId?: string },
  what: string,
) {
  if (ids.organizationId !== undefined && ids.organizationId !== principal.organizationId) throw notYours(what);
  if (ids.healthcareProviderId !== undefined && ids.healthcareProviderId !== principal.healthcareProviderId) {
    throw notYours(what);
  }
}

/** The provider's date (YYYY-MM-DD) may be a day behind UTC; an exam date before that is in the past. */
function isPastExamDate(examDate: string): boolean {
  const earliest = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  return examDate < earliest;
}

export async function patientProfileRoutesPlugin(
  app: FastifyInstance,
  options: { db: Db; mailer: Mailer; publicUrl: string },
) {
  const { db } = options;
  const repository = createPatientProfileRepository(db);
  const selfExams = createSelfExamRepository(db);
  const audit = createAuditRepository(db);

  route(app, patientProfileRoutes.get, async ({ params, request }) => {
    const principal = principalOf(request);
    // Another organization's profile is answered exactly like a missing one (clinician-portal §6).
    const profile = await repository.findInOrganization(params.id, principal.organizationId);
    if (!profile) throw notFound('patient profile');
    await audit.record(principal, {
      action: 'read',
      targetType: 'patient-profile',
      targetId: profile.id,
      patientProfileId: profile.id,
    });
    return { status: 200, body: profile };
  });

  route(app, patientProfileRoutes.search, async ({ query: { q }, request, reply }) => {
    const principal = principalOf(request);
    const query = parseListQuery(q, patientProfileListWhitelist);
    const page = await repository.search(principal.organizationId, query);
    await audit.record(principal, {
      action: 'list',
      targetType: 'patient-profile-list',
      detail: { patientProfileIds: page.items.map((item) => item.id) },
    });
    return { status: 200, body: sendPaged(reply, query, page) };
  });

  // exams-and-devices §6: the profile is stamped with the caller's organization and provider;
  // ids of anyone else in the body are refused rather than silently replaced.
  route(app, patientProfileRoutes.create, async ({ body, request }) => {
    const principal = principalOf(request);
    const { organizationId, healthcareProviderId, ...fields } = body;
    assertOwnIds(principal, { organizationId, healthcareProviderId }, 'create a patient');
    try {
      const id = await db.transaction().execute(async (tx) => {
        const created = await createPatientProfileRepository(tx).create(fields, principal);
        await createAuditRepository(tx).record(principal, {
          action: 'create',
          targetType: 'patient-profile',
          targetId: created,
          patientProfileId: created,
        });
        return created;
      });
      return { status: 201, body: { id } };
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(fields.emailAddress);
      throw error;
    }
  });

  /*
   * Another organization's profile answers RESOURCE_DOES_NOT_EXIST, exactly as GET does: a PATCH
   * must not tell a stranger that an id exists (clinician-portal §6). Within the organization any
   * provider may update a profile (the organization's patient list offers Update Details on every
   * row). The UNAUTHORIZED refusal of exams-and-devices §6/§8 is kept for ids in a body that are
   * not the caller's (POST), so the client shows its update-refused text only for a 403 UNAUTHORIZED.
   */
  route(app, patientProfileRoutes.update, async ({ params, body, request }) => {
    const principal = principalOf(request);
    try {
      await db.transaction().execute(async (tx) => {
        const fields = await createPatientProfileRepository(tx).update(params.id, principal.organizationId, body);
        if (fields === undefined) throw notFound('patient profile');
        // Which fields changed, never their values.
        if (fields.length > 0) {
          await createAuditRepository(tx).record(principal, {
            action: 'update',
            targetType: 'patient-profile',
            targetId: params.id,
            patientProfileId: params.id,
            detail: { fields },
          });
        }
      });
    } catch (error) {
      if (isUniqueViolation(error) && body.emailAddress) throw duplicate(body.emailAddress);
      throw error;
    }
    const profile = await repository.findInOrganization(params.id, principal.organizationId);
    if (!profile) throw notFound('patient profile');
    return { status: 200, body: profile };
  });

  const linkFor = (id: string) => `${options.publicUrl}${paths.selfExam.getHref(id)}`;

  route(app, selfExamRoutes.create, async ({ params, body, request }) => {
    const principal = principalOf(request);
    assertOwnIds(principal, { healthcareProviderId: body.healthcareProviderId }, 'request a self exam');
    if (isPastExamDate(body.examDate)) throw invalidData('The exam date may not be in the past.');
    if (isDateTooFarAhead(body.examDate)) throw invalidData('The exam date may be at most a year ahead.');
    const created = await db.transaction().execute(async (tx) => {
      const patient = await createPatientProfileRepository(tx).findInOrganization(params.id, principal.organizationId);
      if (!patient) throw notFound('patient profile');
      const selfExam = await createSelfExamRepository(tx).create(
        {
          organizationId: principal.organizationId,
          patientProfileId: patient.id,
          healthcareProviderId: principal.healthcareProviderId,
          examDate: body.examDate,
          instructions: body.instructions?.trim() ? body.instructions.trim() : null,
          auscultationPoints: body.auscultationPoints,
        },
        linkFor,
      );
      await createAuditRepository(tx).record(principal, {
        action: 'create',
        targetType: 'self-exam-request',
        targetId: selfExam.id,
        patientProfileId: patient.id,
        detail: { auscultationPoints: selfExam.auscultationPoints },
      });
      return selfExam;
    });
    return { status: 201, body: created };
  });

  route(app, selfExamRoutes.get, async ({ params, request }) => {
    const principal = principalOf(request);
    const selfExam = await selfExams.findInOrganization(params.id, principal.organizationId);
    if (!selfExam) throw notFound('self-exam request');
    await audit.record(principal, {
      action: 'read',
      targetType: 'self-exam-request',
      targetId: selfExam.id,
      patientProfileId: selfExam.patientProfileId,
    });
    return { status: 200, body: selfExam };
  });

  // Send Access Info: the link and the code go to the address the provider confirms (pre-filled
  // with the patient's). Neither the code nor the address is logged (the mailer logs a file name).
  route(app, selfExamRoutes.sendAccessInfo, async ({ params, body, request }) => {
    const principal = principalOf(request);
    const selfExam = await selfExams.findInOrganization(params.id, principal.organizationId);
    if (!selfExam) throw notFound('self-exam request');
    await options.mailer.send({
      to: body.emailAddress,
      subject: 'Your self exam on Auscura',
      text: [
        'Hello,',
        '',
        `${principal.organizationName} has asked you to record a self exam with your stethoscope on ${selfExam.examDate}.`,
        '',
        `Open this link: ${selfExam.link}`,
        `and enter the access code: ${selfExam.accessCode}`,
        '',
        ...(selfExam.instructions ? ['Instructions from your clinician:', selfExam.instructions, ''] : []),
        '— Auscura',
      ].join('\n'),
    });
    await audit.record(principal, {
      action: 'share',
      targetType: 'self-exam-request',
      targetId: selfExam.id,
      patientProfileId: selfExam.patientProfileId,
    });
    return { status: 204 };
  });
}
