import { selfExamLinkRoutes, selfExamLinkUsesPerDay, selfExamPointLabels } from '@auscura/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.js';
import { createAuditRepository } from '../audit/repository.js';
import type { ClientThrottle } from '../identity/lockout.js';
import { HttpError, unauthorized } from '../lib/http-error.js';
import { route } from '../lib/route.js';
import type { Mailer } from '../mail/mailer.js';
import { mailArrival, patientActor, providerName, selfExamSessionBody } from '../self-exams/patient-view.js';
import { createSelfExamPatientRepository, isExpired } from '../self-exams/repository.js';
import { codeRefused, linkTurnedOff, tooManyAttempts } from '../self-exams/routes.js';
import { selfExamSessionTtlSeconds } from '../self-exams/session.js';
import type { SelfExamSessions } from '../self-exams/session.js';
import { codeMatches, createSelfExamLinkRepository, linkStatus } from './repository.js';
import type { SelfExamLinkSessions } from './session.js';

const tooManyUses = () =>
  new HttpError(
    'UNAUTHORIZED',
    'Too many self exams were started with this link today. Please try again tomorrow or contact your clinician.',
    429,
  );

/**
 * The patient's side of a standing self-exam link: the code opens the link (a wrong code and an
 * unknown link get the same answer, counted against the client and the link like a request's
 * code), then each "start" makes a self exam of the points the patient chose. Its recordings go up
 * through the self-exam request calls with that use's own session (self-exams/routes.ts).
 */
export async function selfExamLinkPatientRoutesPlugin(
  app: FastifyInstance,
  options: {
    db: Db;
    mailer: Mailer;
    publicUrl: string;
    linkSessions: SelfExamLinkSessions;
    sessions: SelfExamSessions;
    /** Failed codes per client address (shared with the request codes, so both count together) and per link. */
    clientThrottle: ClientThrottle;
    linkThrottle: ClientThrottle;
  },
) {
  const { db, linkSessions, sessions, clientThrottle, linkThrottle } = options;
  const links = createSelfExamLinkRepository(db);
  const requests = createSelfExamPatientRepository(db);
  const audit = createAuditRepository(db);

  route(app, selfExamLinkRoutes.auth, async ({ body, request }) => {
    const [client, byLink] = await Promise.all([
      clientThrottle.check(request.ip),
      linkThrottle.check(body.selfExamLinkId),
    ]);
    if (client.locked || byLink.locked) throw tooManyAttempts();
    const link = await links.findForPatientSide(body.selfExamLinkId);
    if (!link || !codeMatches(body.accessCode, link.access_code_hash)) {
      await clientThrottle.recordFailure(request.ip);
      // Failures count against a link only when it exists: unknown ids must not fill the table.
      if (link) await linkThrottle.recordFailure(link.id);
      throw codeRefused();
    }
    // The right code: the patient may learn that the link is off (and whom to ask).
    if (linkStatus(link) !== 'active') throw linkTurnedOff();
    const open = await links.unfinishedUse(link.id);
    const unfinishedRow = open && !isExpired(open.exam_date) ? await requests.find(open.id) : undefined;
    await audit.record(patientActor(link), {
      action: 'read',
      targetType: 'self-exam-link',
      targetId: link.id,
      patientProfileId: link.patient_profile_id,
    });
    return {
      status: 200,
      body: {
        token: await linkSessions.issue(link),
        expiresIn: selfExamSessionTtlSeconds,
        selfExamLinkId: link.id,
        providerName: providerName(link),
        organizationName: link.organization_name,
        instructions: link.instructions,
        auscultationPoints: [...selfExamPointLabels],
        unfinished: unfinishedRow ? await selfExamSessionBody(db, sessions, unfinishedRow) : null,
      },
    };
  });

  route(app, selfExamLinkRoutes.start, async ({ params, body, request }) => {
    const link = await links.findForPatientSide(params.id);
    // An unknown link is refused like a token for another link: the token decides before anything is told.
    await linkSessions.check(request, link ?? { id: params.id, date_sent: new Date(0) });
    if (!link) throw unauthorized('The session token is not for this link.');
    // Turning the link off (or its running out) stops its sessions at once, not when they expire.
    if (linkStatus(link) !== 'active') throw linkTurnedOff();
    if ((await links.usesSince(link.id, new Date(Date.now() - 86_400_000))) >= selfExamLinkUsesPerDay) {
      throw tooManyUses();
    }
    const { id, closed } = await db.transaction().execute(async (tx) => {
      const repository = createSelfExamLinkRepository(tx);
      // A new self exam replaces one left unfinished: that one takes no more recordings.
      const closedUses = await repository.closeOpenUses(link.id);
      const useId = await repository.createUse(link, body.auscultationPoints);
      await createAuditRepository(tx).record(patientActor(link), {
        action: 'create',
        targetType: 'self-exam',
        targetId: useId,
        patientProfileId: link.patient_profile_id,
        detail: { selfExamLinkId: link.id, auscultationPoints: body.auscultationPoints },
      });
      return { id: useId, closed: closedUses };
    });
    // What was sent of a closed use has arrived: its clinician hears of it like of a complete one.
    for (const use of closed) {
      await mailArrival(
        { mailer: options.mailer, publicUrl: options.publicUrl, log: app.log },
        { to: link.hp_email_address, examId: use.exam_id, patientInitiated: true, complete: false },
      );
    }
    const row = await requests.find(id);
    if (!row) throw new Error('the self exam just made was not found');
    return { status: 201, body: await selfExamSessionBody(db, sessions, row) };
  });
}
