import { messages } from '@rv/contracts/messages';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';

type Target = 'Twitter' | 'Facebook' | 'WhatsApp';

function shareUrl(target: Target, link: string) {
  const text = 'My room redesign with Room Visualizer';
  if (target === 'Twitter') return `https://twitter.com/intent/tweet?${new URLSearchParams({ url: link, text })}`;
  if (target === 'Facebook') return `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: link })}`;
  return `https://wa.me/?${new URLSearchParams({ text: `${text} ${link}` })}`;
}

/** The per-image share (Twitter, Facebook, Download Preview, Copy Link) and the page share (Twitter, Facebook, WhatsApp, Copy Link). */
export function ShareDialog({
  open,
  onOpenChange,
  title,
  link,
  targets,
  previewDownloadUrl,
  isPublic,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  link: string;
  targets: Target[];
  previewDownloadUrl?: string;
  isPublic: boolean;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(messages.account.linkCopied);
    } catch {
      toast.error(messages.account.shareContentFailed);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={title}
        description={isPublic ? 'Anyone with the link can view this design.' : 'Turn on Share View so others can open this link.'}
      >
        <div className="grid grid-cols-2 gap-3">
          {targets.map((target) => (
            <Button key={target} asChild variant="secondary">
              <a href={shareUrl(target, link)} target="_blank" rel="noopener noreferrer">
                {target}
              </a>
            </Button>
          ))}
          {previewDownloadUrl && (
            <Button asChild variant="secondary">
              <a href={previewDownloadUrl} download>
                Download Preview
              </a>
            </Button>
          )}
          <Button variant="secondary" onClick={copy}>
            Copy Link
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
