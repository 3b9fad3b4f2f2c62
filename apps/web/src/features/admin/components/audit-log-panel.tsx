import { messages } from '@rv/contracts/messages';
import { useState } from 'react';
import { useAdminList } from '../api/get-admin-list';
import { AdminCard } from './admin-card';
import { AdminListView } from './admin-list-view';

/** Audit Log: who did what to whose account or design (credit resets, role changes, reads of private designs). */
export function AuditLogPanel() {
  const [page, setPage] = useState(1);
  const query = useAdminList('audit-log', { page });
  return (
    <AdminListView
      label="Audit log"
      query={query}
      page={page}
      onPageChange={setPage}
      failedText={messages.admin.fetchAuditLogFailed}
      emptyText={messages.admin.noAuditEntries}
      renderRow={(entry) => (
        <AdminCard key={entry.id} title={entry.email} createdAt={entry.createdAt}>
          <p>
            <span className="font-semibold">{entry.detail}</span> <span className="text-slate-700">for {entry.targetEmail}</span>
          </p>
        </AdminCard>
      )}
    />
  );
}
