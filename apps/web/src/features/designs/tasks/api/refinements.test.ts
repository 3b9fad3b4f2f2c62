import { describe, expect, it, vi } from 'vitest';
import { FakeEventSource, standInEventSource } from '@test/fake-event-source';
import { CONNECTION_LOST, followRefinement, startRefinement, STREAM_RECONNECTS, type RefineEvent } from './refinements';

standInEventSource();

function follow() {
  const events: RefineEvent[] = [];
  const stop = followRefinement('d1', 'task-1', (event) => events.push(event));
  return { events, stop, source: FakeEventSource.last() };
}

describe('followRefinement (the refine stream)', () => {
  it('follows that one task’s events, tells each status, and ends on complete with the new image’s id', async () => {
    const { events, source } = follow();
    expect(source.url).toBe('/api/designs/d1/refinements/task-1/events');
    source.send('start', { taskId: 'task-1' });
    source.send('status', { message: 'Applying your changes' });
    source.send('status', { message: 'Saving your refined design' });
    source.send('complete', { imageId: 'refined-9' });
    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(events).toEqual([
      { type: 'status', message: 'Applying your changes' },
      { type: 'status', message: 'Saving your refined design' },
      { type: 'complete', imageId: 'refined-9' },
    ]);
    expect(source.closed).toBe(true);
  });

  it('lets the browser reconnect a dropped stream (same URL, same task) a few times, then reports the connection lost', async () => {
    const { events, source } = follow();
    for (let drop = 0; drop < STREAM_RECONNECTS; drop++) source.drop(true);
    // Still following: the browser reconnects to the task's own URL; the refinement goes on.
    expect(source.closed).toBe(false);
    source.send('status', { message: 'Applying your changes' });
    await vi.waitFor(() => expect(events).toEqual([{ type: 'status', message: 'Applying your changes' }]));
    source.drop(true);
    await vi.waitFor(() => expect(events.at(-1)).toEqual({ type: 'error', details: CONNECTION_LOST }));
    expect(source.closed).toBe(true);
    expect(FakeEventSource.made).toHaveLength(1);
  });

  it('a reconnect that completes is told once, as the one refinement', async () => {
    const { events, source } = follow();
    source.drop(true);
    source.send('start', { taskId: 'task-1' });
    source.send('complete', { imageId: 'refined-1' });
    await vi.waitFor(() => expect(events).toEqual([{ type: 'complete', imageId: 'refined-1' }]));
  });

  it('reports the server’s error event with its details, and a stream the browser gave up on at once', async () => {
    const failed = follow();
    failed.source.send('error', { details: 'The image service is busy. Please try again.' });
    await vi.waitFor(() => expect(failed.events).toEqual([{ type: 'error', details: 'The image service is busy. Please try again.' }]));
    expect(failed.source.closed).toBe(true);

    const refused = follow();
    refused.source.drop(false);
    await vi.waitFor(() => expect(refused.events).toEqual([{ type: 'error', details: CONNECTION_LOST }]));
  });

  it('stops following when asked (the page is left), and tells nothing after', async () => {
    const { events, source, stop } = follow();
    stop();
    expect(source.closed).toBe(true);
    source.send('status', { message: 'late' });
    source.drop(true);
    // An event is told once the catalogue's schemas have loaded: wait for that load, not for a time.
    await vi.dynamicImportSettled();
    expect(events).toEqual([]);
  });
});

describe('startRefinement', () => {
  it('sends the whole refinement in one request: prompt, scope, base image id, photos and mask (no iteration, no URL)', async () => {
    const sent: { url: string; method?: string; form: FormData }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, method: init.method, form: init.body as FormData });
      return new Response(JSON.stringify({ taskId: 'task-7' }), { status: 201 });
    });
    const photo = new File(['navy'], 'navy.png', { type: 'image/png' });
    const mask = new Blob(['png'], { type: 'image/png' });
    const answer = await startRefinement('d1', { prompt: 'navy sofa', scope: 'transform', baseImageId: 'g2', photos: [photo], mask });
    expect(answer).toEqual({ taskId: 'task-7' });
    expect(sent).toHaveLength(1);
    const [{ url, method, form }] = sent as [(typeof sent)[number]];
    expect([url, method]).toEqual(['/api/designs/d1/refinements', 'POST']);
    expect([...form.keys()].sort()).toEqual(['baseImageId', 'mask', 'prompt', 'scope', 'tweak']);
    expect([form.get('prompt'), form.get('scope'), form.get('baseImageId')]).toEqual(['navy sofa', 'transform', 'g2']);
    expect((form.get('tweak') as File).name).toBe('navy.png');
    expect(form.get('mask')).toBeInstanceOf(Blob);
  });
});
