import { useEffect, useRef, useState } from 'react';
import {
  BRUSH_SIZES,
  clamp,
  drawStroke,
  drawStrokes,
  pointOn,
  TINT,
  type MaskMode,
  type MaskStroke,
} from '@/features/designs/tasks/lib/mask-strokes';

/** The canvas draws at most this many pixels on its long side (the mask itself is made at the image's size). */
const DISPLAY_MAX = 1280;
/** How far one arrow key press moves the keyboard cross (Shift: five times as far), as a fraction of the image. */
const STEP = 0.02;

/**
 * The brush's painting (ADR 022): pointer strokes drawn live on the canvas, and from the keyboard a cross
 * moved by the arrow keys whose two Enter presses mark a rectangle (Escape forgets the first corner). The
 * strokes live with the caller; a finished stroke or rectangle is handed to onStrokesChange.
 */
export function useMaskBrush({
  width,
  height,
  strokes,
  onStrokesChange,
}: {
  width: number;
  height: number;
  strokes: MaskStroke[];
  onStrokesChange: (strokes: MaskStroke[]) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<{ pointerId: number; stroke: Extract<MaskStroke, { points: unknown }> } | null>(null);
  const [mode, setMode] = useState<MaskMode>('paint');
  const [size, setSize] = useState(BRUSH_SIZES.start);
  const [cursor, setCursor] = useState<[number, number]>([0.5, 0.5]);
  const [anchor, setAnchor] = useState<[number, number] | null>(null);
  const [focused, setFocused] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const scale = Math.min(1, DISPLAY_MAX / Math.max(width, height));
  const canvasWidth = Math.max(1, Math.round(width * scale));
  const canvasHeight = Math.max(1, Math.round(height * scale));

  // Whether the canvas has been drawn on: a blank one (a brush not yet used, hidden in the page) is left
  // alone, with no drawing context made for it while the page starts.
  const drawnOn = useRef(false);
  useEffect(() => {
    if (strokes.length === 0 && !drawnOn.current) return;
    const ctx = canvas.current?.getContext('2d');
    if (ctx) drawStrokes(ctx, strokes, canvasWidth, canvasHeight, TINT);
    drawnOn.current = strokes.length > 0;
  }, [strokes, canvasWidth, canvasHeight]);

  const pointAt = (event: React.PointerEvent) => pointOn(event.currentTarget, event);
  const drawLive = (stroke: MaskStroke) => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx) drawStroke(ctx, stroke, canvasWidth, canvasHeight, TINT);
    drawnOn.current = true;
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
  // What each part of the brush draws (MaskBrush hands each its own): the painting area's keys and focus,
  // the canvas, the rectangle being marked and the keyboard cross (as positions over the image), the
  // toolbar's mode and size.
  return {
    area: { onKeyDown, onFocus: () => setFocused(true), onBlur: () => setFocused(false) },
    canvas: {
      ref: canvas,
      width: canvasWidth,
      height: canvasHeight,
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
    },
    rectangle: anchor && {
      left: pct(Math.min(anchor[0], cursor[0])),
      top: pct(Math.min(anchor[1], cursor[1])),
      width: pct(Math.abs(cursor[0] - anchor[0])),
      height: pct(Math.abs(cursor[1] - anchor[1])),
    },
    cross: focused ? { left: pct(cursor[0]), top: pct(cursor[1]) } : null,
    announcement,
    toolbar: { mode, onModeChange: setMode, size, onSizeChange: setSize },
  };
}
