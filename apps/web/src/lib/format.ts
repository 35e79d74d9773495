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

/** How a provider is named to colleagues (one rule with the PDF report and the FHIR export). */
export { providerName } from '@auscura/contracts';
