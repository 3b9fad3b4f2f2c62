import type { EngineStatusAnswer } from '@rv/contracts/api/admin-engines';
import { messages } from '@rv/contracts/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminPage, adminUser } from '@test/admin-page';
import { fakeServer, refuse } from '@test/fake-server';
import { currentAddress, renderWithProviders } from '@test/render';
import { AdminDashboard } from './admin-dashboard';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const quietEngines: EngineStatusAnswer = {
  engines: [],
  last24h: { designs: 0, failed: 0, failedShare: 0 },
  month: { since: '2026-01-01T00:00:00.000Z', designs: 0, costUsd: 0, costPerDesignUsd: 0, subscribers: [] },
};

/** An admin's server: three users, one room share, no feedback, two bug reports, one refunded payment (only counted here). */
function serveAdmin() {
  return fakeServer({
    me: { isAdmin: true },
    adminEngines: quietEngines,
    adminUsers: adminPage([adminUser(), adminUser({ id: 'u2', email: 'sam@example.com' })], { total: 3 }),
    adminRoomShares: adminPage([], { total: 1 }),
    adminDesignFeedback: adminPage([]),
    adminBugReports: adminPage([], { total: 2 }),
    adminAuditLog: adminPage([], { total: 0 }),
    adminOrphanPayments: adminPage([], { total: 1 }),
  });
}

/** The panel a tab controls. */
const panelOf = (tab: HTMLElement) => document.getElementById(tab.getAttribute('aria-controls') ?? '')!;

const renderDashboard = (at = '/admin-dashboard') => renderWithProviders(<AdminDashboard />, { at, path: '/admin-dashboard' });

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AdminDashboard access', () => {
  it('checks admin access first, then shows the dashboard to an admin', async () => {
    serveAdmin();
    renderDashboard();
    expect(screen.getByRole('status').textContent).toBe('Checking admin access...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Engines and costs' })).toBeTruthy();
  });

  it('sends someone who is not an admin to their account, saying so', async () => {
    fakeServer({ me: { isAdmin: false } });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Page /account' })).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(messages.auth.noAdminAccess, { id: 'no-admin-access' });
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).toBeNull();
  });

  it('treats a 403 from the server as no admin access too', async () => {
    fakeServer({ me: () => refuse(403, 'Forbidden') });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Page /account' })).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(messages.auth.noAdminAccess, { id: 'no-admin-access' });
  });

  it('says the account data could not be loaded when the check itself fails', async () => {
    fakeServer({ me: () => refuse(500, 'Database down') });
    renderDashboard();
    expect((await screen.findByRole('alert')).textContent).toBe(messages.account.loadFailed);
    expect(toast.error).not.toHaveBeenCalled();
    expect(currentAddress()).toBe('/admin-dashboard');
  });
});

describe('AdminDashboard tabs', () => {
  it('opens on Users, with each list’s total beside its tab', async () => {
    const server = serveAdmin();
    renderDashboard();
    const tablist = await screen.findByRole('tablist', { name: 'Admin lists' });
    const users = within(tablist).getByRole('tab', { name: /Users/ });
    expect(users.getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(users.textContent).toBe('Users 3'));
    await waitFor(() => expect(within(tablist).getByRole('tab', { name: /Bug Reports/ }).textContent).toBe('Bug Reports 2'));
    expect(within(tablist).getByRole('tab', { name: /Design Feedback/ }).textContent).toBe('Design Feedback 0');
    expect(within(tablist).getByRole('tab', { name: /Refunded Payments/ }).textContent).toBe('Refunded Payments 1');
    expect(panelOf(users).hidden).toBe(false);
    expect(panelOf(within(tablist).getByRole('tab', { name: /Room Shares/ })).hidden).toBe(true);
    // Every count is asked with the first page and the page size.
    expect(server.callsTo('adminUsers')[0]!.query).toEqual({ page: '1', limit: '20' });
  });

  it('a click on a tab shows its panel and puts it in the address, so a reload stays there', async () => {
    serveAdmin();
    renderDashboard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /Room Shares/ }));
    expect(screen.getByRole('tab', { name: /Room Shares/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: /^Room Shares/ }).hidden).toBe(false);
    expect(currentAddress()).toBe('/admin-dashboard?tab=room-shares');
    await user.click(screen.getByRole('tab', { name: /Users/ }));
    expect(currentAddress()).toBe('/admin-dashboard');
  });

  it('opens on the tab the address names, and an unknown tab falls back to Users', async () => {
    serveAdmin();
    renderDashboard('/admin-dashboard?tab=bug-reports');
    expect((await screen.findByRole('tab', { name: /Bug Reports/ })).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText(messages.empty.noBugReports)).toBeTruthy();
    cleanup();
    serveAdmin();
    renderDashboard('/admin-dashboard?tab=nonsense');
    expect((await screen.findByRole('tab', { name: /Users/ })).getAttribute('aria-selected')).toBe('true');
  });

  it('moves between tabs with the arrow keys, Home and End, wrapping round, focus following', async () => {
    serveAdmin();
    renderDashboard();
    const user = userEvent.setup();
    const users = await screen.findByRole('tab', { name: /Users/ });
    // Only the selected tab is in the tab order.
    expect(users.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: /Room Shares/ }).tabIndex).toBe(-1);
    users.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /Room Shares/ }));
    expect(screen.getByRole('tab', { name: /Room Shares/ }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /Refunded Payments/ }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /Users/ }));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /Refunded Payments/ }));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /Users/ }));
    expect(currentAddress()).toBe('/admin-dashboard');
  });
});
