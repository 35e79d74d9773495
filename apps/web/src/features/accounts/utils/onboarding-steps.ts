import type { HealthcareProvider } from '@auscura/contracts';

export type OnboardingStep = 'password' | 'terms' | 'profile';

export const onboardingStepLabels: Record<OnboardingStep, string> = {
  password: 'Update password',
  terms: 'Agree to new terms',
  profile: 'Complete your profile',
};

/**
 * The onboarding steps that apply, in their fixed order (clinician-portal §2.6): each one only
 * when its condition holds. Decided once from the record read after sign-in.
 */
export function onboardingSteps(provider: HealthcareProvider, currentTcVersion: number): OnboardingStep[] {
  const steps: OnboardingStep[] = [];
  if (provider.mustChangePassword) steps.push('password');
  if (provider.tcVersion < currentTcVersion) steps.push('terms');
  const missing = (value: string | null) => value === null || value.trim() === '';
  if (missing(provider.firstName) || missing(provider.lastName) || missing(provider.displayName)) steps.push('profile');
  return steps;
}
