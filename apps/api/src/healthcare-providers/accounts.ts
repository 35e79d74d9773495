import crypto from 'node:crypto';
import type { z } from 'zod';
import type {
  createHealthcareProviderBodySchema,
  HealthcareProvider,
  updateHealthcareProviderBodySchema,
} from '@auscura/contracts';
import { sql } from 'kysely';
import { createAuditRepository } from '../audit/repository.js';
import type { Db, DbOrTx } from '../db/connect.js';
import { isUniqueViolation } from '../db/errors.js';
import { management } from '../identity/account-identity.js';
import type { AccountIdentity } from '../identity/account-identity.js';
import { assertNotPreviousPassword, assertPasswordRules, passwordHistoryDepth } from '../identity/password-policy.js';
import { hashPassword, verifyPassword } from '../identity/passwords.js';
import { assertRecentSignIn, endOtherSessions, notifyAccountChange } from '../identity/sessions.js';
import type { Mailer } from '../mail/mailer.js';
import type { Principal } from '../lib/principal.js';
import { assertNoBidiControls } from '../lib/clean-text.js';
import { HttpError, invalidData, notFound } from '../lib/http-error.js';
import { createInvitationRepository, invalidInvitation } from './invitations.js';
import { providerColumns, toProvider } from './mapper.js';
import { createHealthcareProviderRepository } from './repository.js';

export type AccountContext = { db: Db; identity: AccountIdentity; tcVersion: number; mailer?: Mailer };

/** A provider reads and changes only their own account (clinician-portal §6). */
function assertOwnAccount(principal: Principal, id: string): void {
  if (principal.healthcareProviderId !== id) {
    throw new HttpError('UNAUTHORIZED', 'A provider may read and change only their own account.', 403);
  }
}

function checkTcVersion(tcVersion: number, current: number) {
  if (tcVersion > current) throw invalidData(`tcVersion may not exceed the current terms version ${current}.`);
}

/**
 * Creates the account an invitation is for, once. The address comes from the invitation. When
 * it already has an account the invitation is spent and the answer is the same as for a spent
 * invitation (whose message covers both cases), after the same work (the password is hashed
 * first), so this unauthenticated call tells nobody whether an address has an account.
 */
export async function createAccountFromInvitation(
  context: AccountContext,
  body: z.infer<typeof createHealthcareProviderBodySchema>,
): Promise<{ id: string }> {
  const { db, identity } = context;
  const invitation = await createInvitationRepository(db).find(body.invitationId);
  if (!invitation) throw invalidInvitation();
  checkTcVersion(body.tcVersion, context.tcVersion);
  const names = { firstName: body.firstName, lastName: body.lastName, displayName: body.displayName };
  assertNoBidiControls(names.firstName, names.lastName, names.displayName);
  assertPasswordRules(body.password, { emailAddress: invitation.email_address, ...names });

  if (identity.mode === 'built-in') {
    const passwordHash = await hashPassword(body.password);
    let created: { id: string } | 'exists' | undefined;
    try {
      created = await db.transaction().execute(async (tx) => {
        const claimed = await createInvitationRepository(tx).claim(body.invitationId);
        if (!claimed) return undefined;
        if (await accountExists(tx, claimed.email_address)) return 'exists' as const;
        const account = await createHealthcareProviderRepository(tx).insert({
          organizationId: claimed.organization_id,
          emailAddress: claimed.email_address,
          ...names,
          passwordHash,
          tcVersion: body.tcVersion,
        });
        await audit(tx, { healthcareProviderId: account.id, organizationId: claimed.organization_id }, 'create');
        return account;
      });
    } catch (error) {
      // Another invitation for the same address won the race: the address has an account now.
      if (isUniqueViolation(error)) throw invalidInvitation();
      throw error;
    }
    if (!created || created === 'exists') throw invalidInvitation();
    return created;
  }

  // Auth0: claim first (short transaction), then create the user there, then the row here; an
  // Auth0 refusal gives the invitation back so the person can try another password.
  const auth0 = management(identity);
  const claimed = await db.transaction().execute(async (tx) => {
    const row = await createInvitationRepository(tx).claim(body.invitationId);
    if (!row) return undefined;
    return { ...row, exists: await accountExists(tx, row.email_address) };
  });
  if (!claimed || claimed.exists) throw invalidInvitation();
  const id = crypto.randomUUID();
  let auth0UserId: string;
  try {
    ({ userId: auth0UserId } = await auth0.createUser({
      email: claimed.email_address,
      password: body.password,
      ...names,
      appMetadata: { healthcareProviderId: id, organizationId: claimed.organization_id },
    }));
  } catch (error) {
    if (error instanceof HttpError && error.body.name === 'USER_ALREADY_EXISTS') throw invalidInvitation();
    await createInvitationRepository(db).release(body.invitationId);
    throw error;
  }
  try {
    await db.transaction().execute(async (tx) => {
      await createHealthcareProviderRepository(tx).insert({
        id,
        organizationId: claimed.organization_id,
        emailAddress: claimed.email_address,
        ...names,
        passwordHash: null,
        auth0UserId,
        tcVersion: body.tcVersion,
      });
      await audit(tx, { healthcareProviderId: id, organizationId: claimed.organization_id }, 'create');
    });
  } catch (error) {
    await auth0.deleteUser(auth0UserId).catch(() => undefined);
    if (isUniqueViolation(error)) throw invalidInvitation();
    await createInvitationRepository(db).release(body.invitationId);
    throw error;
  }
  return { id };
}

