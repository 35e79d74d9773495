/** clinician-portal §8: the text of any list that failed to load. */
export const listLoadFailedText =
  'An unexpected error occurred. Our team has been notified and is looking into it. Please try again later.';

/** clinician-portal §2.8: a search that matched nothing. */
export const noMatchingRecordsText = 'Sorry, no matching records found';
