import type { RefineScope } from '@rv/contracts/domain';
import { call, urlOf } from '@/lib/api-client';
import { followEvents } from '@/lib/follow-events';

export { CONNECTION_LOST, STREAM_RECONNECTS } from '@/lib/follow-events';

/** Fix Room (ADR 066): answers its task at once; its events are followed like a refinement's (`followTask`). */
export const startFixRoom = (designId: string) => call('startFixRoom', { params: { id: designId } });

/**
 * POST /api/designs/{id}/refinements: the whole refinement in one request (ADR 025): the prompt, its
 * scope, the base image by id, the tweak photos and, for 'Change only here', the painted area (a PNG of
 * the base image's size). Answers the task id the events follow.
 */
export function startRefinement(
  designId: string,
  refinement: { prompt: string; scope: RefineScope; baseImageId: string; photos: readonly File[]; mask?: Blob },
) {
  return call('refineDesign', {
    params: { id: designId },
    form: {
      prompt: refinement.prompt,
      scope: refinement.scope,
      baseImageId: refinement.baseImageId,
      tweak: refinement.photos,
      mask: refinement.mask ? new File([refinement.mask], 'mask.png', { type: 'image/png' }) : null,
    },
  });
}

export type RefineEvent = { type: 'status'; message: string } | { type: 'complete'; imageId: string } | { type: 'error'; details: string };

/**
 * Follows one task's server-sent events (a refinement or a Fix Room run) until it completes (the new
 * image's id) or fails; the URL names the task, so a reconnect follows the same one (lib/follow-events.ts).
 * Answers a function that stops following.
 */
export function followTask(designId: string, taskId: string, onEvent: (event: RefineEvent) => void): () => void {
  // The catalogue's event schemas load with the first task, not with the results page (they bring zod).
  const schemas = import('@rv/contracts/routes/routes').then(({ routes }) => routes.refinementEvents.events);
  return followEvents(urlOf('refinementEvents', { params: { id: designId, taskId } }), schemas, (event) =>
    onEvent(event.type === 'complete' ? { type: 'complete', imageId: event.done.imageId } : event),
  );
}

/** A refinement's events (`followTask`). */
export const followRefinement = followTask;

/** Fix Room to its end: started, then followed until its new image is made (its id) or it failed (rejects with its words). */
export async function fixRoom(designId: string): Promise<string> {
  const { taskId } = await startFixRoom(designId);
  return new Promise((resolve, reject) => {
    followTask(designId, taskId, (event) => {
      if (event.type === 'complete') resolve(event.imageId);
      else if (event.type === 'error') reject(new Error(event.details));
    });
  });
}
