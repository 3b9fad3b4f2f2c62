import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToolAccess } from './tool-access';

/** GET /api/check-tool-access, answered when the test says so; every request is counted. */
function serveToolAccessOnCue() {
  const answers: ((response: Response) => void)[] = [];
  const fetch = vi.fn(
    (url: string) =>
      new Promise<Response>((resolve) => {
        expect(url).toBe('/api/check-tool-access');
        answers.push(resolve);
      }),
  );
  vi.stubGlobal('fetch', fetch);
  const answer = (index: number, status: number, body: unknown) => answers[index]!(new Response(JSON.stringify(body), { status }));
  return { fetch, answer };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getToolAccess', () => {
  it('asks once for everyone who asks while the request is on its way, and afresh once it is answered', async () => {
    const server = serveToolAccessOnCue();
    // The page's access query and the site header, drawn together.
    const page = getToolAccess();
    const header = getToolAccess();
    expect(server.fetch).toHaveBeenCalledTimes(1);
    server.answer(0, 200, { hasAccess: true });
    await expect(page).resolves.toEqual({ hasAccess: true });
    await expect(header).resolves.toEqual({ hasAccess: true });

    // A later ask (the next page) is not answered from the old one: a subscription may have ended meanwhile.
    const later = getToolAccess();
    expect(server.fetch).toHaveBeenCalledTimes(2);
    server.answer(1, 200, { hasAccess: false });
    await expect(later).resolves.toEqual({ hasAccess: false });
  });

  it('tells a failure to everyone who waited for it, and asks again after it', async () => {
    const server = serveToolAccessOnCue();
    const first = getToolAccess();
    const second = getToolAccess();
    server.answer(0, 500, { error: 'down' });
    await expect(first).rejects.toThrow();
    await expect(second).rejects.toThrow();
    expect(server.fetch).toHaveBeenCalledTimes(1);

    const again = getToolAccess();
    expect(server.fetch).toHaveBeenCalledTimes(2);
    server.answer(1, 200, { hasAccess: true });
    await expect(again).resolves.toEqual({ hasAccess: true });
  });
});
