import type { z } from 'zod';
import type { styleLensAnalyzeAnswer } from '@rv/contracts/api/style-lens';
import { useMutation } from '@tanstack/react-query';
import { call, urlOf } from '@/lib/api-client';
import { followEvents, type FollowedEvent } from '@/lib/follow-events';

export type StyleLensAnalyzeAnswer = z.infer<typeof styleLensAnalyzeAnswer>;

export interface AnalyzeStyleLensInput {
  /** 5 to 10 photos, in the order the person arranged them. */
  photos: File[];
  /** Re-running an existing lens (/style-lens?edit=true). */
  editing: boolean;
}

/**
 * Starts the analysis (POST /api/stylelens/analyses?editing={bool}, the photos as `styles`; ADR 066): the
 * server stores the photos and answers the analysis's task at once; it is then followed with `followStyleLens`.
 */
export async function startStyleLens({ photos, editing }: AnalyzeStyleLensInput): Promise<{ taskId: string }> {
  return call('startStyleLens', { query: { editing: editing ? 'true' : 'false' }, form: { styles: photos } });
}

export const useStartStyleLens = () => useMutation({ mutationFn: startStyleLens });

export type StyleLensEvent = FollowedEvent<StyleLensAnalyzeAnswer>;

/**
 * Follows an analysis (GET /api/stylelens/analyses/{taskId}/events): each step of its job as status events
 * (queued, each photo read, the style being found), then the lens made, or the words of its failure. A
 * reload follows it again from its id (the page keeps it in its address). Answers a function that stops following.
 */
export function followStyleLens(taskId: string, onEvent: (event: StyleLensEvent) => void): () => void {
  const schemas = import('@rv/contracts/routes/routes').then(({ routes }) => routes.styleLensEvents.events);
  return followEvents(urlOf('styleLensEvents', { params: { taskId } }), schemas, onEvent);
}
