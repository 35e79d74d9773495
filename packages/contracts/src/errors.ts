import { z } from 'zod';

/** The API error catalogue (clinician-portal §8): code → name. Codes never change meaning. */
export const ErrorCode = {
  INTERNAL_SERVER_ERROR: 1,
  INVALID_LIVE_EXAM: 2,
  EXPIRED_ACCESS_CODE: 3,
  EXPIRED_SESSION: 4,
  EXAM_EXISTS: 5,
  UNAUTHORIZED: 6,
  SIGNATURE_HAS_EXPIRED: 7,
  RESOURCE_DOES_NOT_EXIST: 8,
  INVALID_DATA: 9,
  DUPLICATE_PATIENT_PROFILE: 10,
  PASSWORD_TOO_SHORT: 11,
  PASSWORD_TOO_COMMON: 12,
  PASSWORD_CONTAINS_USER_INFORMATION: 13,
  PASSWORD_SAME_AS_PREVIOUS: 14,
  USER_ALREADY_EXISTS: 15,
  AUTH0_UNKNOWN_ERROR: 16,
  INVALID_HEALTHCARE_PROVIDER_INVITATION: 17,
  HCP_SHOULD_REFRESH_DATA_ERROR: 18,
  INVALID_EMAIL: 19,
  AUSCULTATION_RECORDING_FAILED: 20,
} as const;

export type ErrorName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorName];

export const errorNames = Object.keys(ErrorCode) as ErrorName[];

/** HTTP status that goes with each catalogue error (DESIGN.md, "The HTTP contract"). */
export const errorHttpStatus: Record<ErrorName, number> = {
  INTERNAL_SERVER_ERROR: 500,
  INVALID_LIVE_EXAM: 400,
  EXPIRED_ACCESS_CODE: 401,
  EXPIRED_SESSION: 401,
  EXAM_EXISTS: 409,
  UNAUTHORIZED: 401,
  SIGNATURE_HAS_EXPIRED: 401,
  RESOURCE_DOES_NOT_EXIST: 404,
  INVALID_DATA: 400,
  DUPLICATE_PATIENT_PROFILE: 409,
  PASSWORD_TOO_SHORT: 400,
  PASSWORD_TOO_COMMON: 400,
  PASSWORD_CONTAINS_USER_INFORMATION: 400,
  PASSWORD_SAME_AS_PREVIOUS: 400,
  USER_ALREADY_EXISTS: 409,
  AUTH0_UNKNOWN_ERROR: 502,
  INVALID_HEALTHCARE_PROVIDER_INVITATION: 400,
  HCP_SHOULD_REFRESH_DATA_ERROR: 409,
  INVALID_EMAIL: 400,
  AUSCULTATION_RECORDING_FAILED: 422,
};

export const errorNameSchema = z.enum(errorNames as [ErrorName, ...ErrorName[]]);

/** Every error answer of the API has this shape. */
export const apiErrorSchema = z.object({
  type: z.number().int().min(1).max(20),
  name: errorNameSchema,
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export function apiError(name: ErrorName, message: string): ApiError {
  return { type: ErrorCode[name], name, message };
}

export function isApiError(value: unknown): value is ApiError {
  return apiErrorSchema.safeParse(value).success;
}
