import type { RoomDesignView } from './get-room-design';
import { request } from '@/lib/api-client';
import { TIMEOUTS_MS } from '@rv/contracts/constants';

export interface SaveMaps {
  projectNameMap: Record<string, string>;
  roomTypeMap: Record<string, string>;
  notesMap: Record<string, string>;
  refinedSaveStatusList: boolean[];
}

export const updateDesign = (id: string, maps: SaveMaps) =>
  request<RoomDesignView>(`/api/room-designs/update/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: maps,
    timeoutMs: TIMEOUTS_MS.updateDesign,
  });

export const setDesignPublic = (design: RoomDesignView, isPublic: boolean) =>
  request<{ design: RoomDesignView }>(
    `/api/room-designs/update/${encodeURIComponent(design.id)}?${design.isfdDesign ? 'fd_public' : 'kb_public'}=${isPublic}`,
    { method: 'PATCH', json: { url: window.location.href, isfdDesign: design.isfdDesign, iskbDesign: design.iskbDesign } },
  );

export const fixRoom = (designId: string) =>
  request<{ generatedImageUrls: string[]; visualizerFilename: string }>('/api/room-design/fix-room', {
    method: 'POST',
    json: { designId },
    timeoutMs: TIMEOUTS_MS.fixRoom,
  });

export function uploadTweakImages(designId: string, files: File[]) {
  const form = new FormData();
  form.set('designId', designId);
  for (const file of files) form.append('tweak', file);
  return request<{ message: string; tweakKeys: string[] }>('/api/room-design/refine/upload', { method: 'POST', body: form });
}

export const shareRoom = (roomDesignId: string) =>
  request<{ message: string }>('/api/room-share', { method: 'POST', json: { roomDesignId } });

export const sendFeedback = (roomDesignId: string, isHelpful: boolean, feedbackText: string | null) =>
  request<{ message: string }>('/api/design-feedback', { method: 'POST', json: { roomDesignId, isHelpful, feedbackText } });

/** The download link for one of our images: the server names the file (project name + ISO timestamp). */
export const downloadUrl = (imageUrl: string, projectName: string | null) =>
  `/api/download-image?${new URLSearchParams({ url: imageUrl, filename: projectName ?? 'room-design' })}`;

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
  query: { tweak: 'tweak' | 'transform'; iteration: number; feedback: string; activeUrl?: string },
  onEvent: (event: RefineEvent) => void,
): () => void {
  const params = new URLSearchParams({ tweak: query.tweak, iteration: String(query.iteration), feedback: query.feedback });
  if (query.activeUrl) params.set('active_url', query.activeUrl);
  const source = new EventSource(`/api/room-design/refine/${encodeURIComponent(designId)}?${params}`);
  let finished = false;
  const finish = () => {
    finished = true;
    source.close();
  };
  source.addEventListener('status', (e) =>
    onEvent({ type: 'status', message: (JSON.parse((e as MessageEvent).data) as { message: string }).message }),
  );
  source.addEventListener('complete', (e) => {
    finish();
    onEvent({ type: 'complete', refinedImageUrl: (JSON.parse((e as MessageEvent).data) as { refinedImageUrl: string }).refinedImageUrl });
  });
  let reconnects = 0;
  source.addEventListener('error', (e) => {
    if (finished) return;
    const data = (e as MessageEvent).data as string | undefined;
    // No data: the connection itself dropped. While the browser is reconnecting, let it (a few times).
    if (!data && source.readyState === EventSource.CONNECTING && reconnects++ < STREAM_RECONNECTS) return;
    finish();
    onEvent({ type: 'error', details: data ? (JSON.parse(data) as { details: string }).details : 'The connection was lost.' });
  });
  return finish;
}
