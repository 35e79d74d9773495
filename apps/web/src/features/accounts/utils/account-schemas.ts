import { limits, personNamePattern } from '@auscura/contracts';
import { z } from 'zod';
import { emailAddressRule } from '../../../lib/email-rule.ts';

/**
 * The client-side rules of clinician-portal §5, one schema per form. The messages differ from
 * form to form in the spec (punctuation and wording), so each form gets its own, word for word.
 */

/** Letters (any script), periods, commas, apostrophes, spaces and hyphens: the server's own rule. */
const nameCharacters = personNamePattern;

type NameLabel = 'First name' | 'Last name' | 'Display name';

const { nameMaxLength, passwordMinLength, passwordMaxLength } = limits;

// Passwords are not trimmed: spaces are legitimate characters of a password.
function matchingPasswords<T extends z.ZodType<{ password: string; passwordConfirmation: string }>>(
  schema: T,
  message: string,
) {
  return schema.refine((value) => value.password === value.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message,
    // Compare as soon as both fields hold text, even while another field is still invalid.
    when: ({ value }) => {
      const v = value as Partial<Record<'password' | 'passwordConfirmation', unknown>>;
      return (
        typeof v.password === 'string' && typeof v.passwordConfirmation === 'string' && v.passwordConfirmation !== ''
      );
    },
  });
}

// ---- Create account (§5 'Create account') ----

const createAccountName = (label: NameLabel) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(nameMaxLength, `${label} may not exceed ${nameMaxLength} characters`)
    // An empty name gets only the 'required' message.
    .refine((value) => value === '' || nameCharacters.test(value), `${label} may not contain special characters`);

export const createAccountSchema = matchingPasswords(
  z.object({
    firstName: createAccountName('First name'),
    lastName: createAccountName('Last name'),
    displayName: createAccountName('Display name'),
    password: z
      .string()
      .min(1, 'Password is required.')
      .min(passwordMinLength, `Password must be at least ${passwordMinLength} characters`)
      .max(passwordMaxLength, `Password may not exceed ${passwordMaxLength} characters`),
    passwordConfirmation: z.string().min(1, 'You must confirm your password'),
    acceptTerms: z.boolean().refine(Boolean, 'You must agree to the terms and conditions'),
    acceptUseOfData: z.boolean().refine(Boolean, 'You must agree to the use of data terms'),
  }),
  'Passwords must match',
);
export type CreateAccountForm = z.input<typeof createAccountSchema>;

/** The spec has no current-password field (issue 36 adds it); its message reads like §5's. */
const currentPassword = z.string().min(1, 'Current password is required');

// ---- Onboarding (§5 'Password update (onboarding)', 'Terms (onboarding)', 'Profile (onboarding)') ----

export const onboardingPasswordSchema = matchingPasswords(
  z.object({
    currentPassword,
    password: z
      .string()
      .min(1, 'You must enter a password.')
      .min(passwordMinLength, `The password must be at least ${passwordMinLength} characters.`)
      .max(passwordMaxLength, `The password cannot be more than ${passwordMaxLength} characters.`),
    passwordConfirmation: z.string().min(1, 'You must confirm your password.'),
  }),
  'Passwords must match',
);
export type PasswordForm = z.input<typeof onboardingPasswordSchema>;

export const onboardingTermsSchema = z.object({
  accept: z.boolean().refine(Boolean, 'You must agree to the terms and conditions.'),
});
export type TermsForm = z.input<typeof onboardingTermsSchema>;

// The spec writes the last-name message in lower case; it is kept word for word.
const onboardingRequired: Record<NameLabel, string> = {
  'First name': 'First name is required.',
  'Last name': 'last name is required.',
  'Display name': 'Display name is required.',
};
const onboardingName = (label: NameLabel) =>
  z
    .string()
    .trim()
    .min(1, onboardingRequired[label])
    .max(nameMaxLength, `${label} cannot be more than ${nameMaxLength} characters.`);

export const onboardingProfileSchema = z.object({
  firstName: onboardingName('First name'),
  lastName: onboardingName('Last name'),
  displayName: onboardingName('Display name'),
});
export type ProfileForm = z.input<typeof onboardingProfileSchema>;

// ---- Profile and settings (§5 'Profile and settings', 'Email address') ----

// The spec gives only the 'required' messages here; the length limit reads like the create-account one.
const settingsName = (label: NameLabel) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(nameMaxLength, `${label} may not exceed ${nameMaxLength} characters`);

export const personalInfoSchema = z.object({
  firstName: settingsName('First name'),
  lastName: settingsName('Last name'),
  displayName: settingsName('Display name'),
});

export const settingsPasswordSchema = matchingPasswords(
  z.object({
    currentPassword,
    password: z
      .string()
      .min(1, 'New password is required')
      .min(passwordMinLength, `Password must be at least ${passwordMinLength} characters`)
      .max(passwordMaxLength, `Password must be fewer than ${passwordMaxLength} characters`),
    passwordConfirmation: z.string().min(1, 'You must confirm your password'),
  }),
  'Passwords must match',
);

export const emailAddressFormSchema = z
  .object({
    emailAddress: emailAddressRule,
    emailAddressConfirmation: z.string().trim().min(1, 'You must confirm your email address.'),
    currentPassword,
  })
  .refine((value) => value.emailAddress.toLowerCase() === value.emailAddressConfirmation.toLowerCase(), {
    path: ['emailAddressConfirmation'],
    message: 'Email addresses must match.',
    when: ({ value }) => {
      const v = value as Partial<Record<'emailAddress' | 'emailAddressConfirmation', unknown>>;
      return (
        typeof v.emailAddress === 'string' &&
        typeof v.emailAddressConfirmation === 'string' &&
        v.emailAddressConfirmation.trim() !== ''
      );
    },
  });
export type EmailAddressForm = z.input<typeof emailAddressFormSchema>;

/** The first message zod gives for each field: what a form shows under the field. */
export function firstMessages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const messages: Record<string, string> = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    messages[key] ??= issue.message;
  }
  return messages;
}
