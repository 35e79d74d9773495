import { queryOptions, useQuery } from '@tanstack/react-query';
import { encodeListQuery, examRoutes } from '@auscura/contracts';
import type { Exam } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { examKeys } from './keys.ts';

/**
 * The patient, the recordings and the conducting provider come with the exam in one call: the
 * exam page and the in-person dialog read the same answer from one cache entry.
 */
const examLoads = ['patientProfile', 'auscultations', 'healthcareProvider'];

export async function getExam(id: string, signal?: AbortSignal): Promise<Exam> {
  const { data } = await apiRequest(examRoutes.get, 200, {
    params: { id },
    query: { q: encodeListQuery({ joinedLoads: examLoads }) },
    signal,
  });
  return data;
}

/** How often an exam with a recording still in processing is asked for again. */
const processingRefetchMs = 5000;

/** True while the server is still working on one of the exam's recordings (not for rows that never got one). */
export function hasRecordingInProcessing(exam: Exam | undefined): boolean {
  return exam?.auscultations?.some((a) => a.beatawareStatus === 'processing') ?? false;
}

export function getExamQueryOptions(id: string) {
  return queryOptions({
    queryKey: examKeys.detail(id),
    queryFn: ({ signal }) => getExam(id, signal),
    // A recording's analysis arrives a moment after its upload: keep the page current until it
    // does, instead of leaving "Processing. Please try later." on screen.
    refetchInterval: (query) => (hasRecordingInProcessing(query.state.data) ? processingRefetchMs : false),
  });
}

type UseExamOptions = {
  /** An answer already in hand (the exam just created), shown without a request. */
  initial?: Exam;
  /**
   * false: do not ask again while recordings are processing. The in-person dialog shows the
   * recordings, not their analysis, and refreshes after each upload itself.
   */
  followProcessing?: boolean;
};

export function useExam(id: string, { initial, followProcessing = true }: UseExamOptions = {}) {
  return useQuery({
    ...getExamQueryOptions(id),
    initialData: initial,
    ...(followProcessing ? {} : { refetchInterval: false as const }),
  });
}
