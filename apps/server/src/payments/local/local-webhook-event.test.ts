import { describe, expect, it } from 'vitest';
import { readLocalWebhookEvent } from './local-webhook-event';

describe('a local webhook body read through its schema', () => {
  it('gives each event back with its dates as dates', () => {
    const subscription = {
      id: 'sub_1',
      customerId: 'cus_1',
      customerEmail: 'a@example.com',
      status: 'active',
      currentPeriodEnd: '2026-12-01T00:00:00.000Z',
      cancelAtPeriodEnd: false,
    };
    const updated = readLocalWebhookEvent(JSON.stringify({ id: 'evt_1', created: 1, type: 'customer.subscription.updated', subscription }));
    expect(updated).toEqual({
      id: 'evt_1',
      created: 1,
      type: 'customer.subscription.updated',
      subscription: { ...subscription, currentPeriodEnd: new Date('2026-12-01T00:00:00.000Z') },
    });
    const paid = readLocalWebhookEvent(
      JSON.stringify({
        id: 'evt_2',
        created: 2,
        type: 'invoice.paid',
        invoiceId: 'in_1',
        subscriptionId: 'sub_1',
        customerId: 'cus_1',
        periodEnd: '2026-12-01T00:00:00.000Z',
      }),
    );
    expect(paid.type === 'invoice.paid' && paid.periodEnd).toEqual(new Date('2026-12-01T00:00:00.000Z'));
  });

  it('refuses a body that is not JSON, of an unknown type, or missing what its type carries', () => {
    expect(() => readLocalWebhookEvent('{')).toThrow();
    expect(() => readLocalWebhookEvent(JSON.stringify({ id: 'evt', created: 1, type: 'charge.refunded' }))).toThrow();
    expect(() => readLocalWebhookEvent(JSON.stringify({ id: 'evt', created: 1, type: 'invoice.paid', invoiceId: 'in_1' }))).toThrow();
  });
});
