import { format } from 'date-fns';

/** 'Wed, May 6, 2030, 10:10 AM – 10:25 AM' (the end's date only when it differs). */
export function formatExamTimeRange(start: string | null, end: string | null): string {
  if (!start) return 'started without a schedule';
  const from = new Date(start);
  const head = format(from, 'EEE, MMM d, yyyy, h:mm a');
  if (!end) return head;
  const to = new Date(end);
  const sameDay = format(from, 'yyyy-MM-dd') === format(to, 'yyyy-MM-dd');
  return `${head} – ${format(to, sameDay ? 'h:mm a' : 'EEE, MMM d, yyyy, h:mm a')}`;
}
