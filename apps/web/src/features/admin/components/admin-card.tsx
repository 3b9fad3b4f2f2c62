import type { ReactNode } from 'react';

import { mediumDateTime } from '@/lib/dates';

export function Timestamp({ iso }: { iso: string }) {
  return <time dateTime={iso}>{mediumDateTime(iso)}</time>;
}

/** One row of an admin list as a card: its title (an e-mail), its timestamp, its details and actions. */
export function AdminCard({
  title,
  createdAt,
  children,
  actions,
}: {
  title: string;
  createdAt: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <li>
      <article className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="font-bold break-all text-slate-900">{title}</h3>
            <p className="text-sm text-slate-600">
              <Timestamp iso={createdAt} />
            </p>
          </div>
          {actions}
        </div>
        <div className="mt-3 space-y-3 text-sm text-slate-800">{children}</div>
      </article>
    </li>
  );
}

/** A label and a value in a card's detail list. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-semibold text-slate-700">{label}:</dt>
      <dd className="break-all">{children}</dd>
    </div>
  );
}
