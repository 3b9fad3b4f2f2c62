import { messages } from '@rv/contracts/messages';
import { useId } from 'react';
import type { MaskStroke } from '@/features/designs/tasks/lib/mask-strokes';
import { useMaskBrush } from '../hooks/use-mask-brush';
import { BrushToolbar } from './brush-toolbar';

const text = messages.refineMask;

/**
 * 'Change only here' (ADR 022): the image becomes a canvas. Paint with a finger, pen or mouse (pointer
 * events, no page scroll while painting), erase, change the brush size, undo, clear; the painted area
 * shows as a tint. From the keyboard: the arrow keys move a cross, Enter marks one corner of a
 * rectangle and Enter again the opposite one (Escape forgets the first corner). Controlled: the strokes
 * live with the caller, which makes the mask from them (mask-strokes.ts).
 */
export function MaskBrush({
  src,
  alt,
  width,
  height,
  strokes,
  onStrokesChange,
  onDone,
}: {
  src: string;
  alt: string;
  /** The image's own size. */
  width: number;
  height: number;
  strokes: MaskStroke[];
  onStrokesChange: (strokes: MaskStroke[]) => void;
  onDone: () => void;
}) {
  const { area, canvas, rectangle, cross, announcement, toolbar } = useMaskBrush({ width, height, strokes, onStrokesChange });
  const helpId = useId();
  return (
    <div className="space-y-3">
      <p id={helpId} className="text-sm text-slate-700">
        {text.brushHelp} {/* Arrow keys mean nothing on a touch screen: its help is for a keyboard's screens only. */}
        <span className="block text-xs text-slate-600 pointer-coarse:hidden" data-testid="brush-keyboard-help">
          {text.keyboardHelp}
        </span>
      </p>
      {/* Opened before the page's first script runs (its disclosure, opened by the page's inline keeper), the canvas cannot paint yet: it says so until a script paints (early-painting.ts, index.css). */}
      <p role="status" data-until-script className="text-sm font-semibold text-brand-800">
        {text.gettingReady}
      </p>
      <div
        role="application"
        aria-label={text.canvasLabel}
        aria-describedby={helpId}
        aria-roledescription="painting area"
        tabIndex={0}
        {...area}
        className="relative overflow-hidden rounded-2xl bg-slate-100 shadow-md select-none focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {/* Lazy: a brush not opened (hidden in the page) fetches nothing. */}
        <img src={src} alt={alt} width={width} height={height} loading="lazy" draggable={false} className="block h-auto w-full" />
        <canvas
          {...canvas}
          data-testid="mask-canvas"
          data-needs-script
          className="absolute inset-0 h-full w-full cursor-crosshair opacity-45"
          style={{ touchAction: 'none' }}
        />
        {rectangle && (
          <div
            aria-hidden
            className="pointer-events-none absolute border-2 border-dashed border-white bg-pink-600/25 mix-blend-normal"
            style={rectangle}
          />
        )}
        {cross && (
          <div
            aria-hidden
            data-testid="mask-cursor"
            className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow-[0_0_0_2px_rgba(15,23,42,0.8)]"
            style={cross}
          />
        )}
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </div>
      <BrushToolbar
        {...toolbar}
        painted={strokes.length > 0}
        onUndo={() => onStrokesChange(strokes.slice(0, -1))}
        onClear={() => onStrokesChange([])}
        onDone={onDone}
      />
      {strokes.length > 0 && <p className="text-sm font-semibold text-brand-800">{text.painted}</p>}
    </div>
  );
}
