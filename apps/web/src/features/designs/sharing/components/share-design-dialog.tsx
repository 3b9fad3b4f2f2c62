import { messages } from '@rv/contracts/messages';
import { PRESS } from '@rv/contracts/press';
import { Copy, Download, Globe2, Lock } from 'lucide-react';
import { useState, type Ref } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { NativeDialog } from '@/components/ui/native-dialog';

export type ShareNetwork = 'Twitter' | 'Facebook' | 'WhatsApp' | 'Reddit' | 'LinkedIn';
export const SHARE_NETWORKS: readonly ShareNetwork[] = ['Twitter', 'Facebook', 'WhatsApp', 'Reddit', 'LinkedIn'];

/** The one share table: each network's share address for a link and its text. */
export function shareHref(network: ShareNetwork, link: string, text: string): string {
  switch (network) {
    case 'Twitter':
      return `https://twitter.com/intent/tweet?${new URLSearchParams({ url: link, text })}`;
    case 'Facebook':
      return `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: link })}`;
    case 'WhatsApp':
      return `https://wa.me/?${new URLSearchParams({ text: `${text} ${link}` })}`;
    case 'Reddit':
      return `https://www.reddit.com/submit?${new URLSearchParams({ url: link, title: text })}`;
    case 'LinkedIn':
      return `https://www.linkedin.com/sharing/share-offsite/?${new URLSearchParams({ url: link })}`;
  }
}

export interface ShareDesignDialogProps {
  /** The dialog's id: a Share button opens it with `dialogCommand(id, 'show-modal')`, before any script too. */
  id: string;
  /** The <dialog>, for a page that opens it itself (the results page, once its link is made public). */
  ref?: Ref<HTMLDialogElement>;
  title: string;
  description?: string;
  /** The design's results page. */
  link: string;
  /** What the networks show with the link. */
  text: string;
  isPublic: boolean;
  /** Makes the results page public; without it (a visitor) the dialog only says it is private. */
  onMakePublic?: () => Promise<void>;
  networks?: readonly ShareNetwork[];
  thumbUrl?: string;
  /** The image's download link (imageDownloadUrl), when one image is shared. */
  downloadUrl?: string;
}

/**
 * Share a design, from the results page and My Designs alike: the networks, Copy Link and (for one
 * image) Download. A private design's network links stay off until it is made public. It is a native
 * <dialog> in the page from the start, closed, so that its Share button is answered by the browser at the
 * first press, before React runs the page (ADR 048); its image loads only once it is opened.
 */
export function ShareDesignDialog({
  id,
  ref,
  title,
  description,
  link,
  text,
  isPublic,
  onMakePublic,
  networks = SHARE_NETWORKS,
  thumbUrl,
  downloadUrl,
}: ShareDesignDialogProps) {
  const [publishing, setPublishing] = useState(false);
  const publish = async () => {
    if (!onMakePublic) return;
    setPublishing(true);
    try {
      await onMakePublic();
    } catch {
      toast.error(messages.account.shareContentFailed);
    }
    setPublishing(false);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(messages.account.linkCopied);
    } catch {
      toast.error(messages.account.shareContentFailed);
    }
  };
  return (
    <NativeDialog id={id} ref={ref} title={title} description={description} className="max-w-lg">
      <div className="space-y-4">
        {thumbUrl && <img src={thumbUrl} alt="" loading="lazy" className="aspect-[4/3] w-full rounded-xl object-cover" />}
        {isPublic ? (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Globe2 className="size-4 text-green-700" aria-hidden /> Anyone with the link can view this design.
          </p>
        ) : (
          <div className="space-y-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <p className="flex items-center gap-2 font-medium">
              <Lock className="size-4" aria-hidden /> This design is private: only you can open its link.
            </p>
            {onMakePublic && (
              <Button size="sm" onClick={() => void publish()} disabled={publishing}>
                {publishing ? 'Making it public...' : 'Make the link public'}
              </Button>
            )}
          </div>
        )}
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Share to">
          {networks.map((network) => (
            <li key={network}>
              {isPublic ? (
                <Button asChild variant="secondary" size="sm" className="w-full">
                  <a href={shareHref(network, link, text)} target="_blank" rel="noopener noreferrer">
                    {network}
                  </a>
                </Button>
              ) : (
                <Button variant="secondary" size="sm" className="w-full" disabled>
                  {network}
                </Button>
              )}
            </li>
          ))}
          <li>
            <Button variant="secondary" size="sm" className="w-full" onClick={() => void copy()}>
              <Copy className="size-4" aria-hidden /> Copy Link
            </Button>
          </li>
          {downloadUrl && (
            <li>
              <Button asChild variant="secondary" size="sm" className="w-full">
                {/* The result whose Share opened the dialog gives it its address, before React runs too (PRESS.dialogHref). */}
                <a href={downloadUrl} download {...{ [PRESS.dialogLink]: '' }}>
                  <Download className="size-4" aria-hidden /> Download Preview
                </a>
              </Button>
            </li>
          )}
        </ul>
      </div>
    </NativeDialog>
  );
}
