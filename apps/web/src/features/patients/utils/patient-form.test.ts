import { describe, expect, it } from 'vitest';
import type { PatientProfile } from '@auscura/contracts';
import {
  birthdateError,
  changedPatientFields,
  initialPatientForm,
  maskUsDate,
  parseUsDate,
  patientErrorText,
  patientFormSchema,
  toPatientFields,
  toUsDate,
} from './patient-form.ts';

const original: PatientProfile = {
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Maren',
  lastName: 'Lind',
  fullName: 'Maren Lind',
  dateCreated: '2026-01-02T03:04:05.000Z',
  emailAddress: 'maren@example.org',
  birthdate: '1961-03-14',
  sex: null,
  healthcareProviderId: '00000000-0000-4000-8000-000000000002',
  organizationId: '00000000-0000-4000-8000-000000000003',
  masked: false,
};

describe('mm/dd/yyyy dates', () => {
  it('parse to YYYY-MM-DD, with one-digit month and day', () => {
    expect(parseUsDate('03/14/1961')).toBe('1961-03-14');
    expect(parseUsDate('3/4/1961')).toBe('1961-03-04');
    expect(parseUsDate(' 12/31/1999 ')).toBe('1999-12-31');
  });

  it('refuse what is no calendar date', () => {
    for (const text of ['02/30/2000', '13/01/2000', '00/10/2000', '02/29/1900', '1961-03-14', '03/14/61', 'x']) {
      expect(parseUsDate(text), text).toBeNull();
    }
    expect(parseUsDate('02/29/2000')).toBe('2000-02-29');
  });

  it('format back for the field', () => {
    expect(toUsDate('1961-03-14')).toBe('03/14/1961');
    expect(toUsDate(null)).toBe('');
  });

  it('get their slashes while typing forward, not while deleting', () => {
    expect(maskUsDate('03', '0')).toBe('03/');
    expect(maskUsDate('03/14', '03/1')).toBe('03/14/');
    expect(maskUsDate('03/1', '03/14')).toBe('03/1');
    expect(maskUsDate('03', '03/')).toBe('03');
    expect(maskUsDate('03141961', '')).toBe('03/14/1961');
    expect(maskUsDate('03/14/1961x9', '03/14/1961')).toBe('03/14/1961');
    expect(maskUsDate('ab', '')).toBe('');
  });
});

describe('the birthdate rule', () => {
  const today = '2026-11-22';
  it('says what is wrong, in the spec’s words', () => {
    expect(birthdateError('', today)).toBe('Date of birth is required');
    expect(birthdateError('02/30/1980', today)).toBe('Date of birth must be a valid date');
    expect(birthdateError('12/31/1899', today)).toBe('Date of birth must be a valid date');
    expect(birthdateError('11/23/2026', today)).toBe('Date of birth must be in the past');
  });
  it('accepts 01/01/1900 to today', () => {
    expect(birthdateError('01/01/1900', today)).toBeNull();
    expect(birthdateError('11/22/2026', today)).toBeNull();
  });
});

describe('the patient form', () => {
  const valid = {
    firstName: ' Maren ',
    lastName: "O'Neill-Ruiz",
    emailAddress: 'm@example.org',
    sex: 'unknown',
    birthdate: '03/14/1961',
  } as const;

  it('gives every rule its message', () => {
    const messages = (values: Record<string, string>) => {
      const result = patientFormSchema.safeParse({ ...valid, ...values });
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages({ firstName: '  ' })).toEqual(['First name is required']);
    expect(messages({ lastName: 'L'.repeat(101) })).toEqual(['Last name must be fewer than 100 characters']);
    expect(messages({ firstName: 'Mo#' })).toEqual(['First name cannot contain special characters']);
    expect(messages({ emailAddress: '' })).toEqual(['Email address is required.']);
    expect(messages({ emailAddress: 'nope' })).toEqual(['Invalid email address.']);
    expect(messages({ emailAddress: `${'a'.repeat(115)}@x.org` })).toEqual([
      'Email address may not exceed 120 characters.',
    ]);
    expect(messages({ firstName: 'Léa-Sofía' })).toEqual([]);
  });

  it('turns the values into the server’s fields: trimmed, ISO birthdate', () => {
    expect(toPatientFields(patientFormSchema.parse(valid))).toEqual({
      firstName: 'Maren',
      lastName: "O'Neill-Ruiz",
      emailAddress: 'm@example.org',
      sex: 'unknown',
      birthdate: '1961-03-14',
    });
    expect(toPatientFields(patientFormSchema.parse({ ...valid, sex: 'female' })).sex).toBe('female');
  });

  it('starts from the profile for an update', () => {
    expect(initialPatientForm(original)).toEqual({
      firstName: 'Maren',
      lastName: 'Lind',
      emailAddress: 'maren@example.org',
      sex: 'unknown',
      birthdate: '03/14/1961',
    });
  });

  it('offers exactly the spec’s sexes (exams-and-devices §5): unknown, male, female, and nothing else', () => {
    expect(initialPatientForm().sex).toBe('unknown');
    expect(patientFormSchema.safeParse({ ...valid, sex: '' }).success).toBe(false);
  });
});

describe('the update diff', () => {
  const same = { firstName: 'Maren', lastName: 'Lind', emailAddress: 'maren@example.org', birthdate: '1961-03-14' };

  it('is empty when nothing changed', () => {
    expect(changedPatientFields(original, same)).toEqual({});
  });

  it('holds only the fields that differ', () => {
    expect(changedPatientFields(original, { ...same, lastName: 'Lindqvist', sex: 'female' })).toEqual({
      lastName: 'Lindqvist',
      sex: 'female',
    });
    expect(
      changedPatientFields(original, { ...same, emailAddress: 'Maren@example.org', birthdate: '1961-03-15' }),
    ).toEqual({
      emailAddress: 'Maren@example.org',
      birthdate: '1961-03-15',
    });
  });

  it('does not clear a sex the profile has when none is sent', () => {
    expect(changedPatientFields({ ...original, sex: 'male' }, same)).toEqual({});
  });

  it('treats a profile without a sex as unknown: keeping Unknown sends nothing', () => {
    expect(changedPatientFields(original, { ...same, sex: 'unknown' })).toEqual({});
    expect(changedPatientFields({ ...original, sex: 'male' }, { ...same, sex: 'unknown' })).toEqual({ sex: 'unknown' });
  });
});

describe('server errors', () => {
  it('name the duplicate address, refuse updates, and fall back to the unexpected-error text', () => {
    expect(patientErrorText('DUPLICATE_PATIENT_PROFILE', 'create', 'a@b.org')).toBe(
      'A patient with the email address a@b.org already exists. Email addresses must be unique.',
    );
    expect(patientErrorText('UNAUTHORIZED', 'update', 'a@b.org')).toBe(
      'You are not allowed to update this patient. Please contact your administrator.',
    );
    const unexpected =
      'An unexpected error occurred. Our team has been notified and is looking into it. Please try again.';
    expect(patientErrorText('UNAUTHORIZED', 'create', 'a@b.org')).toBe(unexpected);
    expect(patientErrorText('INTERNAL_SERVER_ERROR', 'update', 'a@b.org')).toBe(unexpected);
    expect(patientErrorText(null, 'create', 'a@b.org')).toBe(unexpected);
  });
});
