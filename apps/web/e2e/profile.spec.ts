import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createAccount } from './admin-cli';
import { demo, expectNoSeriousViolations, signInAs, submitSignIn } from './support';

const names = { firstName: 'Pat', lastName: 'Quinn', displayName: 'Dr. Quinn' };

async function openSettings(page: Page, email: string, password: string) {
  await page.goto('/');
  await signInAs(page, email, password);
  await page.getByRole('link', { name: 'Profile and settings' }).click();
  await expect(page.getByRole('heading', { name: 'Profile and settings' })).toBeVisible();
}

test('personal information: view, edit with its messages, cancel, save with the banner', async ({ page, request }) => {
  await createAccount(request, 'pat@riverside.example', names, 'Lub-Dub-Rhythm-3321');
  await openSettings(page, 'pat@riverside.example', 'Lub-Dub-Rhythm-3321');
  const nav = page.getByRole('navigation', { name: 'Profile and settings' });
  await expect(nav.getByRole('link', { name: 'Personal Information' })).toHaveAttribute('aria-current', 'page');
  const details = page.locator('dl');
  await expect(details).toContainText('OrganizationRiverside Cardiology');
  await expect(details).toContainText('First namePat');
  await expect(details).toContainText('Display nameDr. Quinn');
  await expectNoSeriousViolations(page);

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/profile-and-settings\/personal-info\/edit$/);
  await expect(page.getByText('This is how you will be identified to other users, e.g. Dr. Smith.')).toBeVisible();
  for (const label of ['First name', 'Last name', 'Display name']) await page.getByLabel(label).fill('');
  await page.getByRole('button', { name: 'Submit' }).click();
  for (const message of ['First name is required', 'Last name is required', 'Display name is required']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expectNoSeriousViolations(page);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(details).toContainText('First namePat');
  await expect(page.getByText('You successfully updated your personal information')).toHaveCount(0);

  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Display name').fill('Dr. Pat Quinn');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/profile-and-settings\/personal-info$/);
  await expect(page.getByRole('alert')).toHaveText('You successfully updated your personal information');
  await expect(details).toContainText('Display nameDr. Pat Quinn');
});

