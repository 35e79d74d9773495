import { z } from 'zod';

/** Limits shared by forms and the server (clinician-portal §5, §9). */
export const limits = {
  nameMaxLength: 100,
  emailMaxLength: 120,
  passwordMinLength: 10,
  passwordMaxLength: 128,
  pageSize: 10,
  maxPageSize: 100,
} as const;

export const uuidSchema = z.uuid();
/** Dates travel as ISO strings (DESIGN.md). */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
/** Birthdates travel as YYYY-MM-DD. */
export const isoDateSchema = z.iso.date();
export const emailSchema = z.email().max(limits.emailMaxLength);
export const nameSchema = z.string().trim().min(1).max(limits.nameMaxLength);
/**
 * The name rule of the patient form (exams-and-devices §5) and of account creation
 * (clinician-portal §5): letters, periods, commas, apostrophes, spaces and hyphens.
 */
export const personNamePattern = /^[\p{L} .,'-]+$/u;