async function accountExists(db: DbOrTx, emailAddress: string): Promise<boolean> {
  const row = await db
    .selectFrom('healthcare_providers')
    .select('id')
    .where(sql`lower(email_address)`, '=', emailAddress.trim().toLowerCase())
    .executeTakeFirst();
  return Boolean(row);
}

function audit(
  db: DbOrTx,
  actor: { healthcareProviderId: string; organizationId: string },
  action: 'create' | 'update',
  fields?: string[],
) {
  return createAuditRepository(db).record(actor, {
    action,
    targetType: 'healthcare-provider',
    targetId: actor.healthcareProviderId,
    ...(fields ? { detail: { fields } } : {}),
  });
}

async function loadOwnAccount(db: DbOrTx, principal: Principal, id: string) {
  assertOwnAccount(principal, id);
  const row = await db
    .selectFrom('healthcare_providers as hp')
    .select([...providerColumns, 'hp.password_hash', 'hp.auth0_user_id'])
    .where('hp.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('healthcare provider');
  return row;
}

/** PATCH /healthcare-providers/{id}: tcVersion alone, or the three names. */
export async function updateProfile(
  context: AccountContext,
  principal: Principal,
  id: string,
  body: z.infer<typeof updateHealthcareProviderBodySchema>,
): Promise<HealthcareProvider> {
  const { db } = context;
  await loadOwnAccount(db, principal, id);
  if (!('tcVersion' in body)) assertNoBidiControls(body.firstName, body.lastName, body.displayName);
  const changes =
    'tcVersion' in body
      ? (checkTcVersion(body.tcVersion, context.tcVersion), { tc_version: body.tcVersion })
      : { first_name: body.firstName, last_name: body.lastName, display_name: body.displayName };
  const row = await db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable('healthcare_providers as hp')
      .set(changes)
      .where('hp.id', '=', id)
      .returning(providerColumns)
      .executeTakeFirstOrThrow();
    await audit(
      tx,
      principal,
      'update',
      'tcVersion' in body ? ['tcVersion'] : ['firstName', 'lastName', 'displayName'],
    );
    return updated;
  });
  return toProvider(row);
}

/**
 * A password or email change asks for the current password (OWASP ASVS 4.0.3 §2.1.5), checked
 * here for built-in accounts. Auth0 keeps the password: there the recent sign-in (step-up) is the
 * check, as Auth0 offers no password verification to a resource server.
 */
async function assertCurrentPassword(
  identity: AccountIdentity,
  account: { password_hash: string | null },
  currentPassword: string,
) {
  if (identity.mode !== 'built-in') return;
  if (account.password_hash === null || !(await verifyPassword(currentPassword, account.password_hash))) {
    throw invalidData('The current password is not correct.');
  }
}

