import { describe, expect, it } from 'vitest';
import type { HealthcareProvider } from '@auscura/contracts';
import { onboardingSteps } from './onboarding-steps.ts';

const settled: HealthcareProvider = {
  id: '3f1c1d6e-2b1a-4c55-9a51-0d6f0b0a7c11',
  emailAddress: 'ada@riverside.example',
  firstName: 'Ada',
  lastName: 'Lovelace',
  displayName: 'Dr. Lovelace',
  organizationId: '0c6a9a3e-1f7e-4d2b-8b9a-5a4f1e2d3c4b',
  mustChangePassword: false,
  tcVersion: 1,
  dateCreated: '2026-01-01T00:00:00.000Z',
};

describe('which onboarding steps apply', () => {
  it('none for a provider with a chosen password, current terms and a full profile', () => {
    expect(onboardingSteps(settled, 1)).toEqual([]);
  });

  it('all three, in order, for a provider who has everything to do', () => {
    const fresh = { ...settled, mustChangePassword: true, tcVersion: 0, displayName: null };
    expect(onboardingSteps(fresh, 1)).toEqual(['password', 'terms', 'profile']);
  });

  it('the terms only when the stored version is below the current one', () => {
    expect(onboardingSteps({ ...settled, tcVersion: 1 }, 2)).toEqual(['terms']);
    expect(onboardingSteps({ ...settled, tcVersion: 3 }, 2)).toEqual([]);
  });

  it('the profile when any one name is missing or blank', () => {
    expect(onboardingSteps({ ...settled, firstName: null }, 1)).toEqual(['profile']);
    expect(onboardingSteps({ ...settled, lastName: '  ' }, 1)).toEqual(['profile']);
  });
});
