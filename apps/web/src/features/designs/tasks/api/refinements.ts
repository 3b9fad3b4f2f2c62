import { TIMEOUTS_MS } from '@rv/contracts/constants';
import type { RefineScope } from '@rv/contracts/domain';
import { call, urlOf } from '@/lib/api-client';

export const fixRoom = (designId: string) => call('fixRoom', { body: { designId } }, { timeoutMs: TIMEOUTS_MS.fixRoom });

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

/** How many times a dropped stream is picked up again before the refinement is reported as lost. */
export const STREAM_RECONNECTS = 3;
export const CONNECTION_LOST = 'The connection was lost.';

/**
 * Follows one refinement's server-sent events until it completes or fails. A connection that drops (a
 * web process restarting, a proxy timeout) is picked up again by the browser at the same URL, which
 * names the task: the server follows the same refinement, never a new one. Answers a function that stops following.
 */
export function followRefinement(designId: string, taskId: string, onEvent: (event: RefineEvent) => void): () => void {
  // The catalogue's event schemas load with the first refinement, not with the results page (they bring zod).
  const schemas = import('@rv/contracts/routes/routes').then(({ routes }) => routes.refinementEvents.events);
  const source = new EventSource(urlOf('refinementEvents', { params: { id: designId, taskId } }));
  let finished = false;
  const finish = () => {
    finished = true;
    source.close();
  };
  // Each event's data is parsed with its catalogue schema; events are told in the order they came.
  const dataOf = (event: Event): unknown => JSON.parse(event instanceof MessageEvent ? String(event.data) : 'null');
  // An event that arrives after the end (a late status, a stopped stream) is not told.
  source.addEventListener('status', (e) => {
    if (finished) return;
    const data = dataOf(e);
    void schemas.then((events) => onEvent({ type: 'status', message: events.status.parse(data).message }));
  });
  source.addEventListener('complete', (e) => {
    if (finished) return;
    finish();
    const data = dataOf(e);
    void schemas.then((events) => onEvent({ type: 'complete', imageId: events.complete.parse(data).imageId }));
  });
  let reconnects = 0;
  source.addEventListener('error', (e) => {
    if (finished) return;
    const data = e instanceof MessageEvent && typeof e.data === 'string' ? e.data : undefined;
    // No data: the connection itself dropped. While the browser is reconnecting, let it (a few times).
    if (!data && source.readyState === EventSource.CONNECTING && reconnects++ < STREAM_RECONNECTS) return;
    finish();
    void schemas.then((events) =>
      onEvent({ type: 'error', details: data ? events.error.parse(JSON.parse(data)).details : CONNECTION_LOST }),
    );
  });
  return finish;
}
