import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@rv/contracts/messages';
import { ApiError, call, callFile, errorMessage, queryKey, setUnauthorizedHandler, urlOf } from './api-client';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: BodyInit | null | undefined;
}

/** Answers every fetch with `status` and `body`, and keeps what was sent. */
function answerWith(status: number, body: unknown): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body: init.body });
    return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => undefined);
});

describe('the typed client', () => {
  it('calls an entry by name: its method, its path with encoded params, its query, and a JSON body', async () => {
    const sent = answerWith(200, { image: { id: 'img 1' } });
    const answer = await call('updateDesignImage', { params: { id: 'd/1', imageId: 'img 1' }, body: { saved: true, name: 'Warm Loft' } });
    expect(answer).toEqual({ image: { id: 'img 1' } });
    expect(sent).toEqual([
      {
        url: '/api/designs/d%2F1/images/img%201',
        method: 'PATCH',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ saved: true, name: 'Warm Loft' }),
      },
    ]);
  });

  it('sends a query without its undefined values, and a GET without a body', async () => {
    const sent = answerWith(200, { result: [] });
    await call('myDesigns', { query: { page: 2, limit: 6, scope: 'all' } });
    await call('storeSearch', {
      query: { country: 'UK', priceRange: '$ Budget', selectedCategory: 'Rugs', selectedSubCategory: undefined },
    });
    expect(sent.map(({ url, method, body }) => [url, method, body])).toEqual([
      ['/api/room-designs?page=2&limit=6&scope=all', 'GET', undefined],
      ['/api/stores/search?country=UK&priceRange=%24+Budget&selectedCategory=Rugs', 'GET', undefined],
    ]);
  });

  it('sends a multipart entry as FormData built from its declared fields, letting the browser set its boundary', async () => {
    const sent = answerWith(200, { designId: 'd1' });
    const room = new File(['room'], 'room.jpg', { type: 'image/jpeg' });
    const sofa = new File(['sofa'], 'sofa.png', { type: 'image/png' });
    const lamp = new File(['lamp'], 'lamp.png', { type: 'image/png' });
    await call('createRoomDesign', {
      form: {
        architecturalChanges: 'no',
        styleDescription: 'Warm loft',
        furnitureData: [
          { description: 'Green sofa', placement: 'by the window' },
          { description: 'Brass lamp', placement: '' },
        ],
        useStyleLens: false,
        roomPhoto: room,
        furniturePhotos: [sofa, lamp],
        conceptPhotos: [],
      },
    });
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers).toEqual({ accept: 'application/json' });
    const form = sent[0]!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    // Text as text, anything else as JSON, each file a part of its own (a list in order), nothing for an empty list.
    expect([...form.keys()]).toEqual([
      'architecturalChanges',
      'styleDescription',
      'furnitureData',
      'useStyleLens',
      'roomPhoto',
      'furniturePhotos',
      'furniturePhotos',
    ]);
    expect(form.get('architecturalChanges')).toBe('no');
    expect(JSON.parse(form.get('furnitureData') as string)).toEqual([
      { description: 'Green sofa', placement: 'by the window' },
      { description: 'Brass lamp', placement: '' },
    ]);
    expect(form.get('useStyleLens')).toBe('false');
    expect((form.get('roomPhoto') as File).name).toBe('room.jpg');
    expect(form.getAll('furniturePhotos').map((file) => (file as File).name)).toEqual(['sofa.png', 'lamp.png']);
  });

  it('builds links the browser navigates to (downloads, the refine stream)', () => {
    expect(urlOf('downloadImage', { query: { url: '/api/files/designs/d1/refined-1.webp', filename: 'Warm Loft' } })).toBe(
      '/api/download-image?url=%2Fapi%2Ffiles%2Fdesigns%2Fd1%2Frefined-1.webp&filename=Warm+Loft',
    );
    expect(urlOf('refine', { params: { designId: 'd1' }, query: { tweak: 'tweak', iteration: 0, feedback: 'more green' } })).toBe(
      '/api/room-design/refine/d1?tweak=tweak&iteration=0&feedback=more+green',
    );
  });

  it('raises the server’s own words on a failure, and sends a 401 to the registered handler unless told not to', async () => {
    const told: string[] = [];
    setUnauthorizedHandler((message) => told.push(message));
    answerWith(404, { error: messages.server.notFound, code: 'NOT_FOUND' });
    const missing = await call('roomDesign', { params: { id: 'nope' } }).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ApiError);
    expect((missing as ApiError).status).toBe(404);
    expect(errorMessage(missing, 'fallback')).toBe(messages.server.notFound);

    answerWith(401, { error: messages.auth.pleaseLogIn });
    await expect(call('userProfile')).rejects.toThrow(ApiError);
    await expect(call('checkToolAccess', undefined, { skipUnauthorizedRedirect: true })).rejects.toThrow(ApiError);
    expect(told).toEqual([messages.auth.pleaseLogIn]);
  });

  it("reads a failure's words: error, else message, else the raw text (a field of another type says nothing)", () => {
    expect(new ApiError(400, JSON.stringify({ error: 'Bad photo', message: 'other' })).userMessage).toBe('Bad photo');
    expect(new ApiError(400, JSON.stringify({ error: { nested: true }, message: 'Try again' })).userMessage).toBe('Try again');
    expect(new ApiError(500, 'null').userMessage).toBe('null');
    expect(new ApiError(502, '<html>Bad Gateway</html>').userMessage).toBe('<html>Bad Gateway</html>');
  });

  it('fetches a raw entry’s file: a stored file by its key (slashes kept), with the name the server gave', async () => {
    const sent: Sent[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body: init.body });
      return new Response('bytes', { status: 200, headers: { 'content-disposition': 'attachment; filename="room-visualizer-data.zip"' } });
    });
    const photo = await callFile('files', { params: { '*': 'style-lens/u 1/photo-1.webp' } });
    expect(await (await photo.blob()).text()).toBe('bytes');
    const archive = await callFile('accountExport', {}, { accept: 'application/zip, application/json' });
    expect(archive.filename).toBe('room-visualizer-data.zip');
    expect(sent.map(({ url, method, headers }) => [url, method, headers.accept])).toEqual([
      ['/api/files/style-lens/u%201/photo-1.webp', 'GET', 'application/json'],
      ['/api/account/export', 'GET', 'application/zip, application/json'],
    ]);

    answerWith(429, { error: 'Too many requests' });
    const refused = await callFile('accountExport').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(errorMessage(refused, 'fallback')).toBe('Too many requests');
  });

  it('keys cached answers by the call’s name and its parts', () => {
    expect(queryKey('roomDesign', 'd1')).toEqual(['roomDesign', 'd1']);
    expect(queryKey('userProfile')).toEqual(['userProfile']);
  });
});
