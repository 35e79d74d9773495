import { useEffect, useRef, useState } from 'react';
import type { LocalMedia } from './use-local-media.ts';

/**
 * Mutes this side's microphone while `active` holds, and unmutes it after if it was on before
 * (exams-and-devices §4: the patient while the stethoscope is reviewed, the clinician while a remote
 * recording runs). Answers whether it is muted by this rule now.
 */
export function useMuteWhile(media: LocalMedia, active: boolean): boolean {
  const [mutedByRule, setMutedByRule] = useState(false);
  const muted = useRef(false);
  useEffect(() => {
    if (active && media.microphoneOn && !muted.current) {
      muted.current = true;
      setMutedByRule(true);
      media.toggleMicrophone();
    } else if (!active && muted.current) {
      muted.current = false;
      setMutedByRule(false);
      if (!media.microphoneOn) media.toggleMicrophone();
    }
  }, [active, media]);
  return mutedByRule;
}
