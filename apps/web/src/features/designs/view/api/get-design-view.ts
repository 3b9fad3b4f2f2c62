import { useQuery } from '@tanstack/react-query';
import type { DesignViewAnswer } from '@rv/contracts/api/design-view';
import { call, queryKey } from '@/lib/api-client';

export type { DesignView, DesignViewAnswer, ViewImage } from '@rv/contracts/api/design-view';

/** GET /api/designs/{id}: the design view, each image once with its id (ADR 025). */
export function getDesignView(id: string): Promise<DesignViewAnswer> {
  return call('designView', { params: { id } }, { skipUnauthorizedRedirect: true });
}

export const designViewKey = (id: string) => queryKey('designView', id);

export function useDesignView(id: string) {
  return useQuery({ queryKey: designViewKey(id), queryFn: () => getDesignView(id) });
}

export function claimResults(designId: string) {
  return call('claimResults', { body: { designId } });
}