/** Sets a new password after the policy; clears mustChangePassword. */
export async function changePassword(
  context: AccountContext,
  principal: Principal,
  id: string,
  password: string,
  currentPassword: string,
): Promise<void> {
  const { db, identity } = context;
  const account = await loadOwnAccount(db, principal, id);
  assertRecentSignIn(principal);
  await assertCurrentPassword(identity, account, currentPassword);
  assertPasswordRules(password, {
    emailAddress: account.email_address,
    firstName: account.first_name,
    lastName: account.last_name,
    displayName: account.display_name,
  });
  if (identity.mode === 'auth0') {
    // Auth0 keeps the history (PasswordHistoryError when its password history is on).
    await management(identity).updatePassword(account.auth0_user_id ?? principal.authId, password);
    await db.transaction().execute(async (tx) => {
      await tx.updateTable('healthcare_providers').set({ must_change_password: false }).where('id', '=', id).execute();
      await audit(tx, principal, 'update', ['password']);
    });
  } else {
    await setLocalPassword(db, id, password, { mustChangePassword: false, checkHistory: true });
    await audit(db, principal, 'update', ['password']);
  }
  await endOtherSessions(context, { id, auth0UserId: account.auth0_user_id }, principal.grantId);
  await notifyAccountChange(context.mailer, account.email_address, 'password');
}

/**
 * Stores a new password hash for a built-in account, keeping the replaced one in the history
 * (the last five). With checkHistory, refuses the current password and the last five.
 */
export async function setLocalPassword(
  db: Db,
  id: string,
  password: string,
  options: { mustChangePassword: boolean; checkHistory: boolean },
): Promise<void> {
  const current = await db
    .selectFrom('healthcare_providers')
    .select('password_hash')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (options.checkHistory) {
    const history = await db
      .selectFrom('healthcare_provider_password_history')
      .select('password_hash')
      .where('healthcare_provider_id', '=', id)
      .orderBy('id', 'desc')
      .limit(passwordHistoryDepth)
      .execute();
    await assertNotPreviousPassword(password, [current.password_hash, ...history.map((row) => row.password_hash)]);
  }
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (tx) => {
    if (current.password_hash) {
      await tx
        .insertInto('healthcare_provider_password_history')
        .values({ healthcare_provider_id: id, password_hash: current.password_hash })
        .execute();
    }
    await tx
      .updateTable('healthcare_providers')
      .set({ password_hash: passwordHash, must_change_password: options.mustChangePassword })
      .where('id', '=', id)
      .execute();
    const keep = await tx
      .selectFrom('healthcare_provider_password_history')
      .select('id')
      .where('healthcare_provider_id', '=', id)
      .orderBy('id', 'desc')
      .limit(passwordHistoryDepth)
      .execute();
    await tx
      .deleteFrom('healthcare_provider_password_history')
      .where('healthcare_provider_id', '=', id)
      .$if(keep.length > 0, (query) =>
        query.where(
          'id',
          'not in',
          keep.map((row) => row.id),
        ),
      )
      .execute();
  });
}

export async function getEmailAddress(db: Db, principal: Principal, id: string): Promise<{ emailAddress: string }> {
  const account = await loadOwnAccount(db, principal, id);
  return { emailAddress: account.email_address };
}

/** Changes the sign-in address: the old one no longer signs in. Taken addresses (any case) are refused. */
export async function changeEmailAddress(
  context: AccountContext,
  principal: Principal,
  id: string,
  emailAddress: string,
  currentPassword: string,
): Promise<{ emailAddress: string }> {
  const { db, identity } = context;
  const account = await loadOwnAccount(db, principal, id);
  assertRecentSignIn(principal);
  await assertCurrentPassword(identity, account, currentPassword);
  const taken = await db
    .selectFrom('healthcare_providers')
    .select('id')
    .where(sql`lower(email_address)`, '=', emailAddress.toLowerCase())
    .where('id', '!=', id)
    .executeTakeFirst();
  const alreadyExists = () => new HttpError('USER_ALREADY_EXISTS', 'A user with that email address already exists.');
  if (taken) throw alreadyExists();
  if (identity.mode === 'auth0') {
    await management(identity).updateEmail(account.auth0_user_id ?? principal.authId, emailAddress);
  }
  try {
    await db.transaction().execute(async (tx) => {
      await tx.updateTable('healthcare_providers').set({ email_address: emailAddress }).where('id', '=', id).execute();
      await audit(tx, principal, 'update', ['emailAddress']);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyExists();
    throw error;
  }
  await endOtherSessions(context, { id, auth0UserId: account.auth0_user_id }, principal.grantId);
  // The old address hears of it: a takeover by an address change does not go unnoticed.
  if (account.email_address.toLowerCase() !== emailAddress.toLowerCase()) {
    await notifyAccountChange(context.mailer, account.email_address, 'email');
  }
  return { emailAddress };
}
