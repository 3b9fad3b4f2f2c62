import { messages } from '@rv/contracts/messages';
import { useState } from 'react';
import { useAdminList } from '../api/get-admin-list';
import { AdminCard, Detail, Timestamp } from './admin-card';
import { AdminListView } from './admin-list-view';

/**
 * Refunded Payments: payments that made no account (two payments raced for one new e-mail, or the e-mail
 * got an account meanwhile), each cancelled and refunded at the provider (ADR 055), or why not yet.
 */
export function RefundedPaymentsPanel() {
  const [page, setPage] = useState(1);
  const query = useAdminList('orphan-payments', { page });
  return (
    <AdminListView
      label="Refunded payments"
      query={query}
      page={page}
      onPageChange={setPage}
      failedText={messages.admin.fetchRefundedPaymentsFailed}
      emptyText={messages.empty.noRefundedPayments}
      renderRow={(payment) => (
        <AdminCard key={payment.id} title={payment.email} createdAt={payment.createdAt}>
          <dl className="space-y-1">
            <Detail label="Subscription">{payment.id}</Detail>
            <Detail label="Customer">{payment.customerId}</Detail>
            <Detail label="Refund">
              {payment.refundedAt ? (
                <>
                  Cancelled and refunded <Timestamp iso={payment.refundedAt} />
                </>
              ) : (
                <span className="font-semibold text-red-800">Not refunded yet: {payment.refundError ?? 'waiting for the provider'}</span>
              )}
            </Detail>
          </dl>
        </AdminCard>
      )}
    />
  );
}
