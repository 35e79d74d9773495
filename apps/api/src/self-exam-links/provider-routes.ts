import { formatAccessCode, paths, selfExamLinkLifetimeDays, selfExamLinkRoutes } from '@auscura/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.js';
import { createAuditRepository } from '../audit/repository.js';
import { invalidData, notFound } from '../lib/http-error.js';
import { principalOf, route } from '../lib/route.js';
import type { Mailer } from '../mail/mailer.js';
import { createPatientProfileRepository } from '../patient-profiles/repository.js';
import { newAccessCode } from '../patient-profiles/self-exam-repository.js';
import { createSelfExamLinkRepository } from './repository.js';

const dayMs = 86_400_000;

/**
 * The clinician's side of a patient's standing self-exam link, on the patient's page: see it,
 * send it (or renew it with a new code), turn it off. Another organization's patient is answered
 * like a missing one (clinician-portal §6).
 */
export async function selfExamLinkProviderRoutesPlugin(
  app: FastifyInstance,
  options: { db: Db; mailer: Mailer; publicUrl: string },
) {
  const { db } = options;
  const links = createSelfExamLinkRepository(db);
  const patients = createPatientProfileRepository(db);
  const audit = createAuditRepository(db);
  const linkFor = (id: string) => `${options.publicUrl}${paths.selfExamLink.getHref(id)}`;

  route(app, selfExamLinkRoutes.get, async ({ params, request }) => {
    const principal = principalOf(request);
    const patient = await patients.findInOrganization(params.id, principal.organizationId);
    if (!patient) throw notFound('patient profile');
    const selfExamLink = (await links.findByPatient(patient.id, principal.organizationId)) ?? null;
    if (selfExamLink) {
      await audit.record(principal, {
        action: 'read',
        targetType: 'self-exam-link',
        targetId: selfExamLink.id,
        patientProfileId: patient.id,
      });
    }
    return { status: 200, body: { selfExamLink } };
  });

  // The link and a new code go to the patient's address on file only: a standing link opens months
  // of self exams, so it is not sent to an address typed in the moment. The code is in the answer
  // once, for the clinician to read out if the mail goes astray; only its hash is stored.
  route(app, selfExamLinkRoutes.send, async ({ params, body, request }) => {
    const principal = principalOf(request);
    const patient = await patients.findInOrganization(params.id, principal.organizationId);
    if (!patient) throw notFound('patient profile');
    if (!patient.emailAddress) {
      throw invalidData('This patient has no email address on file. Add it with Update profile, then send the link.');
    }
    const accessCode = newAccessCode();
    const expiresAt = new Date(Date.now() + selfExamLinkLifetimeDays * dayMs);
    const selfExamLink = await db.transaction().execute(async (tx) => {
      const repository = createSelfExamLinkRepository(tx);
      const renewed = (await repository.findByPatient(patient.id, principal.organizationId)) !== undefined;
      const sent = await repository.send(
        {
          organizationId: principal.organizationId,
          patientProfileId: patient.id,
          healthcareProviderId: principal.healthcareProviderId,
          instructions: body.instructions?.trim() ? body.instructions.trim() : null,
          accessCode,
          expiresAt,
        },
        linkFor,
      );
      await createAuditRepository(tx).record(principal, {
        action: 'share',
        targetType: 'self-exam-link',
        targetId: sent.id,
        patientProfileId: patient.id,
        detail: { renewed },
      });
      return sent;
    });
    const until = expiresAt.toISOString().slice(0, 10);
    await options.mailer.send({
      to: patient.emailAddress,
      subject: 'Your self-exam link on Auscura',
      text: [
        'Hello,',
        '',
        `${principal.organizationName} has given you a link to record heart and lung sounds at home with your stethoscope, whenever you need to.`,
        '',
        `Open this link: ${selfExamLink.link}`,
        `and enter the access code: ${formatAccessCode(accessCode)}`,
        '',
        'Then choose the places to record, record each one, and send. Your clinician receives the recordings.',
        `Keep this email: the link and code work again for later self exams, until ${until}.`,
        'Any code you had before for this link no longer works.',
        '',
        ...(selfExamLink.instructions ? ['Instructions from your clinician:', selfExamLink.instructions, ''] : []),
        '— Auscura',
      ].join('\n'),
    });
    return { status: 201, body: { selfExamLink, accessCode, sentTo: patient.emailAddress } };
  });

  route(app, selfExamLinkRoutes.revoke, async ({ params, request }) => {
    const principal = principalOf(request);
    const id = await links.revoke(params.id, principal.organizationId);
    if (!id) throw notFound('self-exam link');
    await audit.record(principal, {
      action: 'update',
      targetType: 'self-exam-link',
      targetId: id,
      patientProfileId: params.id,
      detail: { revoked: true },
    });
    return { status: 204 };
  });
}
