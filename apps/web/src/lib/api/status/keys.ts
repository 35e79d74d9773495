/** The one query-key family of the service status: every key starts with 'status'. */
export const statusKeys = {
  all: ['status'] as const,
};
