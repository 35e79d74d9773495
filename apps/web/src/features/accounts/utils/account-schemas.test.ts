import { describe, expect, it } from 'vitest';
import {
  createAccountSchema,
  emailAddressFormSchema,
  firstMessages,
  onboardingPasswordSchema,
  onboardingProfileSchema,
  onboardingTermsSchema,
  personalInfoSchema,
  settingsPasswordSchema,
} from './account-schemas.ts';

const validAccount = {
  firstName: 'Grace',
  lastName: "O'Neil-Hopper",
  displayName: 'Dr. Hopper, MD',
  password: 'a long passphrase',
  passwordConfirmation: 'a long passphrase',
  acceptTerms: true,
  acceptUseOfData: true,
};
const long = 'x'.repeat(101);

describe('the create-account form', () => {
  it('accepts letters, periods, commas, apostrophes, spaces and hyphens in names, in any script', () => {
    expect(firstMessages(createAccountSchema, validAccount)).toEqual({});
    expect(firstMessages(createAccountSchema, { ...validAccount, firstName: 'Zoë', lastName: 'Šimůnková' })).toEqual(
      {},
    );
  });

  it('asks for every field with its own message', () => {
    const empty = {
      ...validAccount,
      firstName: ' ',
      lastName: '',
      displayName: '',
      password: '',
      passwordConfirmation: '',
    };
    expect(firstMessages(createAccountSchema, { ...empty, acceptTerms: false, acceptUseOfData: false })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      displayName: 'Display name is required',
      password: 'Password is required.',
      passwordConfirmation: 'You must confirm your password',
      acceptTerms: 'You must agree to the terms and conditions',
      acceptUseOfData: 'You must agree to the use of data terms',
    });
  });

  it('limits names to 100 characters and refuses special characters', () => {
    expect(
      firstMessages(createAccountSchema, {
        ...validAccount,
        firstName: long,
        lastName: 'Smith2',
        displayName: 'Dr <b>',
      }),
    ).toEqual({
      firstName: 'First name may not exceed 100 characters',
      lastName: 'Last name may not contain special characters',
      displayName: 'Display name may not contain special characters',
    });
  });

  it('keeps the password between 10 and 128 characters and its confirmation equal', () => {
    expect(
      firstMessages(createAccountSchema, { ...validAccount, password: 'short', passwordConfirmation: 'short' }),
    ).toEqual({
      password: 'Password must be at least 10 characters',
    });
    const tooLong = 'p'.repeat(129);
    expect(
      firstMessages(createAccountSchema, { ...validAccount, password: tooLong, passwordConfirmation: tooLong }),
    ).toEqual({
      password: 'Password may not exceed 128 characters',
    });
    expect(firstMessages(createAccountSchema, { ...validAccount, passwordConfirmation: 'a long passphrasE' })).toEqual({
      passwordConfirmation: 'Passwords must match',
    });
  });
});

/** A current password, which the password and email changes ask for (issue 36). */
const current = 'Old-password-1';

describe('the onboarding forms', () => {
  it('words the password messages of the onboarding step', () => {
    expect(
      firstMessages(onboardingPasswordSchema, { currentPassword: '', password: '', passwordConfirmation: '' }),
    ).toEqual({
      currentPassword: 'Current password is required',
      password: 'You must enter a password.',
      passwordConfirmation: 'You must confirm your password.',
    });
    expect(
      firstMessages(onboardingPasswordSchema, {
        currentPassword: current,
        password: 'short',
        passwordConfirmation: 'other',
      }),
    ).toEqual({
      password: 'The password must be at least 10 characters.',
      passwordConfirmation: 'Passwords must match',
    });
    const tooLong = 'p'.repeat(129);
    expect(
      firstMessages(onboardingPasswordSchema, {
        currentPassword: current,
        password: tooLong,
        passwordConfirmation: tooLong,
      }),
    ).toEqual({
      password: 'The password cannot be more than 128 characters.',
    });
  });

  it('requires the terms box', () => {
    expect(firstMessages(onboardingTermsSchema, { accept: false })).toEqual({
      accept: 'You must agree to the terms and conditions.',
    });
    expect(firstMessages(onboardingTermsSchema, { accept: true })).toEqual({});
  });

  it('words the profile messages of the onboarding step as the spec does', () => {
    expect(firstMessages(onboardingProfileSchema, { firstName: '', lastName: '', displayName: '' })).toEqual({
      firstName: 'First name is required.',
      lastName: 'last name is required.',
      displayName: 'Display name is required.',
    });
    expect(firstMessages(onboardingProfileSchema, { firstName: long, lastName: long, displayName: long })).toEqual({
      firstName: 'First name cannot be more than 100 characters.',
      lastName: 'Last name cannot be more than 100 characters.',
      displayName: 'Display name cannot be more than 100 characters.',
    });
  });
});

describe('the profile and settings forms', () => {
  it('requires the three names', () => {
    expect(firstMessages(personalInfoSchema, { firstName: '', lastName: ' ', displayName: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      displayName: 'Display name is required',
    });
  });

  it('words the password messages of the settings form', () => {
    expect(
      firstMessages(settingsPasswordSchema, { currentPassword: '', password: '', passwordConfirmation: '' }),
    ).toEqual({
      currentPassword: 'Current password is required',
      password: 'New password is required',
      passwordConfirmation: 'You must confirm your password',
    });
    expect(
      firstMessages(settingsPasswordSchema, {
        currentPassword: current,
        password: 'short',
        passwordConfirmation: 'short',
      }),
    ).toEqual({
      password: 'Password must be at least 10 characters',
    });
    const tooLong = 'p'.repeat(129);
    expect(
      firstMessages(settingsPasswordSchema, { currentPassword: current, password: tooLong, passwordConfirmation: 'x' }),
    ).toEqual({
      password: 'Password must be fewer than 128 characters',
      passwordConfirmation: 'Passwords must match',
    });
  });

  it('checks the new email address and its confirmation', () => {
    expect(
      firstMessages(emailAddressFormSchema, { emailAddress: '', emailAddressConfirmation: '', currentPassword: '' }),
    ).toEqual({
      emailAddress: 'Email address is required.',
      currentPassword: 'Current password is required',
      emailAddressConfirmation: 'You must confirm your email address.',
    });
    expect(
      firstMessages(emailAddressFormSchema, {
        emailAddress: 'not-an-address',
        emailAddressConfirmation: 'x',
        currentPassword: current,
      }),
    ).toEqual({
      emailAddress: 'Invalid email address.',
      emailAddressConfirmation: 'Email addresses must match.',
    });
    const tooLong = `${'a'.repeat(110)}@example.com`;
    expect(
      firstMessages(emailAddressFormSchema, {
        emailAddress: tooLong,
        emailAddressConfirmation: tooLong,
        currentPassword: current,
      }),
    ).toEqual({
      emailAddress: 'Email address may not exceed 120 characters.',
    });
    expect(
      firstMessages(emailAddressFormSchema, {
        emailAddress: 'ada@example.org',
        emailAddressConfirmation: 'ADA@example.org',
        currentPassword: current,
      }),
    ).toEqual({});
  });
});
