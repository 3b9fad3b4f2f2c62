import { Loader2 } from 'lucide-react';

/** Shown on a tool page while the server is asked whether the visitor may use it. */
export function CheckingAccess() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center px-4" role="status">
      <Loader2 className="size-6 animate-spin text-brand-700 motion-reduce:animate-none" aria-hidden />
      <span className="ml-3 text-slate-700">Checking your access...</span>
    </div>
  );
}
