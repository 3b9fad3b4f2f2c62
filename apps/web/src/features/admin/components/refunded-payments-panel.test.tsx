import type { OrphanPaymentRow } from '@rv/contracts/api/admin';
import { messages } from '@rv/contracts/messages';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminPage } from '@test/admin-page';
import { fakeServer, refuse } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { RefundedPaymentsPanel } from './refunded-payments-panel';

function payment(overrides: Partial<OrphanPaymentRow> = {}): OrphanPaymentRow {
  return {
    id: 'sub_2',
    email: 'robin@example.com',
    customerId: 'cus_2',
    createdAt: '2026-02-03T12:00:00.000Z',
    refundedAt: '2026-02-03T12:00:01.000Z',
    refundError: null,
    ...overrides,
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RefundedPaymentsPanel', () => {
  it('shows each payment that made no account: whose, which subscription and customer, refunded when, or why not yet', async () => {
    fakeServer({
      adminOrphanPayments: adminPage([
        payment(),
        payment({ id: 'sub_3', email: 'sam@example.com', refundedAt: null, refundError: 'The payment provider could not be reached.' }),
      ]),
    });
    renderWithProviders(<RefundedPaymentsPanel />);
    await screen.findByRole('list', { name: 'Refunded payments' });
    const [refunded, pending] = within(screen.getByRole('list', { name: 'Refunded payments' })).getAllByRole('article');
    expect(within(refunded!).getByRole('heading', { name: 'robin@example.com' })).toBeTruthy();
    expect(refunded!.textContent).toContain('Subscription:sub_2');
    expect(refunded!.textContent).toContain('Customer:cus_2');
    expect(refunded!.textContent).toContain('Refund:Cancelled and refunded');
    expect(pending!.textContent).toContain('Refund:Not refunded yet: The payment provider could not be reached.');
  });

  it('says when there are none, and when the list could not be fetched', async () => {
    fakeServer({ adminOrphanPayments: adminPage([]) });
    renderWithProviders(<RefundedPaymentsPanel />);
    expect(await screen.findByText(messages.empty.noRefundedPayments)).toBeTruthy();
    cleanup();
    fakeServer({ adminOrphanPayments: () => refuse(500, 'boom') });
    renderWithProviders(<RefundedPaymentsPanel />);
    expect((await screen.findByRole('alert')).textContent).toContain(messages.admin.fetchRefundedPaymentsFailed);
  });
});
