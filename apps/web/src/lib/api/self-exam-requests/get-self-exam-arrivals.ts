import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { selfExamLinkRoutes } from '@auscura/contracts';
import type { SelfExamArrival, SelfExamArrivals } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { examKeys } from '../exams/keys.ts';
import { selfExamRequestKeys } from './keys.ts';

/** How often the signed-in shell asks (only while the tab is visible: TanStack Query pauses hidden tabs). */
const selfExamArrivalsPollMs = 30_000;
/**
 * Each question reaches back this far before the server's last `now`: an upload's row is stamped a
 * moment before its transaction commits (and API processes' clocks differ a little), so an arrival
 * can appear with a time just before the previous answer. Exams already seen are dropped. Kept
 * short, so a page opened just after an arrival (which was mailed) rarely tells of it again.
 */
const overlapMs = 10_000;

/** The caller's self exams that arrived after `since`; without it, no arrivals, only the server's clock. */
export async function getSelfExamArrivals(since: string | undefined, signal?: AbortSignal): Promise<SelfExamArrivals> {
  const { data } = await apiRequest(selfExamLinkRoutes.arrivals, 200, { query: since ? { since } : {}, signal });
  return data;
}

/**
 * Asks every half minute which self exams arrived and calls `onArrived` with each new one once.
 * The first answer only sets the cursor: what arrived before the page opened was mailed.
 */
export function useSelfExamArrivals(onArrived: (arrivals: SelfExamArrival[]) => void) {
  const queryClient = useQueryClient();
  const cursor = useRef<string | undefined>(undefined);
  const seen = useRef(new Set<string>());
  const callback = useRef(onArrived);
  useEffect(() => {
    callback.current = onArrived;
  }, [onArrived]);

  const query = useQuery({
    queryKey: selfExamRequestKeys.arrivals,
    queryFn: async ({ signal }) => {
      const answer = await getSelfExamArrivals(cursor.current, signal);
      cursor.current = new Date(Date.parse(answer.now) - overlapMs).toISOString();
      const fresh = answer.items.filter((item) => !seen.current.has(item.examId));
      for (const item of fresh) seen.current.add(item.examId);
      return fresh;
    },
    refetchInterval: selfExamArrivalsPollMs,
    // Each answer is new news: never served from the cache to a later mount.
    gcTime: 0,
  });

  useEffect(() => {
    if (!query.data?.length) return;
    callback.current(query.data);
    // The new exams belong in every exam list now.
    void queryClient.invalidateQueries({ queryKey: examKeys.all });
  }, [query.data, queryClient]);
}
