import { healthcareProviderRoutes } from '@auscura/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ClientThrottle } from '../identity/lockout.js';
import { HttpError } from '../lib/http-error.js';
import { principalOf, route } from '../lib/route.js';
import {
  changeEmailAddress,
  changePassword,
  createAccountFromInvitation,
  getEmailAddress,
  updateProfile,
} from './accounts.js';
import type { AccountContext } from './accounts.js';
import { createInvitationRepository, invalidInvitation, toInvitation } from './invitations.js';
import type { InvitationRow } from './invitations.js';

/**
 * Accounts (clinician-portal §2.5–§2.7, §7): the two unauthenticated invitation calls, and the
 * provider's own profile, password and email address.
 */
export async function accountRoutesPlugin(
  app: FastifyInstance,
  options: AccountContext & { throttle: ClientThrottle },
) {
  const { db, throttle } = options;

  /**
   * Unauthenticated calls that take an invitation id: a client that keeps sending ids that match
   * no invitation is guessing, and is locked out for a while (as is one that keeps sending a spent one).
   */
  async function withKnownInvitation<T>(
    request: FastifyRequest,
    id: string,
    action: (invitation: InvitationRow) => Promise<T>,
  ): Promise<T> {
    const state = await throttle.check(request.ip);
    if (state.locked) {
      throw new HttpError('UNAUTHORIZED', 'Too many attempts with invitations. Please try again later.', 429);
    }
    const invitation = await createInvitationRepository(db).find(id);
    if (!invitation) {
      await throttle.recordFailure(request.ip);
      throw invalidInvitation();
    }
    return action(invitation);
  }

  route(app, healthcareProviderRoutes.getInvitation, async ({ params, request }) =>
    withKnownInvitation(request, params.id, async (invitation) => ({ status: 200, body: toInvitation(invitation) })),
  );

  route(app, healthcareProviderRoutes.create, async ({ body, request }) =>
    withKnownInvitation(request, body.invitationId, async () => {
      let created: { id: string };
      try {
        created = await createAccountFromInvitation(options, body);
      } catch (error) {
        // A spent or expired invitation costs a password hash per try: such tries count
        // toward the client's lock like unknown ids (issue 21, finding 8).
        if (error instanceof HttpError && error.body.name === 'INVALID_HEALTHCARE_PROVIDER_INVITATION') {
          await throttle.recordFailure(request.ip);
        }
        throw error;
      }
      request.log.info({ healthcareProviderId: created.id }, 'account created from an invitation');
      return { status: 201, body: created };
    }),
  );

  route(app, healthcareProviderRoutes.update, async ({ params, body, request }) => ({
    status: 200,
    body: await updateProfile(options, principalOf(request), params.id, body),
  }));

  route(app, healthcareProviderRoutes.updatePassword, async ({ params, body, request }) => {
    await changePassword(options, principalOf(request), params.id, body.password, body.currentPassword);
    return { status: 204 };
  });

  route(app, healthcareProviderRoutes.getEmailAddress, async ({ params, request }) => ({
    status: 200,
    body: await getEmailAddress(db, principalOf(request), params.id),
  }));

  route(app, healthcareProviderRoutes.putEmailAddress, async ({ params, body, request }) => ({
    status: 200,
    body: await changeEmailAddress(options, principalOf(request), params.id, body.emailAddress, body.currentPassword),
  }));
}
