import { messages } from '@rv/contracts/messages';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DesignView } from '@rv/contracts/api/design-view';
import { designView } from '@test/design-image';
import { fakeServer } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { userProfile } from '@test/user-profile';
import { draftStore } from '@/lib/draft-store';
import { CLOCK_SLACK_MS, noteDesignAnswered, noteDesignSent, readLeftDesign } from '../../creation/left-design';
import { BEING_MADE_POLL_MS, LeftDesignNotice } from './left-design-notice';

const NOW = Date.parse('2026-11-29T10:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();
const made = (id: string, createdAt: number, status: 'done' | 'running' | 'queued' = 'done'): DesignView => ({
  ...designView({ id, createdAt: at(createdAt) }),
  status,
  error: null,
});
const failed = (id: string, createdAt: number): DesignView => ({
  ...designView({ id, createdAt: at(createdAt) }),
  status: 'failed',
  error: 'The engine could not make it.',
});
const list = (designs: DesignView[]) => ({ designs, updatedPage: 1, hasPreviousPage: false, hasNextPage: false, lastPage: 1 });

/** The server: Robin's profile, and `newest()` as the account's newest designs (scope=recent). */
function serve(newest: () => DesignView[]) {
  return fakeServer({ userProfile: userProfile(), designList: () => list(newest()) });
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  await draftStore().removeUnder('');
});

/** What is kept goes through the browser's storage and the page's own timers: on a busy machine it takes a moment. */
const ASYNC = { timeout: 5_000 };

describe('where a design went when its person left (ADR 054)', () => {
  it('shows a design being made with a link to its page, asks again, and then says it is ready until dismissed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    await noteDesignSent('user-robin', 'furnishing', NOW);
    let status: 'running' | 'done' = 'running';
    const server = serve(() => [made('d-left', NOW + 1_000, status), made('d-old', NOW - 60 * 60 * 1000)]);
    renderWithProviders(<LeftDesignNotice />);

    expect(await screen.findByText(messages.leftDesign.beingMade, undefined, ASYNC)).toBeTruthy();
    expect(screen.getByRole('link', { name: messages.leftDesign.view }).getAttribute('href')).toBe('/furnishing-decorating/design/d-left');
    expect(server.callsTo('designList')[0]!.query).toMatchObject({ scope: 'recent', page: '1' });

    status = 'done';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(BEING_MADE_POLL_MS);
    });
    expect(await screen.findByText(messages.leftDesign.ready, undefined, ASYNC)).toBeTruthy();
    expect(screen.queryByText(messages.leftDesign.beingMade)).toBeNull();
    expect(screen.getByRole('link', { name: messages.leftDesign.view }).getAttribute('href')).toBe('/furnishing-decorating/design/d-left');

    await userEvent
      .setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
      .click(screen.getByRole('button', { name: messages.leftDesign.dismiss }));
    await waitFor(() => expect(screen.queryByText(messages.leftDesign.ready)).toBeNull(), ASYNC);
    expect(await readLeftDesign('user-robin')).toBeNull();
  });

  it('names the design the answer named, and tells a failed one (its credit was not used)', async () => {
    await noteDesignSent('user-robin', 'furnishing', NOW);
    await noteDesignAnswered('user-robin', 'd-failed');
    serve(() => [made('d-newer', NOW + 5_000), failed('d-failed', NOW + 1_000)]);
    renderWithProviders(<LeftDesignNotice />);
    expect(await screen.findByText(messages.leftDesign.failed, undefined, ASYNC)).toBeTruthy();
    expect(screen.getByRole('link', { name: messages.leftDesign.view }).getAttribute('href')).toBe(
      '/furnishing-decorating/design/d-failed',
    );
  });

  it('says nothing of a finished design this browser did not send, or of one made before it sent its form', async () => {
    // Each time, another design being made is shown: the list has been read and drawn.
    serve(() => [made('d-running', NOW + 2_000, 'running'), made('d-done', NOW)]);
    const { unmount } = renderWithProviders(<LeftDesignNotice />);
    expect(await screen.findByText(messages.leftDesign.beingMade, undefined, ASYNC)).toBeTruthy();
    expect(screen.queryByText(messages.leftDesign.ready)).toBeNull();
    unmount();

    // Sent well after the newest design was made (more than the clocks may differ by): that design is not it.
    await noteDesignSent('user-robin', 'furnishing', NOW + CLOCK_SLACK_MS + 1);
    serve(() => [made('d-done', NOW), made('d-running', NOW - 1_000, 'running')]);
    renderWithProviders(<LeftDesignNotice />);
    expect(await screen.findByText(messages.leftDesign.beingMade, undefined, ASYNC)).toBeTruthy();
    await waitFor(async () => expect(await readLeftDesign('user-robin')).not.toBeNull(), ASYNC);
    expect(screen.queryByText(messages.leftDesign.ready)).toBeNull();
  });
});
