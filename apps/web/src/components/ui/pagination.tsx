import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** A server list's page position (the spec's pagination info). */
export interface PageInfo {
  updatedPage: number;
  lastPage: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
}

/** Previous / Page n of m / Next, from the list's pagination info; nothing for a single page. */
export function Pagination({ info, onPage, label }: { info: PageInfo; onPage: (page: number) => void; label: string }) {
  if (info.lastPage <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-4">
      <Button variant="secondary" size="sm" disabled={!info.hasPreviousPage} onClick={() => onPage(info.updatedPage - 1)}>
        <ChevronLeft className="size-4" aria-hidden /> Previous
      </Button>
      <p className="text-sm font-medium text-slate-700" aria-live="polite">
        Page {info.updatedPage} of {info.lastPage}
      </p>
      <Button variant="secondary" size="sm" disabled={!info.hasNextPage} onClick={() => onPage(info.updatedPage + 1)}>
        Next <ChevronRight className="size-4" aria-hidden />
      </Button>
    </nav>
  );
}
