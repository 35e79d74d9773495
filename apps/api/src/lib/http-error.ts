import { apiError, errorHttpStatus } from '@auscura/contracts';
import type { ApiError, ErrorName } from '@auscura/contracts';

/** An error that reaches the client in the catalogue's shape with its HTTP status. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: ApiError;
  /** Headers that go with the answer (a step-up's WWW-Authenticate). */
  headers: Record<string, string> = {};

  constructor(name: ErrorName, message: string, status = errorHttpStatus[name]) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = apiError(name, message);
  }
}

export const notFound = (what = 'resource') => new HttpError('RESOURCE_DOES_NOT_EXIST', `The ${what} does not exist.`);
export const invalidData = (message: string) => new HttpError('INVALID_DATA', message);
export const unauthorized = (message = 'Authentication is required.') => new HttpError('UNAUTHORIZED', message);
