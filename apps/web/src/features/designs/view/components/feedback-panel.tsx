import { messages } from '@rv/contracts/messages';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/field';
import { sendFeedback } from '../../sharing/api/share-room';

/**
 * A thumb pressed looks it by its aria-pressed alone, so a press at first paint shows at once: the page's
 * inline keeper sets the attribute before React runs (press-keeper.ts on the server).
 */
const PRESSED = 'aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white aria-pressed:hover:bg-brand-800';

/** 'How did we do?': a thumb, then an optional reason (Skip or Send); hidden once sent. */
export function FeedbackPanel({ designId }: { designId: string }) {
  const [helpful, setHelpful] = useState<boolean | null>(null);
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  if (sent) return null;
  const send = async (feedbackText: string | null) => {
    if (helpful === null) return;
    setSending(true);
    try {
      await sendFeedback(designId, helpful, feedbackText);
      toast.success(messages.tools.feedbackThanks);
      setSent(true);
    } catch {
      toast.error(messages.tools.feedbackFailed);
    } finally {
      setSending(false);
    }
  };
  return (
    <section aria-labelledby="feedback-title" className="rounded-2xl border border-slate-200 p-6 text-center">
      <h2 id="feedback-title" className="text-xl font-extrabold">
        How did we do?
      </h2>
      <div role="group" aria-label="Was this design helpful?" className="mt-4 flex justify-center gap-3">
        <Button
          variant="secondary"
          className={PRESSED}
          aria-pressed={helpful === true}
          onClick={() => setHelpful(true)}
          aria-label="Thumbs up"
        >
          <ThumbsUp className="size-5" aria-hidden />
        </Button>
        <Button
          variant="secondary"
          className={PRESSED}
          aria-pressed={helpful === false}
          onClick={() => setHelpful(false)}
          aria-label="Thumbs down"
        >
          <ThumbsDown className="size-5" aria-hidden />
        </Button>
      </div>
      {helpful !== null && (
        <div className="mx-auto mt-4 max-w-md space-y-3 text-left">
          <label htmlFor="feedback-text" className="block text-sm font-semibold">
            Tell us why (optional)
          </label>
          <Textarea id="feedback-text" value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" disabled={sending} onClick={() => send(null)}>
              Skip
            </Button>
            <Button disabled={sending} onClick={() => send(text.trim() || null)}>
              Send
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
