import type { HealthcareProviderSummary } from '@auscura/contracts';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** An ISO timestamp as MM/DD/YYYY in the viewer's time zone (the service is for US users). */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** An ISO timestamp as MM/DD/YYYY, h:mm AM/PM in the viewer's time zone. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** How a provider is named to colleagues: the display name they chose, else their name, else their address. */
export function providerName(
  provider: Pick<HealthcareProviderSummary, 'displayName' | 'firstName' | 'lastName' | 'emailAddress'> | undefined,
): string {
  if (!provider) return '—';
  if (provider.displayName) return provider.displayName;
  const name = [provider.firstName, provider.lastName].filter(Boolean).join(' ');
  return name || provider.emailAddress;
}
