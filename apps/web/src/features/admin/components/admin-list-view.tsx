import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminPage } from '@rv/contracts/api/admin';
import { Loader2 } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';

/**
 * The states of one admin list: loading, the fetch error text of the spec (with a retry), the empty
 * text, or the cards with a pager when there is more than one page.
 */
export function AdminListView<Row>({
  label,
  query,
  page,
  onPageChange,
  failedText,
  emptyText,
  renderRow,
}: {
  label: string;
  query: UseQueryResult<AdminPage<Row>>;
  page: number;
  onPageChange: (page: number) => void;
  failedText: string;
  emptyText: string;
  renderRow: (row: Row) => ReactNode;
}) {
  // The server answers the last page when the one asked for no longer exists (rows removed meanwhile, say).
  const answeredPage = query.isPlaceholderData ? undefined : query.data?.updatedPage;
  useEffect(() => {
    if (answeredPage !== undefined && answeredPage !== page) onPageChange(answeredPage);
  }, [answeredPage, page, onPageChange]);

  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-8 text-slate-700">
        <Loader2 className="size-5 animate-spin text-brand-700" aria-hidden /> Loading {label.toLowerCase()}...
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 px-4 py-3 text-red-800">
        <span>{failedText}</span>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const data = query.data;
  if (data.items.length === 0) return <p className="py-8 text-slate-700">{emptyText}</p>;
  return (
    <div className="space-y-4">
      <ul className="space-y-4" aria-label={label}>
        {data.items.map(renderRow)}
      </ul>
      <Pagination info={data} onPage={onPageChange} label={`${label} pages`} />
    </div>
  );
}
