import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createAccountFromLink, invite, resetPassword } from './admin-cli';
import { demo, expectNoSeriousViolations, signInAs, submitSignIn } from './support';

const noLongerValid =
  'This invitation is no longer valid. If you do not already have an account, please request a new invitation.';

/**
 * The forms refuse a short password before sending it, so to see the server's own
 * PASSWORD_TOO_SHORT the next request is rewritten on its way to the (real) server.
 */
async function sendShortPasswordOnce(page: Page, url: string, method: string) {
  await page.route(
    url,
    async (route) => {
      if (route.request().method() !== method) return route.continue();
      const body = route.request().postDataJSON() as Record<string, unknown>;
      return route.continue({ postData: JSON.stringify({ ...body, password: 'short-pw' }) });
    },
    { times: 1 },
  );
}

const create = (page: Page) => page.getByRole('button', { name: 'Create account' }).click();

async function fillPasswords(page: Page, password: string, confirmation = password) {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(confirmation);
}

test('an invitation from the CLI becomes an account: every message for bad input, the server password rules, sign-in, home', async ({
  page,
}) => {
  const link = invite('linnea@riverside.example');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(
    page.getByText('You have been invited to join Riverside Cardiology as linnea@riverside.example.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /Terms of Service.*new tab/ })).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: /Privacy Policy.*new tab/ })).toHaveAttribute('target', '_blank');
  await expectNoSeriousViolations(page);

  // Empty form: every field says what it needs, and the first one takes the focus.
  await create(page);
  for (const message of [
    'First name is required',
    'Last name is required',
    'Display name is required',
    'Password is required.',
    'You must confirm your password',
    'You must agree to the terms and conditions',
    'You must agree to the use of data terms',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('First name')).toBeFocused();
  await expectNoSeriousViolations(page);

  // Bad input: lengths, characters, the confirmation.
  await page.getByLabel('First name').fill('L'.repeat(101));
  await page.getByLabel('Last name').fill('Lee #2');
  await page.getByLabel('Display name').fill('Dr. <Lee>');
  await fillPasswords(page, 'too-short', 'something else');
  await create(page);
  for (const message of [
    'First name may not exceed 100 characters',
    'Last name may not contain special characters',
    'Display name may not contain special characters',
    'Password must be at least 10 characters',
    'Passwords must match',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await fillPasswords(page, 'p'.repeat(129));
  await create(page);
  await expect(page.getByText('Password may not exceed 128 characters', { exact: true })).toBeVisible();

  await page.getByLabel('First name').fill('Linnéa');
  await page.getByLabel('Last name').fill("O'Lee-Smith");
  await page.getByLabel('Display name').fill('Dr. Lee, MD');
  await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await page.getByRole('checkbox', { name: /use of my data/ }).check();

  // The server's password policy, each refusal with its own message in the banner.
  const banner = page.getByRole('alert');
  await fillPasswords(page, 'Murmur-Cascade-7731');
  await sendShortPasswordOnce(page, '**/api/v1/healthcare-providers', 'POST');
  await create(page);
  await expect(banner).toHaveText('The password is too short. Minimum length is 10 characters.');
  await fillPasswords(page, '1234567890');
  await create(page);
  await expect(banner).toHaveText('The password is too common. Please use different characters.');
  await fillPasswords(page, 'linnea-listens-2026');
  await create(page);
  await expect(banner).toHaveText('The password contains user information. Please change your password.');
  await expectNoSeriousViolations(page);

  await fillPasswords(page, 'Murmur-Cascade-7731');
  await create(page);
  await expect(page.getByRole('heading', { name: 'Account creation successful' })).toBeVisible();
  await expectNoSeriousViolations(page);

  // Sign in: no onboarding step applies to a fresh account, so it goes straight home.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInAs(page, 'linnea@riverside.example', 'Murmur-Cascade-7731');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Patients', exact: true })).toBeVisible();

  // The invitation is spent.
  await page.goto(link);
  await expect(page.getByText(noLongerValid)).toBeVisible();
});

test('spent, expired and unknown invitations, and a missing one', async ({ page, request }) => {
  // Two invitations for one address: once one has made the account, the other cannot make it again.
  const first = invite('twice@riverside.example');
  const second = invite('twice@riverside.example');
  await page.goto(second);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await createAccountFromLink(
    request,
    first,
    { firstName: 'Tess', lastName: 'Twice', displayName: 'Dr. Twice' },
    'Twofold-Sound-4411',
  );
  await page.getByLabel('First name').fill('Tess');
  await page.getByLabel('Last name').fill('Twice');
  await page.getByLabel('Display name').fill('Dr. Twice');
  await fillPasswords(page, 'Another-Sound-5522');
  await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await page.getByRole('checkbox', { name: /use of my data/ }).check();
  await create(page);
  await expect(page.getByRole('alert')).toHaveText(noLongerValid);
  await page.goto(first);
  await expect(page.getByText(noLongerValid)).toBeVisible();

  // Expired: valid for about a second.
  const expiring = invite('late@riverside.example', '--expires-in-days', '0.00001');
  await page.waitForTimeout(1500);
  await page.goto(expiring);
  await expect(page.getByRole('heading', { name: 'Invitation no longer valid' })).toBeVisible();
  await expect(page.getByText(noLongerValid)).toBeVisible();
  await expectNoSeriousViolations(page);

  // Unknown: the server answers type 17, which is "no longer valid" too (§8, issue 22).
  await page.goto('/create-account?t=no-such-invitation-0000000000');
  await expect(page.getByRole('heading', { name: 'Invitation no longer valid' })).toBeVisible();
  await expect(page.getByText(noLongerValid)).toBeVisible();
  await expectNoSeriousViolations(page);

  // The fetch-failure text stays for a lookup that really fails.
  await page.route('**/api/v1/healthcare-provider-invitations/**', (route) => route.abort());
  await page.goto('/create-account?t=no-such-invitation-0000000001');
  await expect(
    page.getByText('There is an error with this invitation. Please request another one or try again later.'),
  ).toBeVisible();
  await page.unroute('**/api/v1/healthcare-provider-invitations/**');

  await page.goto('/create-account');
  await expect(page).toHaveURL(/\/errors\/404$/);
  await expect(page.getByRole('heading', { name: 'Page not found.' })).toBeVisible();
});

test('new@riverside.example goes through all three onboarding steps, each password refusal shown, then home', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await submitSignIn(page, 'new@riverside.example', demo.password);
  await expect(page.getByRole('heading', { name: 'Update password' })).toBeVisible();
  await expect(page).toHaveURL(/\/post-auth-pipeline$/);
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  for (const label of ['Update password', 'Agree to new terms', 'Complete your profile']) {
    await expect(page.getByText(label).first()).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Auscura home' })).toHaveCount(0);
  await expectNoSeriousViolations(page);

  const submit = () => page.getByRole('button', { name: 'Update password' }).click();
  const fill = async (password: string, confirmation = password) => {
    await page.getByLabel('Current password', { exact: true }).fill(demo.password);
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password', { exact: true }).fill(confirmation);
  };
  await submit();
  await expect(page.getByText('You must enter a password.', { exact: true })).toBeVisible();
  await expect(page.getByText('You must confirm your password.', { exact: true })).toBeVisible();
  await fill('too-short', 'mismatch');
  await submit();
  await expect(page.getByText('The password must be at least 10 characters.', { exact: true })).toBeVisible();
  await expect(page.getByText('Passwords must match', { exact: true })).toBeVisible();
  await fill('p'.repeat(129));
  await submit();
  await expect(page.getByText('The password cannot be more than 128 characters.', { exact: true })).toBeVisible();

  const banner = page.getByRole('alert');
  await fill('Quiet-Heartbeat-9182');
  await sendShortPasswordOnce(page, '**/api/v1/healthcare-providers/*/password', 'PATCH');
  await submit();
  await expect(banner).toHaveText(
    'The password you entered is too short. Please ensure that the password is at least 10 characters.',
  );
  await fill('qwertyuiop');
  await submit();
  await expect(banner).toHaveText(
    'The password you entered is too common. Please enter a less commonly used password.',
  );
  await fill('nora-newman-heart');
  await submit();
  await expect(banner).toHaveText('The password contains user information. Please change your password.');
  await fill(demo.password);
  await submit();
  await expect(banner).toHaveText(
    'The password you entered is the same as your previous password. Please choose a new password.',
  );
  await fill('Quiet-Heartbeat-9182');
  await submit();

  await expect(page.getByRole('heading', { name: 'Agree to new terms' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Agree to new terms' })).toBeFocused();
  await expect(page.getByText('Your password has been updated.')).toBeVisible();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('You must agree to the terms and conditions.', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Nora');
  await expect(page.getByLabel('Display name')).toHaveValue('');
  await expectNoSeriousViolations(page);
  await page.getByLabel('Last name').fill('');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('last name is required.', { exact: true })).toBeVisible();
  await expect(page.getByText('Display name is required.', { exact: true })).toBeVisible();
  await page.getByLabel('Last name').fill('Newman');
  await page.getByLabel('Display name').fill('N'.repeat(101));
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Display name cannot be more than 100 characters.', { exact: true })).toBeVisible();
  await page.getByLabel('Display name').fill('Dr. Newman');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your user profile has been updated.')).toBeVisible();

  // Signed in again, nothing is left to do: straight home.
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('button', { name: 'Sign back in' }).click();
  await signInAs(page, 'new@riverside.example', 'Quiet-Heartbeat-9182');
  await expect(page.getByRole('heading', { name: 'Update password' })).toHaveCount(0);
});

test('after an operator password reset, onboarding shows the password step only', async ({ page }) => {
  const temporary = resetPassword('grace@riverside.example');
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await submitSignIn(page, 'grace@riverside.example', temporary);
  await expect(page.getByRole('heading', { name: 'Update password' })).toBeVisible();
  await expect(page.getByText(/Step \d of \d/)).toHaveCount(0);
  await expect(page.getByText('Agree to new terms')).toHaveCount(0);
  await expect(page.getByText('Complete your profile')).toHaveCount(0);
  // The temporary password the operator printed is the current one.
  await page.getByLabel('Current password', { exact: true }).fill(temporary);
  await page.getByLabel('New password', { exact: true }).fill(temporary);
  await page.getByLabel('Confirm password', { exact: true }).fill(temporary);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The password you entered is the same as your previous password. Please choose a new password.',
  );
  await page.getByLabel('New password', { exact: true }).fill('Steady-Rhythm-6650');
  await page.getByLabel('Confirm password', { exact: true }).fill('Steady-Rhythm-6650');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
