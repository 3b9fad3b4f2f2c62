import { messages } from '@rv/contracts/messages';
import { useEffect, useState } from 'react';
import { Field, Input } from '@/components/ui/field';
import { useAdminList } from '../api/get-admin-list';
import { AdminCard, Detail, Timestamp } from './admin-card';
import { AdminListView } from './admin-list-view';
import { ResetCreditsDialog } from './reset-credits-dialog';

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** Users: e-mail, created, used / limit, provider ids, subscription status; search by e-mail; reset credits. */
export function UsersPanel() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const query = useAdminList('users', { page, q });
  return (
    <div className="space-y-5">
      <div className="max-w-sm">
        <Field id="admin-user-search" label="Search by e-mail">
          <Input
            id="admin-user-search"
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            autoComplete="off"
          />
        </Field>
      </div>
      <AdminListView
        label="Users"
        query={query}
        page={page}
        onPageChange={setPage}
        failedText={messages.admin.fetchUsersFailed}
        emptyText={q ? `No users match "${q}".` : messages.empty.noUsers}
        renderRow={(user) => (
          <AdminCard
            key={user.id}
            title={user.email}
            createdAt={user.createdAt}
            actions={
              user.transformationsUsed > 0 && (
                <ResetCreditsDialog email={user.email} used={user.transformationsUsed} limit={user.transformationsLimit} />
              )
            }
          >
            <dl className="grid gap-1 sm:grid-cols-2">
              <Detail label="Name">{user.name || '-'}</Detail>
              <Detail label="Created">
                <Timestamp iso={user.createdAt} />
              </Detail>
              <Detail label="Credits used">
                {user.transformationsUsed} / {user.transformationsLimit}
              </Detail>
              <Detail label="Subscription status">{user.subscriptionStatus}</Detail>
              <Detail label="Customer ID">{user.stripeCustomerId ?? '-'}</Detail>
              <Detail label="Subscription ID">{user.stripeSubscriptionId ?? '-'}</Detail>
            </dl>
          </AdminCard>
        )}
      />
    </div>
  );
}
