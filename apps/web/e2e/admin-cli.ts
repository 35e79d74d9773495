import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const adminScript = path.join(repoRoot, 'apps/api/dist/scripts/admin.js');

/**
 * Runs the operator CLI the way an operator does (`npm run admin -- …` without the rebuild), on
 * the data folder of the server under test: the CLI hands the command to that running server.
 */
function runAdmin(...args: string[]): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the specs through playwright.config.ts');
  return execFileSync('node', [adminScript, ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
}

export const riverside = 'Riverside Cardiology';

/** `invite` prints the link as its last line; the path and query are what the browser opens. */
export function invite(email: string, ...options: string[]): string {
  const output = runAdmin('invite', '--email', email, '--org', riverside, ...options);
  const link = output.trim().split('\n').at(-1)!;
  const url = new URL(link);
  if (url.pathname !== '/create-account' || !url.searchParams.get('t'))
    throw new Error(`No invitation link in: ${output}`);
  return `${url.pathname}${url.search}`;
}

/** `reset-password` prints the temporary password as its last line. */
export function resetPassword(email: string): string {
  return runAdmin('reset-password', '--email', email).trim().split('\n').at(-1)!;
}

type Names = { firstName: string; lastName: string; displayName: string };

/** Uses an invitation link through the public API, as the create-account page does. */
export async function createAccountFromLink(request: APIRequestContext, link: string, names: Names, password: string) {
  const invitationId = new URL(link, 'http://localhost').searchParams.get('t')!;
  const config = (await (await request.get('/api/v1/config')).json()) as { tcVersion: number };
  const response = await request.post('/api/v1/healthcare-providers', {
    data: { invitationId, password, tcVersion: config.tcVersion, ...names },
  });
  if (response.status() !== 201) throw new Error(`Account creation answered ${response.status()}`);
}

/** An account made from a fresh invitation, for specs that start with a signed-up provider. */
export async function createAccount(request: APIRequestContext, email: string, names: Names, password: string) {
  await createAccountFromLink(request, invite(email), names, password);
}
