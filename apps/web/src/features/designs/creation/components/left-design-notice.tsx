import { messages } from '@rv/contracts/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { call, queryKey } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';
import { userProfileQueryOptions } from '@/lib/user-profile';
import type { DesignView } from '../../view/api/get-design-view';
import { findLeftDesign, forgetLeftDesign, readLeftDesign } from '../left-design';

/** As many designs as one person may have being made at once (the server's cap), so every one of them is in. */
const NEWEST = 3;
/** While one is being made, the list is asked again this often, so its notice turns to 'ready' on its own. */
export const BEING_MADE_POLL_MS = 5_000;

const recentKey = queryKey('designList', 'recent', NEWEST);
/** The left design as this browser keeps it (not a call: IndexedDB). */
const leftKey = (userId: string) => ['leftDesign', userId] as const;

/**
 * Where a person's design went when they left while it was made (ADR 054), on the tool pages and
 * My Designs: each of the account's designs still being made, with a link to its page; and the design this
 * browser sent last, once made (or failed), until they open it or dismiss the notice. Asked once React runs
 * the page, never at its first paint.
 */
export function LeftDesignNotice() {
  const queryClient = useQueryClient();
  const { userId, designs, sent, finished } = useLeftDesign();
  if (!userId || !designs) return null;

  const running = designs.filter(beingMade);
  if (running.length === 0 && !finished) return null;

  const forget = () => {
    void forgetLeftDesign(userId).then(() => queryClient.invalidateQueries({ queryKey: leftKey(userId) }));
  };
  return (
    <div className="space-y-3">
      {running.map((design) => (
        <p key={design.id} role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-brand-800">
          {messages.leftDesign.beingMade}{' '}
          <Link className="font-semibold underline" to={design.pagePath} onClick={sent?.id === design.id ? forget : undefined}>
            {messages.leftDesign.view}
          </Link>
        </p>
      ))}
      {finished && (
        <div
          role="status"
          className={
            finished.status === 'failed'
              ? 'flex flex-wrap items-center gap-3 rounded-lg bg-red-50 px-4 py-3 text-red-800'
              : 'flex flex-wrap items-center gap-3 rounded-lg bg-green-50 px-4 py-3 text-green-900'
          }
        >
          <span>{finished.status === 'failed' ? messages.leftDesign.failed : messages.leftDesign.ready}</span>
          <Link className="font-semibold underline" to={finished.pagePath} onClick={forget}>
            {messages.leftDesign.view}
          </Link>
          <button type="button" className="ml-auto text-sm underline" onClick={forget}>
            {messages.leftDesign.dismiss}
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * The account's newest designs and the one this browser sent last, once it is made or failed (`finished`,
 * with the tool it was sent from): asked once React runs the page.
 */
export function useLeftDesign() {
  const hydrated = useHydrated();
  const profile = useQuery({ ...userProfileQueryOptions(), enabled: hydrated, staleTime: Infinity });
  const userId = profile.data?.id;
  const newest = useQuery({
    queryKey: recentKey,
    queryFn: () => call('designList', { query: { page: 1, limit: NEWEST, scope: 'recent' } }),
    enabled: Boolean(userId),
    refetchInterval: (query) => (query.state.data?.designs.some(beingMade) ? BEING_MADE_POLL_MS : false),
  });
  const left = useQuery({ queryKey: leftKey(userId ?? ''), queryFn: () => readLeftDesign(userId!), enabled: Boolean(userId) });
  const designs = newest.data?.designs;
  const sent = left.data && designs ? findLeftDesign(left.data, designs) : undefined;
  const finished = sent && !beingMade(sent) ? { ...sent, tool: left.data!.tool } : undefined;
  return { userId, designs, sent, finished };
}

const beingMade = (design: DesignView) => design.status === 'queued' || design.status === 'running';
