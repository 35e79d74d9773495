import { createContext, useContext } from 'react';
import { apiBasePath, configRoutes, publicConfigSchema } from '@auscura/contracts';
import type { PublicConfig } from '@auscura/contracts';
import { env } from '../config/env.ts';

/** Reads the public configuration; this call needs no token, it tells the app how to get one. */
export async function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const response = await fetch(`${env.apiOrigin}${apiBasePath}${configRoutes.get.path}`, {
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`GET /config answered ${response.status}`);
  return publicConfigSchema.parse(await response.json());
}

export type PublicConfigState = {
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
