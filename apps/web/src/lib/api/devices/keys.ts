/** The one query-key family of the device units: every key starts with 'device-units'. */
export const deviceUnitKeys = {
  all: ['device-units'] as const,
};
