import { sql } from 'kysely';
import { runOperatorCommand } from '../operator/commands.js';
import { signIn } from './sign-in.js';
import { createTestApp } from './test-app.js';
import type { Backend, TestApp } from './test-app.js';

/** The seeded demo providers' password, and one the password policy accepts. */
export const demoPassword = 'Auscura-demo-2026';
export const goodPassword = 'violet-harbour-lantern-42';

/** Calls, invitations and ids the account tests share, on the app `app()` answers. */
export function accountHelpers(app: () => TestApp) {
  const inject = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    options: { token?: string; payload?: unknown; ip?: string } = {},
  ) =>
    app().app.inject({
      method,
      url,
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        // Each test speaks from its own client address so the invitation throttle stays apart.
        'x-forwarded-for': options.ip ?? '198.51.100.1',
      },
    });

  /** Invites an address through the operator command; answers the invitation id of its link. */
  async function invite(email: string, org = 'Riverside Cardiology', expiresInDays?: number) {
    const t = app();
    const output = await runOperatorCommand(
      { db: t.database.db, publicUrl: t.env.publicUrl, tcVersion: 1 },
      { command: 'invite', email, org, expiresInDays: expiresInDays ?? 7 },
    );
    const link = /http:\/\/localhost:8080\/create-account\?t=([A-Za-z0-9_-]+)/.exec(output);
    if (!link?.[1]) throw new Error(`no link in ${output}`);
    return link[1];
  }

  const providerId = async (email: string) =>
    (
      await app()
        .database.db.selectFrom('healthcare_providers')
        .select('id')
        .where(sql`lower(email_address)`, '=', email.toLowerCase())
        .executeTakeFirstOrThrow()
    ).id;

  const createBody = (invitationId: string, overrides: Record<string, unknown> = {}) => ({
    invitationId,
    password: goodPassword,
    firstName: 'Marie',
    lastName: "O'Neil-Curie",
    displayName: 'Dr. Curie',
    tcVersion: 1,
    ...overrides,
  });

  return { inject, invite, providerId, createBody };
}

/** A test app with the operator endpoint, Ada signed in, and the ids of Ada, Grace and Ben. */
export async function openAccountsApp(backend: Backend) {
  const t = await createTestApp(backend, {}, { operatorSecret: 'operator-test-secret' });
  const { providerId } = accountHelpers(() => t);
  return {
    t,
    adaToken: (await signIn(t.app, 'ada@riverside.example', demoPassword)).access_token,
    adaId: await providerId('ada@riverside.example'),
    graceId: await providerId('grace@riverside.example'),
    benId: await providerId('ben@lakeside.example'),
  };
}
