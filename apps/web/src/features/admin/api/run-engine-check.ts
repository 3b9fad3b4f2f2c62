import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, queryKey } from '@/lib/api-client';

/** POST /api/admin/engines/check: the smallest real call to each configured engine (paid). */
export function runEngineCheck() {
  return call('adminEngineCheck', { body: {} });
}

/** Runs the real check, then reloads the Engines panel, which shows what each engine said. */
export function useRunEngineCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runEngineCheck,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKey('adminEngines') }),
  });
}
