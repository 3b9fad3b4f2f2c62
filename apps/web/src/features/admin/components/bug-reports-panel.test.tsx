import type { BugReportRow } from '@rv/contracts/api/admin';
import { messages } from '@rv/contracts/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminPage } from '@test/admin-page';
import { fakeServer, refuse } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { BugReportsPanel } from './bug-reports-panel';

function report(overrides: Partial<BugReportRow> = {}): BugReportRow {
  return {
    id: 'b1',
    email: 'robin@example.com',
    createdAt: '2026-02-03T12:00:00.000Z',
    description: 'The Save button does nothing.\nTried twice.',
    pageUrl: 'https://rooms.example.com/account',
    userAgent: 'Mozilla/5.0 (iPhone)',
    attachmentUrls: ['/api/admin/files/bug-reports/b1/1.png', '/api/admin/files/bug-reports/b1/2.png'],
    ...overrides,
  };
}

const cards = () => within(screen.getByRole('list', { name: 'Bug reports' })).getAllByRole('article');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BugReportsPanel', () => {
  it('shows who reported what, on which page, with which browser', async () => {
    fakeServer({ adminBugReports: adminPage([report()]) });
    renderWithProviders(<BugReportsPanel />);
    expect(screen.getByRole('status').textContent).toContain('Loading bug reports...');
    const [card] = await screen.findAllByRole('article');
    expect(within(card!).getByRole('heading', { name: 'robin@example.com' })).toBeTruthy();
    expect(card!.textContent).toContain('The Save button does nothing.\nTried twice.');
    const page = within(card!).getByRole('link', { name: 'https://rooms.example.com/account' });
    // The reported page opens in a new tab, without giving it this one.
    expect([page.getAttribute('href'), page.getAttribute('target'), page.getAttribute('rel')]).toEqual([
      'https://rooms.example.com/account',
      '_blank',
      'noopener noreferrer',
    ]);
    expect(card!.textContent).toContain('User agent:Mozilla/5.0 (iPhone)');
  });

  it('makes a link only of a web address: any other text stays text, and nothing reads as a dash', async () => {
    fakeServer({
      adminBugReports: adminPage([
        report({ id: 'b1', pageUrl: 'javascript:alert(1)' }),
        report({ id: 'b2', email: '', pageUrl: '', userAgent: '', attachmentUrls: [] }),
      ]),
    });
    renderWithProviders(<BugReportsPanel />);
    await screen.findByRole('list', { name: 'Bug reports' });
    const [scripted, anonymous] = cards();
    expect(within(scripted!).queryByRole('link')).toBeNull();
    expect(scripted!.textContent).toContain('Page:javascript:alert(1)');
    expect(within(anonymous!).getByRole('heading', { name: 'Anonymous' })).toBeTruthy();
    expect(anonymous!.textContent).toContain('Page:-');
    expect(anonymous!.textContent).toContain('User agent:-');
    expect(within(anonymous!).queryByRole('button', { name: /Enlarge/ })).toBeNull();
  });

  it('opens a screenshot full size in a dialog, and closes it', async () => {
    fakeServer({ adminBugReports: adminPage([report()]) });
    renderWithProviders(<BugReportsPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enlarge Screenshot 2 of the report by robin@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Screenshot 2 of the report by robin@example.com' });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/api/admin/files/bug-reports/b1/2.png');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when there are no reports, and when they could not be fetched', async () => {
    fakeServer({ adminBugReports: adminPage([]) });
    renderWithProviders(<BugReportsPanel />);
    expect(await screen.findByText(messages.empty.noBugReports)).toBeTruthy();
    cleanup();
    fakeServer({ adminBugReports: () => refuse(500, 'boom') });
    renderWithProviders(<BugReportsPanel />);
    expect((await screen.findByRole('alert')).textContent).toContain(messages.admin.fetchBugReportsFailed);
  });

  it('follows the server back when the page asked for no longer exists', async () => {
    // Twenty reports were deleted after the first page was shown: only one page is left, and the
    // server answers it (updatedPage 1) for page 2.
    let deleted = false;
    const server = fakeServer({
      adminBugReports: () => {
        if (!deleted) {
          deleted = true;
          return adminPage([report()], { lastPage: 2, total: 21 });
        }
        return adminPage([report({ id: 'b9', email: 'last@example.com' })], { page: 1, lastPage: 1 });
      },
    });
    renderWithProviders(<BugReportsPanel />);
    const pager = await screen.findByRole('navigation', { name: 'Bug reports pages' });
    await userEvent.setup().click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(server.callsTo('adminBugReports').map((sent) => sent.query.page)).toEqual(['1', '2', '1']));
    expect(await screen.findByRole('heading', { name: 'last@example.com' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Bug reports pages' })).toBeNull();
  });
});
