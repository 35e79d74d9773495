import type { Control, Path } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field.tsx';

/** The values both name forms hold (onboarding's profile step and the personal-info edit). */
type NameValues = { firstName: string; lastName: string; displayName: string };
/** The values both new-password forms hold (onboarding's password step and settings). */
type NewPasswordValues = { password: string; passwordConfirmation: string };

/** First, last and display name, with the display-name hint of clinician-portal §2.7. */
export function NameFields({ control }: { control: Control<NameValues> }) {
  return (
    <>
      <FormTextField control={control} name="firstName" label="First name" autoComplete="given-name" />
      <FormTextField control={control} name="lastName" label="Last name" autoComplete="family-name" />
      <FormTextField
        control={control}
        name="displayName"
        label="Display name"
        autoComplete="nickname"
        hint="This is how you will be identified to other users, e.g. Dr. Smith."
      />
    </>
  );
}

/**
 * The password the account signs in with now: a password or email change asks for it (issue 36;
 * OWASP ASVS 4.0.3 §2.1.5), so a session left open or a stolen token alone changes neither.
 */
export function CurrentPasswordField<T extends { currentPassword: string }>({ control }: { control: Control<T> }) {
  return (
    <FormTextField
      control={control}
      name={'currentPassword' as Path<T>}
      label="Current password"
      type="password"
      autoComplete="current-password"
    />
  );
}

/**
 * New password and its confirmation, each with a show/hide toggle, and the §2.7 length hint.
 * Create-account labels the first field 'Password'; onboarding and settings say 'New password'.
 */
export function NewPasswordFields<T extends NewPasswordValues>({
  control,
  passwordLabel = 'New password',
}: {
  control: Control<T>;
  passwordLabel?: string;
}) {
  // Every form with these two values has these two paths.
  const password = 'password' as Path<T>;
  const passwordConfirmation = 'passwordConfirmation' as Path<T>;
  return (
    <>
      <FormTextField
        control={control}
        name={password}
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        hint="The password must be at least 10 characters long."
      />
      <FormTextField
        control={control}
        name={passwordConfirmation}
        label="Confirm password"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
