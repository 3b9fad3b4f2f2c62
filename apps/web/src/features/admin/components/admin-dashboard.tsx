import { messages } from '@rv/contracts/messages';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { ApiError } from '@/lib/api-client';
import { useAdminAccess } from '../api/get-admin-access';
import { useAdminList, type AdminListKind } from '../api/get-admin-list';
import { AuditLogPanel } from './audit-log-panel';
import { BugReportsPanel } from './bug-reports-panel';
import { DesignFeedbackPanel } from './design-feedback-panel';
import { EnginesPanel } from './engines-panel';
import { RefundedPaymentsPanel } from './refunded-payments-panel';
import { RoomSharesPanel } from './room-shares-panel';
import { UsersPanel } from './users-panel';

const tabs: { kind: AdminListKind; label: string; Panel: () => ReactNode }[] = [
  { kind: 'users', label: 'Users', Panel: UsersPanel },
  { kind: 'room-shares', label: 'Room Shares', Panel: RoomSharesPanel },
  { kind: 'design-feedback', label: 'Design Feedback', Panel: DesignFeedbackPanel },
  { kind: 'bug-reports', label: 'Bug Reports', Panel: BugReportsPanel },
  { kind: 'audit-log', label: 'Audit Log', Panel: AuditLogPanel },
  { kind: 'orphan-payments', label: 'Refunded Payments', Panel: RefundedPaymentsPanel },
];

/** The admin dashboard: only for admins (the server checks every call too); anyone else goes to /account. */
export function AdminDashboard() {
  const access = useAdminAccess();
  const navigate = useNavigate();
  const denied = access.data?.isAdmin === false || (access.error instanceof ApiError && access.error.status === 403);

  useEffect(() => {
    if (!denied) return;
    toast.error(messages.auth.noAdminAccess, { id: 'no-admin-access' });
    void navigate(paths.account, { replace: true });
  }, [denied, navigate]);

  if (access.data?.isAdmin) return <Dashboard />;
  if (access.isError && !denied && !(access.error instanceof ApiError && access.error.status === 401)) {
    return (
      <p role="alert" className="mx-auto max-w-xl px-4 py-24 text-center text-red-800">
        {messages.account.loadFailed}
      </p>
    );
  }
  return (
    <div className="flex justify-center py-24" role="status">
      <Loader2 className="size-8 animate-spin text-brand-700" aria-hidden />
      <span className="sr-only">Checking admin access...</span>
    </div>
  );
}

function TabCount({ kind }: { kind: AdminListKind }) {
  const total = useAdminList(kind, { page: 1 }).data?.total;
  if (total === undefined) return null;
  return <span className="min-w-6 rounded-full bg-slate-200 px-2 py-0.5 text-center text-xs font-bold text-slate-800">{total}</span>;
}

function Dashboard() {
  const [searchParams, setSearchParams] = useSearchParams();
  const active = tabs.find((tab) => tab.kind === searchParams.get('tab'))?.kind ?? 'users';
  const tabRefs = useRef(new Map<AdminListKind, HTMLButtonElement>());

  const select = (kind: AdminListKind, focus = false) => {
    setSearchParams(kind === 'users' ? {} : { tab: kind }, { replace: true });
    if (focus) tabRefs.current.get(kind)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.kind === active);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(tabs[(next + tabs.length) % tabs.length]!.kind, true);
  };

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <h1 className="text-3xl font-extrabold">Admin Dashboard</h1>
      <section aria-labelledby="admin-engines" className="space-y-4">
        <h2 id="admin-engines" className="text-xl font-bold">
          Engines and costs
        </h2>
        <EnginesPanel />
      </section>
      <div role="tablist" aria-label="Admin lists" className="flex flex-wrap gap-1 border-b border-slate-200" onKeyDown={onKeyDown}>
        {tabs.map(({ kind, label }) => (
          <button
            key={kind}
            ref={(node) => {
              if (node) tabRefs.current.set(kind, node);
              else tabRefs.current.delete(kind);
            }}
            type="button"
            role="tab"
            id={`admin-tab-${kind}`}
            aria-selected={kind === active}
            aria-controls={`admin-panel-${kind}`}
            tabIndex={kind === active ? 0 : -1}
            onClick={() => select(kind)}
            className={cn(
              '-mb-px inline-flex items-center gap-2 rounded-t-lg border-b-2 px-4 py-2.5 font-semibold focus-visible:outline-2 focus-visible:outline-brand-600',
              kind === active ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-700 hover:bg-slate-100',
            )}
          >
            {label} <TabCount kind={kind} />
          </button>
        ))}
      </div>
      {tabs.map(({ kind, label, Panel }) => (
        <section
          key={kind}
          role="tabpanel"
          id={`admin-panel-${kind}`}
          aria-labelledby={`admin-tab-${kind}`}
          hidden={kind !== active}
          tabIndex={0}
        >
          <h2 className="sr-only">{label}</h2>
          <Panel />
        </section>
      ))}
    </div>
  );
}
