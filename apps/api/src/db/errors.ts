/**
 * PostgreSQL's unique_violation (SQLSTATE 23505, PostgreSQL manual, Appendix A "Error Codes"),
 * as both drivers report it: the error's `code`. Callers know which unique index their statement
 * can hit and turn the violation into their own answer.
 */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}
