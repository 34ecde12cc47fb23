import { useQuery } from '@tanstack/react-query';
import type {
  TimeMachineDeltaStep,
  TimeMachineFrameReply,
  TimeMachineHistoryReply,
  TimeMachineStepsReply,
} from '../../../../../contracts/api/timemachine.ts';
import { api } from '../../../lib/api.ts';

export type { TimeMachineDeltaStep, TimeMachineFrameReply, TimeMachineHistoryReply };

const enc = encodeURIComponent;
/** The server's page limit for GET …/steps. */
const pageSize = 5000;

export type TimeMachineData = { history: TimeMachineHistoryReply; steps: TimeMachineDeltaStep[] };

/**
 * GET /api/timemachine/{viewId} (header and timeline), then every step with
 * its deltas (GET …/steps, in pages) so the player steps locally.
 */
export const fetchTimeMachine = async (viewId: string, signal?: AbortSignal): Promise<TimeMachineData> => {
  const history = await api.request<TimeMachineHistoryReply>(`/api/timemachine/${enc(viewId)}`, { signal });
  const steps: TimeMachineDeltaStep[] = [];
  let total = history.steps.length;
  while (steps.length < total) {
    const page = await api.request<TimeMachineStepsReply>(`/api/timemachine/${enc(viewId)}/steps?from=${steps.length}&count=${pageSize}`, {
      signal,
    });
    total = page.total;
    if (page.steps.length === 0) break;
    steps.push(...page.steps);
  }
  return { history, steps };
};

export const useTimeMachine = (viewId: string) =>
  useQuery({
    queryKey: ['views', viewId, 'timemachine'] as const,
    queryFn: ({ signal }) => fetchTimeMachine(viewId, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });

/** GET /api/timemachine/{viewId}/at?time=: the frame in force at an instant. */
export const fetchFrameAt = (viewId: string, time: string) =>
  api.request<TimeMachineFrameReply>(`/api/timemachine/${enc(viewId)}/at?time=${enc(time)}`);
