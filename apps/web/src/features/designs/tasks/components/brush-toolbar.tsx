import { messages } from '@rv/contracts/messages';
import { Brush, Eraser, Trash2, Undo2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import type { MaskMode } from '@/features/designs/tasks/lib/mask-strokes';
import { BRUSH_SIZES } from '../lib/mask-strokes';

const text = messages.refineMask;

/** The brush's toolbar: Paint or Erase, the brush size, Undo, Clear and Done. */
export function BrushToolbar({
  mode,
  onModeChange,
  size,
  onSizeChange,
  painted,
  onUndo,
  onClear,
  onDone,
}: {
  mode: MaskMode;
  onModeChange: (mode: MaskMode) => void;
  /** As a percentage of the image's width. */
  size: number;
  onSizeChange: (size: number) => void;
  /** Something is painted: Undo and Clear have something to take away. */
  painted: boolean;
  onUndo: () => void;
  onClear: () => void;
  onDone: () => void;
}) {
  const sizeId = useId();
  return (
    <div role="toolbar" aria-label="Brush" className="flex flex-wrap items-center gap-2">
      <Button
        size="sm"
        variant={mode === 'paint' ? 'primary' : 'secondary'}
        aria-pressed={mode === 'paint'}
        onClick={() => onModeChange('paint')}
      >
        <Brush className="size-4" aria-hidden /> {text.paint}
      </Button>
      <Button
        size="sm"
        variant={mode === 'erase' ? 'primary' : 'secondary'}
        aria-pressed={mode === 'erase'}
        onClick={() => onModeChange('erase')}
      >
        <Eraser className="size-4" aria-hidden /> {text.erase}
      </Button>
      <label htmlFor={sizeId} className="flex items-center gap-2 text-sm font-semibold text-slate-800">
        {text.brushSize}
        <input
          id={sizeId}
          type="range"
          min={BRUSH_SIZES.min}
          max={BRUSH_SIZES.max}
          value={size}
          onChange={(e) => onSizeChange(Number(e.target.value))}
          onKeyDown={(e) => e.stopPropagation()}
          className="w-24 accent-brand-700"
        />
      </label>
      <Button size="sm" variant="secondary" disabled={!painted} onClick={onUndo}>
        <Undo2 className="size-4" aria-hidden /> {text.undo}
      </Button>
      <Button size="sm" variant="secondary" disabled={!painted} onClick={onClear}>
        <Trash2 className="size-4" aria-hidden /> {text.clear}
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone}>
        {text.done}
      </Button>
    </div>
  );
}
