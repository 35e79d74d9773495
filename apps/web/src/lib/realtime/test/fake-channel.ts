import { emptyLiveExamState } from '@auscura/contracts';
import type { LiveExamState } from '@auscura/contracts';
import { createChannelCore } from '../live-exam-channel.ts';

/**
 * A live exam channel for hook tests whose writes land in its own state, as the server would store
 * them (a field, an auscultation request, or one field of a request); `set` plays the other side.
 */
export function fakeChannel() {
  const core = createChannelCore();
  let state: LiveExamState = emptyLiveExamState();
  core.setState(state);
  core.setStatus('connected');
  const set = (next: LiveExamState) => {
    state = next;
    core.setState(state);
  };
  const channel = core.channel({
    async write(path: string, value: unknown) {
      const [field, id, child] = path.split('/') as [keyof LiveExamState, string?, string?];
      if (field !== 'auscultationRequests' || !id) return set({ ...state, [field]: value });
      const requests = { ...state.auscultationRequests };
      if (!child) {
        if (value === null) delete requests[id];
        else requests[id] = value as never;
      } else requests[id] = { ...requests[id]!, [child]: value };
      set({ ...state, auscultationRequests: requests });
    },
    close: () => undefined,
  });
  return { channel, state: () => state, set };
}
