import { messages } from '@rv/contracts/messages';
import { Brush, Eraser, Trash2, Undo2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { drawStroke, drawStrokes, type MaskMode, type MaskStroke } from '@/features/designs/tasks/lib/mask-strokes';

const text = messages.refineMask;
/** The tint the painted area shows in (drawn opaque, shown through the canvas's opacity). */
const TINT = '#db2777';
/** The canvas draws at most this many pixels on its long side (the mask itself is made at the image's size). */
const DISPLAY_MAX = 1280;
/** Brush sizes, as a percentage of the image's width. */
const SIZES = { min: 2, max: 20, start: 6 };
/** How far one arrow key press moves the keyboard cross (Shift: five times as far), as a fraction of the image. */
const STEP = 0.02;

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
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<{ pointerId: number; stroke: Extract<MaskStroke, { points: unknown }> } | null>(null);
  const [mode, setMode] = useState<MaskMode>('paint');
  const [size, setSize] = useState(SIZES.start);
  const [cursor, setCursor] = useState<[number, number]>([0.5, 0.5]);
  const [anchor, setAnchor] = useState<[number, number] | null>(null);
  const [focused, setFocused] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const helpId = useId();
  const sizeId = useId();
  const scale = Math.min(1, DISPLAY_MAX / Math.max(width, height));
  const canvasWidth = Math.max(1, Math.round(width * scale));
  const canvasHeight = Math.max(1, Math.round(height * scale));

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx) drawStrokes(ctx, strokes, canvasWidth, canvasHeight, TINT);
  }, [strokes, canvasWidth, canvasHeight]);

  const pointAt = (event: React.PointerEvent): [number, number] => {
    const box = event.currentTarget.getBoundingClientRect();
    return [clamp((event.clientX - box.left) / box.width), clamp((event.clientY - box.top) / box.height)];
  };
  const drawLive = (stroke: MaskStroke) => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx) drawStroke(ctx, stroke, canvasWidth, canvasHeight, TINT);
  };

  const onPointerDown = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0 || drawing.current) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const stroke = { mode, size: size / 100, points: [pointAt(event)] };
    drawing.current = { pointerId: event.pointerId, stroke };
    drawLive(stroke);
  };
  const onPointerMove = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const current = drawing.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const previous = current.stroke.points.at(-1)!;
    const next = pointAt(event);
    current.stroke.points.push(next);
    // Only the newest segment is drawn while the pointer moves; the whole painting is redrawn when it lifts.
    drawLive({ ...current.stroke, points: [previous, next] });
  };
  const onPointerEnd = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const current = drawing.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drawing.current = null;
    onStrokesChange([...strokes, current.stroke]);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const step = event.shiftKey ? STEP * 5 : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      event.stopPropagation();
      setCursor(([x, y]) => [clamp(x + move[0]), clamp(y + move[1])]);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      if (!anchor) {
        setAnchor(cursor);
        setAnnouncement('First corner marked. Move to the opposite corner and press Enter.');
      } else {
        setAnchor(null);
        if (anchor[0] === cursor[0] || anchor[1] === cursor[1]) {
          setAnnouncement('The rectangle has no area. Mark the first corner again.');
          return;
        }
        onStrokesChange([...strokes, { mode, rect: [anchor[0], anchor[1], cursor[0], cursor[1]] }]);
        setAnnouncement(mode === 'paint' ? 'Rectangle painted.' : 'Rectangle erased.');
      }
    } else if (event.key === 'Escape' && anchor) {
      event.preventDefault();
      event.stopPropagation();
      setAnchor(null);
      setAnnouncement('Corner forgotten.');
    }
  };

  const pct = (value: number) => `${(value * 100).toFixed(2)}%`;
  return (
    <div className="space-y-3">
      <p id={helpId} className="text-sm text-slate-700">
        {text.brushHelp} {/* Arrow keys mean nothing on a touch screen: its help is for a keyboard's screens only. */}
        <span className="block text-xs text-slate-600 pointer-coarse:hidden" data-testid="brush-keyboard-help">
          {text.keyboardHelp}
        </span>
      </p>
      <div
        role="application"
        aria-label={text.canvasLabel}
        aria-describedby={helpId}
        aria-roledescription="painting area"
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        className="relative overflow-hidden rounded-2xl bg-slate-100 shadow-md select-none focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <img src={src} alt={alt} width={width} height={height} draggable={false} className="block h-auto w-full" />
        <canvas
          ref={canvas}
          width={canvasWidth}
          height={canvasHeight}
          data-testid="mask-canvas"
          className="absolute inset-0 h-full w-full cursor-crosshair opacity-45"
          style={{ touchAction: 'none' }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
        />
        {anchor && (
          <div
            aria-hidden
            className="pointer-events-none absolute border-2 border-dashed border-white bg-pink-600/25 mix-blend-normal"
            style={{
              left: pct(Math.min(anchor[0], cursor[0])),
              top: pct(Math.min(anchor[1], cursor[1])),
              width: pct(Math.abs(cursor[0] - anchor[0])),
              height: pct(Math.abs(cursor[1] - anchor[1])),
            }}
          />
        )}
        {focused && (
          <div
            aria-hidden
            data-testid="mask-cursor"
            className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow-[0_0_0_2px_rgba(15,23,42,0.8)]"
            style={{ left: pct(cursor[0]), top: pct(cursor[1]) }}
          />
        )}
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </div>
      <div role="toolbar" aria-label="Brush" className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant={mode === 'paint' ? 'primary' : 'secondary'}
          aria-pressed={mode === 'paint'}
          onClick={() => setMode('paint')}
        >
          <Brush className="size-4" aria-hidden /> {text.paint}
        </Button>
        <Button
          size="sm"
          variant={mode === 'erase' ? 'primary' : 'secondary'}
          aria-pressed={mode === 'erase'}
          onClick={() => setMode('erase')}
        >
          <Eraser className="size-4" aria-hidden /> {text.erase}
        </Button>
        <label htmlFor={sizeId} className="flex items-center gap-2 text-sm font-semibold text-slate-800">
          {text.brushSize}
          <input
            id={sizeId}
            type="range"
            min={SIZES.min}
            max={SIZES.max}
            value={size}
            onChange={(e) => setSize(Number(e.target.value))}
            onKeyDown={(e) => e.stopPropagation()}
            className="w-24 accent-brand-700"
          />
        </label>
        <Button size="sm" variant="secondary" disabled={!strokes.length} onClick={() => onStrokesChange(strokes.slice(0, -1))}>
          <Undo2 className="size-4" aria-hidden /> {text.undo}
        </Button>
        <Button size="sm" variant="secondary" disabled={!strokes.length} onClick={() => onStrokesChange([])}>
          <Trash2 className="size-4" aria-hidden /> {text.clear}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {text.done}
        </Button>
      </div>
      {strokes.length > 0 && <p className="text-sm font-semibold text-brand-800">{text.painted}</p>}
    </div>
  );
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));
