import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@rv/contracts/messages';
import { Copy, Download, Globe2, Lock } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { makeDesignPublic } from '../api/make-design-public';
import { downloadImage } from '../lib/download-image';
import type { DesignTile } from '../lib/design-tiles';

const share = (link: string, text: string) => {
  const url = encodeURIComponent(link);
  const words = encodeURIComponent(text);
  return [
    { name: 'Twitter', href: `https://twitter.com/intent/tweet?url=${url}&text=${words}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${words}%20${url}` },
    { name: 'Reddit', href: `https://www.reddit.com/submit?url=${url}&title=${words}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
  ];
};

function ShareOptions({ tile }: { tile: DesignTile }) {
  const queryClient = useQueryClient();
  const [madePublic, setMadePublic] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const isPublic = madePublic || tile.design.makefdDetailUrlPublic || tile.design.makekbDetailUrlPublic;
  const link = new URL(tile.uniqueUrl ?? tile.url, window.location.origin).toString();
  const text = `My room redesign "${tile.name}", made with Room Visualizer`;

  const publish = async () => {
    setPublishing(true);
    try {
      await makeDesignPublic(tile.design, link);
      setMadePublic(true);
      void queryClient.invalidateQueries({ queryKey: ['room-designs'] });
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
    <div className="space-y-4">
      <img src={tile.thumbUrl} alt="" className="aspect-[4/3] w-full rounded-xl object-cover" />
      {isPublic ? (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <Globe2 className="size-4 text-green-700" aria-hidden /> Anyone with the link can view this design.
        </p>
      ) : (
        <div className="space-y-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p className="flex items-center gap-2 font-medium">
            <Lock className="size-4" aria-hidden /> This design is private: only you can open its link.
          </p>
          <Button size="sm" onClick={() => void publish()} disabled={publishing}>
            {publishing ? 'Making it public...' : 'Make the link public'}
          </Button>
        </div>
      )}
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Share to">
        {share(link, text).map((target) => (
          <li key={target.name}>
            {isPublic ? (
              <Button asChild variant="secondary" size="sm" className="w-full">
                <a href={target.href} target="_blank" rel="noopener noreferrer">
                  {target.name}
                </a>
              </Button>
            ) : (
              <Button variant="secondary" size="sm" className="w-full" disabled>
                {target.name}
              </Button>
            )}
          </li>
        ))}
        <li>
          <Button variant="secondary" size="sm" className="w-full" onClick={() => void copy()}>
            <Copy className="size-4" aria-hidden /> Copy Link
          </Button>
        </li>
        <li>
          <Button variant="secondary" size="sm" className="w-full" onClick={() => void downloadImage(tile.url, tile.name)}>
            <Download className="size-4" aria-hidden /> Download
          </Button>
        </li>
      </ul>
    </div>
  );
}

/** Share Your Designs: Twitter, Facebook, WhatsApp, Reddit, LinkedIn, copy link, download. */
export function ShareDesignDialog({ tile, onClose }: { tile: DesignTile | null; onClose: () => void }) {
  return (
    <Dialog open={Boolean(tile)} onOpenChange={(open) => !open && onClose()}>
      {tile && (
        <DialogContent title="Share Your Designs" description={tile.name}>
          <ShareOptions key={tile.key} tile={tile} />
        </DialogContent>
      )}
    </Dialog>
  );
}
