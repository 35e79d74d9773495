import type { ProviderOverviewParams } from './get-healthcare-providers-overview.ts';

/** The one query-key family of healthcare providers (and their invitations): every key starts with 'healthcare-providers'. */
export const healthcareProviderKeys = {
  all: ['healthcare-providers'] as const,
  detail: (id: string) => ['healthcare-providers', 'detail', id] as const,
  emailAddress: (id: string) => ['healthcare-providers', 'email-address', id] as const,
  overview: (params: ProviderOverviewParams) => ['healthcare-providers', 'overview', params] as const,
  invitation: (id: string) => ['healthcare-providers', 'invitation', id] as const,
};
