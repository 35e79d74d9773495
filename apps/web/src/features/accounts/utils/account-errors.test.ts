import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { createAccountErrorMessage, emailUpdateErrorMessage, passwordUpdateErrorMessage } from './account-errors.ts';

const refused = (code: ConstructorParameters<typeof ApiError>[2], status = 400) =>
  new ApiError('refused', status, code, null);

describe('the messages of server refusals (clinician-portal §8)', () => {
  it('gives each password error its own message when a password is updated', () => {
    expect(passwordUpdateErrorMessage(refused('PASSWORD_SAME_AS_PREVIOUS'))).toBe(
      'The password you entered is the same as your previous password. Please choose a new password.',
    );
    expect(passwordUpdateErrorMessage(refused('PASSWORD_TOO_SHORT'))).toBe(
      'The password you entered is too short. Please ensure that the password is at least 10 characters.',
    );
    expect(passwordUpdateErrorMessage(refused('PASSWORD_TOO_COMMON'))).toBe(
      'The password you entered is too common. Please enter a less commonly used password.',
    );
    expect(passwordUpdateErrorMessage(refused('PASSWORD_CONTAINS_USER_INFORMATION'))).toBe(
      'The password contains user information. Please change your password.',
    );
    expect(passwordUpdateErrorMessage(refused('AUTH0_UNKNOWN_ERROR', 502))).toBe(
      'There was an error setting your password. Please contact administrator.',
    );
    expect(passwordUpdateErrorMessage(refused('INTERNAL_SERVER_ERROR', 500))).toBe(
      'There was an error setting your password. Please try again later.',
    );
    expect(passwordUpdateErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'There was an error setting your password. Please try again later.',
    );
  });

  it('gives each create-account error its own message', () => {
    expect(createAccountErrorMessage(refused('INVALID_HEALTHCARE_PROVIDER_INVITATION'))).toBe(
      'This invitation is no longer valid. If you do not already have an account, please request a new invitation.',
    );
    expect(createAccountErrorMessage(refused('PASSWORD_TOO_SHORT'))).toBe(
      'The password is too short. Minimum length is 10 characters.',
    );
    expect(createAccountErrorMessage(refused('PASSWORD_TOO_COMMON'))).toBe(
      'The password is too common. Please use different characters.',
    );
    expect(createAccountErrorMessage(refused('PASSWORD_CONTAINS_USER_INFORMATION'))).toBe(
      'The password contains user information. Please change your password.',
    );
    expect(createAccountErrorMessage(refused('USER_ALREADY_EXISTS', 409))).toBe(
      'The user already exists. Try to login or reset your password.',
    );
    expect(createAccountErrorMessage(refused('AUTH0_UNKNOWN_ERROR', 502))).toBe(
      'There was an error submitting your information. Please contact administrator.',
    );
    // The previous-password rule cannot apply to a new account: it falls to the general message.
    expect(createAccountErrorMessage(refused('INVALID_DATA'))).toBe(
      'There was an error submitting your information. Please try again later.',
    );
  });

  it('tells a taken email address apart from any other email failure', () => {
    expect(emailUpdateErrorMessage(refused('USER_ALREADY_EXISTS', 409))).toBe(
      'A user with that email address already exists.',
    );
    expect(emailUpdateErrorMessage(refused('INVALID_DATA'))).toBe(
      'There was an error updating your email address. Please try again later.',
    );
  });
});
