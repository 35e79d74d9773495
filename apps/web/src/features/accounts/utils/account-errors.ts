import type { ErrorName } from '@auscura/contracts';
import { ApiError } from '../../../lib/api-client.ts';

/** The catalogue error of a failed call, or null for anything else (network, unexpected answer). */
function errorCode(error: unknown): ErrorName | null {
  return error instanceof ApiError ? error.code : null;
}

/** clinician-portal §8 'Create account'. */
const createAccountErrors: Partial<Record<ErrorName, string>> = {
  INVALID_HEALTHCARE_PROVIDER_INVITATION:
    'This invitation is no longer valid. If you do not already have an account, please request a new invitation.',
  PASSWORD_TOO_SHORT: 'The password is too short. Minimum length is 10 characters.',
  PASSWORD_TOO_COMMON: 'The password is too common. Please use different characters.',
  PASSWORD_CONTAINS_USER_INFORMATION: 'The password contains user information. Please change your password.',
  USER_ALREADY_EXISTS: 'The user already exists. Try to login or reset your password.',
  AUTH0_UNKNOWN_ERROR: 'There was an error submitting your information. Please contact administrator.',
};
const createAccountFallback = 'There was an error submitting your information. Please try again later.';

export function createAccountErrorMessage(error: unknown): string {
  const code = errorCode(error);
  return (code && createAccountErrors[code]) ?? createAccountFallback;
}

/** The server's answer to a wrong current password (issue 36), shown as it is. */
const wrongCurrentPasswordMessage = 'The current password is not correct.';
function wrongCurrentPassword(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'INVALID_DATA' && error.message === wrongCurrentPasswordMessage;
}

/** clinician-portal §8 'Password update (onboarding and profile and settings)'. */
const passwordUpdateErrors: Partial<Record<ErrorName, string>> = {
  PASSWORD_SAME_AS_PREVIOUS:
    'The password you entered is the same as your previous password. Please choose a new password.',
  PASSWORD_TOO_SHORT:
    'The password you entered is too short. Please ensure that the password is at least 10 characters.',
  PASSWORD_TOO_COMMON: 'The password you entered is too common. Please enter a less commonly used password.',
  PASSWORD_CONTAINS_USER_INFORMATION: 'The password contains user information. Please change your password.',
  AUTH0_UNKNOWN_ERROR: 'There was an error setting your password. Please contact administrator.',
};
const passwordUpdateFallback = 'There was an error setting your password. Please try again later.';

export function passwordUpdateErrorMessage(error: unknown): string {
  if (wrongCurrentPassword(error)) return wrongCurrentPasswordMessage;
  const code = errorCode(error);
  return (code && passwordUpdateErrors[code]) ?? passwordUpdateFallback;
}

/** clinician-portal §8 'Email update'. */
export function emailUpdateErrorMessage(error: unknown): string {
  if (wrongCurrentPassword(error)) return wrongCurrentPasswordMessage;
  return errorCode(error) === 'USER_ALREADY_EXISTS'
    ? 'A user with that email address already exists.'
    : 'There was an error updating your email address. Please try again later.';
}

/** §8 'Invitation page'. */
export const invitationMessages = {
  noLongerValid: createAccountErrors.INVALID_HEALTHCARE_PROVIDER_INVITATION!,
  fetchFailed: 'There is an error with this invitation. Please request another one or try again later.',
} as const;

/**
 * Whether the invitation page shows "no longer valid" for a failed lookup: the server's type 17
 * (an unknown or used invitation id) is that answer; only real failures get the fetch-failure text.
 */
export function invitationRefused(error: unknown): boolean {
  return errorCode(error) === 'INVALID_HEALTHCARE_PROVIDER_INVITATION';
}

/** §8 'Other messages': onboarding profile or terms save failure. */
export const submitFailedText = 'There was an error submitting your information. Please try again later.';

/** §8 'Profile pages load or save failure'. */
export const unexpectedError = {
  title: 'Unexpected error',
  text: 'The application has encountered an unexpected error. Our technical staff have been automatically notified and will be looking into it.',
} as const;