test('changing the email address changes the sign-in address; the old one no longer signs in', async ({
  page,
  request,
}) => {
  await createAccount(request, 'robin@riverside.example', { ...names, firstName: 'Robin' }, 'Lub-Dub-Rhythm-4432');
  await openSettings(page, 'robin@riverside.example', 'Lub-Dub-Rhythm-4432');
  await page.getByRole('link', { name: 'Change Email' }).click();
  await expect(page.getByText('robin@riverside.example', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);

  // The form is reset after every submit, the current password too: each try types it again.
  const currentPassword = page.getByLabel('Current password', { exact: true });
  const submit = async (current = 'Lub-Dub-Rhythm-4432') => {
    await currentPassword.fill(current);
    await page.getByRole('button', { name: 'Submit' }).click();
  };
  const newAddress = page.getByLabel('New email address');
  const confirmation = page.getByLabel('Confirm email address');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Current password is required', { exact: true })).toBeVisible();
  await submit();
  await expect(page.getByText('Email address is required.', { exact: true })).toBeVisible();
  await expect(page.getByText('You must confirm your email address.', { exact: true })).toBeVisible();
  await newAddress.fill('not-an-address');
  await confirmation.fill('robin.q@riverside.example');
  await submit();
  await expect(page.getByText('Invalid email address.', { exact: true })).toBeVisible();
  await expect(page.getByText('Email addresses must match.', { exact: true })).toBeVisible();
  await newAddress.fill(`${'r'.repeat(110)}@riverside.example`);
  await submit();
  await expect(page.getByText('Email address may not exceed 120 characters.', { exact: true })).toBeVisible();

  // Another provider's address is taken; the form is reset after the failure too.
  await newAddress.fill(demo.ada);
  await confirmation.fill(demo.ada);
  await submit();
  await expect(page.getByRole('alert')).toHaveText('A user with that email address already exists.');
  await expect(newAddress).toHaveValue('');
  await expect(confirmation).toHaveValue('');

  // A session left open is not enough: the current password is asked for.
  await newAddress.fill('robin.q@riverside.example');
  await confirmation.fill('robin.q@riverside.example');
  await submit('Not-My-Password-1');
  await expect(page.getByRole('alert')).toHaveText('The current password is not correct.');

  await newAddress.fill('robin.q@riverside.example');
  await confirmation.fill('robin.q@riverside.example');
  await submit();
  await expect(page.getByRole('alert')).toHaveText('You successfully updated your email address');
  await expect(page.getByText('robin.q@riverside.example', { exact: true })).toBeVisible();
  await expect(newAddress).toHaveValue('');

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('button', { name: 'Sign back in' }).click();
  await submitSignIn(page, 'robin@riverside.example', 'Lub-Dub-Rhythm-4432');
  await expect(page.getByRole('alert')).toHaveText('The email address or password is incorrect.');
  await submitSignIn(page, 'robin.q@riverside.example', 'Lub-Dub-Rhythm-4432');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
});

test('changing the password: messages, show and hide, each server refusal, then success', async ({ page, request }) => {
  await createAccount(request, 'sam@riverside.example', { ...names, firstName: 'Samira' }, 'Lub-Dub-Rhythm-5543');
  await openSettings(page, 'sam@riverside.example', 'Lub-Dub-Rhythm-5543');
  await page
    .getByRole('navigation', { name: 'Profile and settings' })
    .getByRole('link', { name: 'Change Password' })
    .click();
  await expect(page.getByText('The password must be at least 10 characters long.')).toBeVisible();
  await expectNoSeriousViolations(page);

  const password = page.getByLabel('New password', { exact: true });
  const confirmation = page.getByLabel('Confirm password', { exact: true });
  const submit = () => page.getByRole('button', { name: 'Submit' }).click();
  const fill = async (value: string, confirm = value) => {
    await page.getByLabel('Current password', { exact: true }).fill('Lub-Dub-Rhythm-5543');
    await password.fill(value);
    await confirmation.fill(confirm);
  };
  await submit();
  await expect(page.getByText('New password is required', { exact: true })).toBeVisible();
  await expect(page.getByText('You must confirm your password', { exact: true })).toBeVisible();
  await fill('too-short', 'mismatch');
  await submit();
  await expect(page.getByText('Password must be at least 10 characters', { exact: true })).toBeVisible();
  await expect(page.getByText('Passwords must match', { exact: true })).toBeVisible();
  await fill('p'.repeat(129));
  await submit();
  await expect(page.getByText('Password must be fewer than 128 characters', { exact: true })).toBeVisible();

  // Show and hide, per field.
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show new password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide new password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show confirm password' }).click();
  await expect(confirmation).toHaveAttribute('type', 'text');

  const banner = page.getByRole('alert');
  await fill('Gallop-Rhythm-8812');
  await page.route(
    '**/api/v1/healthcare-providers/*/password',
    (route) =>
      route.continue({ postData: JSON.stringify({ password: 'short-pw', currentPassword: 'Lub-Dub-Rhythm-5543' }) }),
    { times: 1 },
  );
  await submit();
  await expect(banner).toHaveText(
    'The password you entered is too short. Please ensure that the password is at least 10 characters.',
  );
  await fill('iloveyou123');
  await submit();
  await expect(banner).toHaveText(
    'The password you entered is too common. Please enter a less commonly used password.',
  );
  await fill('samira-listens-2026');
  await submit();
  await expect(banner).toHaveText('The password contains user information. Please change your password.');
  await fill('Lub-Dub-Rhythm-5543');
  await submit();
  await expect(banner).toHaveText(
    'The password you entered is the same as your previous password. Please choose a new password.',
  );
  await expectNoSeriousViolations(page);

  await fill('Gallop-Rhythm-8812');
  await submit();
  await expect(banner).toHaveText('You successfully updated your password');
  await expect(password).toHaveValue('');
  await expect(confirmation).toHaveValue('');

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('button', { name: 'Sign back in' }).click();
  await signInAs(page, 'sam@riverside.example', 'Gallop-Rhythm-8812');
});
