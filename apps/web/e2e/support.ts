import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

export const demo = { ada: 'ada@riverside.example', ben: 'ben@lakeside.example', password: 'Auscura-demo-2026' };

/** Fills the built-in provider's sign-in page the way a person does. */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** From any protected page: sign in and wait for the shell. */
export async function signInAs(page: Page, email: string, password = demo.password) {
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await submitSignIn(page, email, password);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}
