import { TIMEOUTS_MS } from '@rv/contracts/constants';
import { call, urlOf } from '@/lib/api-client';
import type { RefineScope } from '@rv/contracts/domain';

export const fixRoom = (designId: string) => call('fixRoom', { body: { designId } }, { timeoutMs: TIMEOUTS_MS.fixRoom });

/**
 * The refinement's uploads: tweak photos, and for 'Change only here' the painted area (a PNG of the
 * image's size) with the image it was painted on. The answer's maskKey goes to the stream as `mask`.
 */
export function uploadTweakImages(designId: string, files: File[], painted?: { activeUrl: string; mask: Blob }) {
  return call('refineUpload', {
    form: {
      designId,
      tweak: files,
      ...(painted ? { active_url: painted.activeUrl, mask: new File([painted.mask], 'mask.png', { type: 'image/png' }) } : {}),
    },
  });
}

export const shareRoom = (roomDesignId: string) => call('roomShare', { body: { roomDesignId } });

export const sendFeedback = (roomDesignId: string, isHelpful: boolean, feedbackText: string | null) =>
  call('designFeedback', { body: { roomDesignId, isHelpful, feedbackText } });

export type RefineEvent =
  { type: 'status'; message: string } | { type: 'complete'; refinedImageUrl: string } | { type: 'error'; details: string };

/** How many times a dropped stream is picked up again before the refinement is reported as lost. */
const STREAM_RECONNECTS = 3;

/**
 * Starts a refinement and follows its server-sent events until it completes or fails. A connection that
 * drops (a web process restarting, a proxy timeout) is picked up again by the browser with the task id
 * as Last-Event-ID, and the server follows the same refinement instead of starting another.
 */
export function streamRefinement(
  designId: string,
  query: { tweak: RefineScope; iteration: number; feedback: string; activeUrl?: string; mask?: string },
  onEvent: (event: RefineEvent) => void,
): () => void {
  // The catalogue's event schemas load with the first refinement, not with the results page (they bring zod).
  const schemas = import('@rv/contracts/routes/routes').then(({ routes }) => routes.refine.events);
  const source = new EventSource(
    urlOf('refine', {
      params: { designId },
      query: {
        tweak: query.tweak,
        iteration: query.iteration,
        feedback: query.feedback,
        ...(query.activeUrl ? { active_url: query.activeUrl } : {}),
        ...(query.mask ? { mask: query.mask } : {}),
      },
    }),
  );
  let finished = false;
  const finish = () => {
    finished = true;
    source.close();
  };
  // Each event's data is parsed with its catalogue schema (routes.refine.events).
  const dataOf = (event: Event): unknown => JSON.parse(event instanceof MessageEvent ? String(event.data) : 'null');
  // Events are told in the order they came (each waits on the same loaded schemas).
  source.addEventListener('status', (e) => {
    const data = dataOf(e);
    void schemas.then((events) => onEvent({ type: 'status', message: events.status.parse(data).message }));
  });
  source.addEventListener('complete', (e) => {
    finish();
    const data = dataOf(e);
    void schemas.then((events) => onEvent({ type: 'complete', refinedImageUrl: events.complete.parse(data).refinedImageUrl }));
  });
  let reconnects = 0;
  source.addEventListener('error', (e) => {
    if (finished) return;
    const data = e instanceof MessageEvent && typeof e.data === 'string' ? e.data : undefined;
    // No data: the connection itself dropped. While the browser is reconnecting, let it (a few times).
    if (!data && source.readyState === EventSource.CONNECTING && reconnects++ < STREAM_RECONNECTS) return;
    finish();
    void schemas.then((events) =>
      onEvent({ type: 'error', details: data ? events.error.parse(JSON.parse(data)).details : 'The connection was lost.' }),
    );
  });
  return finish;
}
