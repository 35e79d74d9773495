import { Outlet } from 'react-router-dom';
import { ServerUnreachable } from '../../components/errors/server-unreachable.tsx';
import { usePublicConfigState } from '../../lib/public-config.ts';

/** Routes that sign people in or need the API render only once GET /config has answered. */
export function RequireServer() {
  const { config, retry } = usePublicConfigState();
  return config ? <Outlet /> : <ServerUnreachable onRetry={retry} />;
}
