import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { claims } from '@auscura/contracts';
import { backends, createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { signIn, submitCredentials } from '../test/sign-in.js';
import { createLockout } from './lockout.js';
import { signInMessages } from './routes.js';

const ada = { email: 'ada@riverside.example', password: 'Auscura-demo-2026' };

describe.each(backends)('built-in sign-in on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t?.close());

  it('serves a sign-in page with Email, Password and Sign in', async () => {
    const { signInPage } = await submitCredentials(t.app, 'nobody@example.com', 'x'.repeat(12));
    expect(signInPage.body).toContain('<label for="email">Email</label>');
    expect(signInPage.body).toContain('<label for="password">Password</label>');
    expect(signInPage.body).toContain('>Sign in</button>');
  });

  it('issues an API access token with the organization claims and a refresh token', async () => {
    const tokens = await signIn(t.app, ada.email, ada.password);
    expect(tokens.refresh_token).toBeTruthy();
    const access = decodeJwt(tokens.access_token);
    expect(access.aud).toBe('https://api.auscura.example');
    expect(access[claims.organizationName]).toBe('Riverside Cardiology');
    const id = decodeJwt(tokens.id_token);
    expect(id.email).toBe(ada.email);
    expect(id.name).toBe('Ada Lovelace');
  });

  it('refuses a wrong password with a message that does not say whether the account exists', async () => {
    const wrong = await submitCredentials(t.app, ada.email, 'not-the-password');
    const unknown = await submitCredentials(t.app, 'nobody@riverside.example', 'not-the-password');
    expect(wrong.login.statusCode).toBe(401);
    expect(wrong.login.body).toContain(signInMessages.wrong);
    expect(unknown.login.body).toContain(signInMessages.wrong);
  });

  it('locks an address after 10 failures in a row and refuses even the right password meanwhile', async () => {
    const email = 'grace@riverside.example';
    let last = await submitCredentials(t.app, email, 'wrong-password-0');
    for (let attempt = 1; attempt < 10; attempt++) {
      last = await submitCredentials(t.app, email, `wrong-password-${attempt}`);
    }
    expect(last.login.statusCode).toBe(429);
    expect(last.login.body).toContain('Too many failed sign-in attempts');
    const right = await submitCredentials(t.app, email, ada.password);
    expect(right.login.statusCode).toBe(429);
    expect(right.login.body).toContain('Sign-in is paused for this account for 15 minutes');
    // The same lock applies to an address without an account, so a lock reveals nothing either.
    let ghost = await submitCredentials(t.app, 'ghost@riverside.example', 'wrong-password-0');
    for (let attempt = 1; attempt < 10; attempt++) {
      ghost = await submitCredentials(t.app, 'ghost@riverside.example', `wrong-password-${attempt}`);
    }
    expect(ghost.login.statusCode).toBe(429);
  }, 120_000);

  it('locks one account from one address only: other accounts there, and the account elsewhere, still sign in', async () => {
    // Issue 36, acceptance 3: one attacker behind a hospital's NAT fails 200 times.
    const attacker = '198.51.100.36';
    const first = await submitCredentials(t.app, 'ben@lakeside.example', 'wrong-password-0', undefined, attacker);
    const answers = [first.login.statusCode];
    for (let attempt = 1; attempt < 200; attempt++) {
      answers.push((await first.submit(`wrong-password-${attempt}`)).statusCode);
    }
    expect(answers.slice(0, 9).every((status) => status === 401)).toBe(true);
    expect(answers.slice(10).every((status) => status === 429)).toBe(true);
    // The right password from the attacker's address waits for the lock…
    expect((await first.submit('Auscura-demo-2026')).statusCode).toBe(429);
    // …but a colleague behind the same address signs in,
    const colleague = await submitCredentials(
      t.app,
      'rosalind@lakeside.example',
      'Auscura-demo-2026',
      undefined,
      attacker,
    );
    expect(colleague.login.statusCode).toBe(303);
    // and so does the account's owner from another address.
    const owner = await submitCredentials(
      t.app,
      'ben@lakeside.example',
      'Auscura-demo-2026',
      undefined,
      '203.0.113.80',
    );
    expect(owner.login.statusCode).toBe(303);
  }, 180_000);

  it('locks a client address after its ceiling of failures across accounts within an hour', async () => {
    const lockout = createLockout(t.database.db, { maxFailures: 10, lockMinutes: 15, maxFailuresPerClient: 30 });
    const address = '198.51.100.99';
    for (let n = 0; n < 29; n++) await lockout.recordFailure(`nobody-${n}@example.org`, address);
    expect((await lockout.check('someone@example.org', address)).locked).toBe(false);
    await lockout.recordFailure('nobody-29@example.org', address);
    expect((await lockout.check('someone@example.org', address)).locked).toBe(true);
    expect((await lockout.check('someone@example.org', '198.51.100.100')).locked).toBe(false);
  });
});
