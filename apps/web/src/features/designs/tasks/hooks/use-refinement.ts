import type { RefineScope } from '@rv/contracts/domain';
import { messages } from '@rv/contracts/messages';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client';
import type { PaintedArea } from '@/features/designs/tasks/lib/mask-strokes';
import { followRefinement, startRefinement } from '../api/refinements';

/**
 * One refinement from the refine panel: the chosen scope, the prompt and photos being written, and the
 * live status once sent. One request carries the prompt, the scope, the base image (by id), the photos and
 * a painted area; then the events (SSE) are followed until it completes or fails.
 */
export function useRefinement({
  designId,
  baseImageId,
  painted,
  onRunningChange,
  onRefined,
}: {
  designId: string;
  baseImageId?: string;
  painted?: PaintedArea | null;
  onRunningChange: (running: boolean) => void;
  onRefined: (imageId: string) => void;
}) {
  const [scope, setScope] = useState<RefineScope | null>(null);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [status, setStatus] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const stopFollowing = useRef<(() => void) | null>(null);
  // Leaving the page stops following the stream (the refinement itself goes on on the server).
  useEffect(() => () => stopFollowing.current?.(), []);

  const failed = (title: string, details?: string) => {
    setStatus(null);
    onRunningChange(false);
    toast.error(title, { description: details || undefined });
  };
  const completed = (imageId: string) => {
    setStatus(null);
    setText('');
    setFiles([]);
    if (fileInput.current) fileInput.current.value = '';
    onRunningChange(false);
    toast.success('Your refined design is ready');
    onRefined(imageId);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!scope) return;
    if (!text.trim()) {
      toast.error(messages.validation.feedbackRequiredTitle, { description: messages.validation.feedbackRequired });
      return;
    }
    const base = painted ? painted.imageId : baseImageId;
    if (!base) return;
    const chosen = scope;
    setScope(null);
    setStatus('Starting your refinement...');
    onRunningChange(true);
    let taskId: string;
    try {
      const mask = painted ? await painted.mask() : undefined;
      ({ taskId } = await startRefinement(designId, { prompt: text.trim(), scope: chosen, baseImageId: base, photos: files, mask }));
    } catch (error) {
      // The request carried the photos and the painted area: its refusal is told as theirs when it had any.
      const title = painted
        ? messages.refineMask.uploadFailed
        : files.length
          ? messages.tools.tweakUploadFailed
          : messages.tools.refineFailed;
      failed(title, errorMessage(error, ''));
      return;
    }
    stopFollowing.current = followRefinement(designId, taskId, (refineEvent) => {
      if (refineEvent.type === 'status') setStatus(refineEvent.message);
      if (refineEvent.type === 'complete') completed(refineEvent.imageId);
      if (refineEvent.type === 'error') failed(messages.tools.refineFailed, refineEvent.details);
    });
  };

  return { scope, setScope, text, setText, setFiles, status, fileInput, submit };
}
