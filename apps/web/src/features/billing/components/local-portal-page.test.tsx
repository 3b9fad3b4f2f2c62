import type { LocalPortal } from '../api/billing';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, refuse } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { LocalPortalPage } from './local-portal-page';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const active: LocalPortal = {
  status: 'active',
  currentPeriodEnd: '2026-04-15T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  returnUrl: '/account',
  email: 'robin@example.com',
};

/** The period's end in the test's browser's American English (happy-dom's navigator.language). */
const longDate = 'April 15th, 2026';
const renderPortal = () => renderWithProviders(<LocalPortalPage />, { at: '/local-portal/bps_1', path: '/local-portal/:id' });
const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LocalPortalPage (the offline provider’s billing portal)', () => {
  it('shows the subscription’s status and next billing date, and a way back', async () => {
    fakeServer({ localPortal: active });
    renderPortal();
    expect(await screen.findByText('robin@example.com')).toBeTruthy();
    expect(screen.getByTestId('portal-status').textContent).toBe('active');
    expect(term('Next billing date')).toBe(longDate);
    expect(screen.getByRole('link', { name: 'Return to Room Visualizer' }).getAttribute('href')).toBe('/account');
  });

  it('cancels at the period end: the status and the date’s label follow, and Resume takes it back', async () => {
    const server = fakeServer({
      localPortal: active,
      localPortalCancel: { ...active, cancelAtPeriodEnd: true },
      localPortalResume: active,
    });
    renderPortal();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(screen.getByTestId('portal-status').textContent).toBe('Cancels at period end'));
    expect(term('Access until')).toBe(longDate);
    await user.click(screen.getByRole('button', { name: 'Resume subscription' }));
    await waitFor(() => expect(screen.getByTestId('portal-status').textContent).toBe('active'));
    expect(server.calls.map((sent) => `${sent.method} ${sent.url}`)).toEqual([
      'GET /api/local-payments/portal/bps_1',
      'POST /api/local-payments/portal/bps_1/cancel',
      'POST /api/local-payments/portal/bps_1/resume',
    ]);
  });

  it('offers neither Cancel nor Resume once the subscription is canceled', async () => {
    fakeServer({ localPortal: { ...active, status: 'canceled', cancelAtPeriodEnd: true } });
    renderPortal();
    expect(await screen.findByText('canceled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /subscription/ })).toBeNull();
  });

  it('a change refused is told with the server’s reason, and nothing changes on the page', async () => {
    fakeServer({ localPortal: active, localPortalCancel: () => refuse(409, 'This subscription is already canceled') });
    renderPortal();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This subscription is already canceled'));
    expect(screen.getByTestId('portal-status').textContent).toBe('active');
  });

  it('an expired session says so', async () => {
    fakeServer({ localPortal: () => refuse(404, '') });
    renderPortal();
    expect((await screen.findByRole('alert')).textContent).toBe('This billing session has expired.');
  });
});
