import { useCallback, useEffect, useState } from 'react';
import type { PublishStatus } from '../../shared/publish-api.ts';
import type { Api } from '../api.ts';

/** Whether this project can publish, to where, and the author's name and e-mail once given. */
export function usePublishStatus(api: Api) {
  const [status, setStatus] = useState<PublishStatus | null>(null);
  const reload = useCallback(() => {
    api.publishing.status().then(setStatus, () => setStatus(null));
  }, [api]);
  useEffect(reload, [reload]);
  return { status, setStatus, reload };
}
