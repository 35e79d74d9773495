import { createContext, useContext } from 'react';
import type { PublicConfig } from '@auscura/contracts';

type PublicConfigState = {
  /** null while the server cannot be reached: public pages still work, the rest shows a retry screen. */
  config: PublicConfig | null;
  retry: () => Promise<void>;
};

export const PublicConfigContext = createContext<PublicConfigState | null>(null);

export function usePublicConfigState(): PublicConfigState {
  const state = useContext(PublicConfigContext);
  if (!state) throw new Error('usePublicConfigState must be used inside PublicConfigContext');
  return state;
}

/** For screens that only render once the configuration is known (everything behind sign-in). */
export function usePublicConfig(): PublicConfig {
  const { config } = usePublicConfigState();
  if (!config) throw new Error('usePublicConfig used before the configuration was loaded');
  return config;
}
