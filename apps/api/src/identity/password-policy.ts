import { limits } from '@auscura/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';
import { HttpError } from '../lib/http-error.js';
import { verifyPassword } from './passwords.js';

/**
 * The server's password policy (clinician-portal §5, issue 6), one module for account creation,
 * the password change of onboarding and settings, and the operator's reset.
 */

/** What the password may not contain: the address's local part and the names, each from 3 characters on. */
export type PasswordOwner = {
  emailAddress: string;
  firstName?: string | null;
  lastName?: string | null;
  displayName?: string | null;
};

/** Earlier passwords refused on a change: the current one and the last five (migration 003). */
export const passwordHistoryDepth = 5;
const minUserInfoLength = 3;

let commonPasswords: Set<string> | undefined;
/**
 * zxcvbn-ts's list of ~49k common passwords (from leaked-password frequency lists), lower-cased
 * once on first use: the dictionary is large and most processes never change a password.
 */
function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((entry) => String(entry).toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

function userInformation(owner: PasswordOwner): string[] {
  const at = owner.emailAddress.lastIndexOf('@');
  const localPart = at > 0 ? owner.emailAddress.slice(0, at) : owner.emailAddress;
  return [localPart, owner.firstName, owner.lastName, owner.displayName]
    .map((value) => (value ?? '').trim().toLowerCase())
    .filter((value) => value.length >= minUserInfoLength);
}

/** The rules that need no stored hash: length, the common list, the owner's own information. */
export function passwordRuleViolation(password: string, owner: PasswordOwner): HttpError | undefined {
  if (password.length < limits.passwordMinLength) {
    return new HttpError(
      'PASSWORD_TOO_SHORT',
      `The password must be at least ${limits.passwordMinLength} characters long.`,
    );
  }
  if (password.length > limits.passwordMaxLength) {
    return new HttpError('INVALID_DATA', `The password may not exceed ${limits.passwordMaxLength} characters.`);
  }
  if (isCommonPassword(password)) {
    return new HttpError('PASSWORD_TOO_COMMON', 'The password is too common. Please choose a less common password.');
  }
  const lower = password.toLowerCase();
  if (userInformation(owner).some((info) => lower.includes(info))) {
    return new HttpError(
      'PASSWORD_CONTAINS_USER_INFORMATION',
      'The password contains user information (the email address or a name).',
    );
  }
  return undefined;
}

export function assertPasswordRules(password: string, owner: PasswordOwner): void {
  const violation = passwordRuleViolation(password, owner);
  if (violation) throw violation;
}

/**
 * Refuses a password equal to one of the given hashes (the current one and the history). Every
 * hash is checked, so the time taken does not tell which one matched.
 */
export async function assertNotPreviousPassword(password: string, hashes: (string | null)[]): Promise<void> {
  const results = [];
  for (const hash of hashes) if (hash) results.push(await verifyPassword(password, hash));
  if (results.some(Boolean)) {
    throw new HttpError(
      'PASSWORD_SAME_AS_PREVIOUS',
      'The password is the same as a previous password. Please choose a new password.',
    );
  }
}
