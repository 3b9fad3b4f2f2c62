import type { DesignFeedbackRow } from '@rv/contracts/api/admin';
import { messages } from '@rv/contracts/messages';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminPage } from '@test/admin-page';
import { fakeServer, refuse } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { DesignFeedbackPanel } from './design-feedback-panel';

function feedback(overrides: Partial<DesignFeedbackRow> = {}): DesignFeedbackRow {
  return {
    id: 'f1',
    email: 'robin@example.com',
    createdAt: '2026-02-03T12:00:00.000Z',
    isHelpful: true,
    roomDesignId: 'd1',
    feedbackText: 'Exactly my taste',
    designUrl: '/furnishing-decorating/design/d1',
    ...overrides,
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DesignFeedbackPanel', () => {
  it('shows whether each design helped, what was said, and links to the design', async () => {
    fakeServer({
      adminDesignFeedback: adminPage([
        feedback(),
        feedback({ id: 'f2', email: 'sam@example.com', isHelpful: false, feedbackText: null, designUrl: '/kitchen-bathroom/design/d2' }),
      ]),
    });
    renderWithProviders(<DesignFeedbackPanel />, { at: '/admin-dashboard', path: '/admin-dashboard' });
    const [liked, disliked] = within(await screen.findByRole('list', { name: 'Design feedback' })).getAllByRole('article');
    expect(within(liked!).getByText('Helpful')).toBeTruthy();
    expect(within(liked!).getByText('Exactly my taste')).toBeTruthy();
    expect(within(disliked!).getByText('Not helpful')).toBeTruthy();
    expect(within(disliked!).queryByText('Helpful')).toBeNull();
    expect(within(disliked!).getByText('No comment')).toBeTruthy();

    await userEvent.setup().click(within(disliked!).getByRole('link', { name: 'View design' }));
    expect(await screen.findByRole('heading', { name: 'Page /kitchen-bathroom/design/d2' })).toBeTruthy();
  });

  it('says when there is no feedback, and when it could not be fetched', async () => {
    fakeServer({ adminDesignFeedback: adminPage([]) });
    renderWithProviders(<DesignFeedbackPanel />);
    expect(await screen.findByText(messages.empty.noFeedback)).toBeTruthy();
    cleanup();
    fakeServer({ adminDesignFeedback: () => refuse(503, 'boom') });
    renderWithProviders(<DesignFeedbackPanel />);
    expect((await screen.findByRole('alert')).textContent).toContain(messages.admin.fetchFeedbackFailed);
  });
});
