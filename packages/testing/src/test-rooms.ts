import sharp from 'sharp';

/**
 * Drawn rooms for the engine tests: a one-point-perspective room (ceiling, floor, side walls, a back
 * wall) with a window, a door and floorboards, all as SVG rendered by sharp. Every architectural
 * element can be moved or re-coloured, so a test can make "the same room" and "a different room".
 */
export interface RoomDrawing {
  width?: number;
  height?: number;
  /** Back wall as fractions of the frame: left, top, right, bottom. */
  backWall?: [number, number, number, number];
  /** Window centre on the back wall, 0 (left end) .. 1 (right end). */
  windowAt?: number;
  /** Door position along the right wall, 0 (front) .. 1 (back). */
  doorAt?: number;
  colours?: Partial<Record<'backWall' | 'sideWalls' | 'ceiling' | 'floor' | 'glass' | 'frame' | 'door' | 'lines', string>>;
}

const DEFAULT_COLOURS = {
  backWall: '#d8ccb8',
  sideWalls: '#c9bca6',
  ceiling: '#eeeae2',
  floor: '#8a6a4c',
  glass: '#cfe4f2',
  frame: '#f4f4f0',
  door: '#9a7a5a',
  lines: '#5a4634',
};

export function roomSvg(drawing: RoomDrawing = {}): string {
  const W = drawing.width ?? 480;
  const H = drawing.height ?? 360;
  const [l, t, r, b] = drawing.backWall ?? [0.3, 0.22, 0.72, 0.68];
  const c = { ...DEFAULT_COLOURS, ...drawing.colours };
  const bx1 = l * W;
  const by1 = t * H;
  const bx2 = r * W;
  const by2 = b * H;
  const pts = (...p: number[][]) => p.map(([x, y]) => `${(x ?? 0).toFixed(1)},${(y ?? 0).toFixed(1)}`).join(' ');

  // Window on the back wall.
  const bw = bx2 - bx1;
  const bh = by2 - by1;
  const wx = bx1 + (drawing.windowAt ?? 0.3) * bw;
  const ww = 0.32 * bw;
  const wy = by1 + 0.14 * bh;
  const wh = 0.5 * bh;
  const win = `<rect x="${wx - ww / 2}" y="${wy}" width="${ww}" height="${wh}" fill="${c.glass}" stroke="${c.frame}" stroke-width="6"/>
    <line x1="${wx}" y1="${wy}" x2="${wx}" y2="${wy + wh}" stroke="${c.frame}" stroke-width="4"/>
    <line x1="${wx - ww / 2}" y1="${wy + wh / 2}" x2="${wx + ww / 2}" y2="${wy + wh / 2}" stroke="${c.frame}" stroke-width="4"/>`;

  // Door on the right wall: interpolate between the front edge (x = W) and the back wall (x = bx2).
  const d = drawing.doorAt ?? 0.45;
  const along = (f: number) => {
    const x = W + (bx2 - W) * f;
    const top = 0 + (by1 - 0) * f;
    const bottom = H + (by2 - H) * f;
    return { x, top, bottom };
  };
  const d1 = along(d);
  const d2 = along(d + 0.3);
  const doorTop = (p: { top: number; bottom: number }) => p.bottom - 0.72 * (p.bottom - p.top);
  const door = `<polygon points="${pts([d1.x, doorTop(d1)], [d2.x, doorTop(d2)], [d2.x, d2.bottom], [d1.x, d1.bottom])}" fill="${c.door}" stroke="${c.lines}" stroke-width="3"/>`;

  // Floorboards converging towards the back wall.
  const boards = [0.15, 0.3, 0.45, 0.6, 0.75, 0.9]
    .map((f) => `<line x1="${f * W}" y1="${H}" x2="${bx1 + f * bw}" y2="${by2}" stroke="${c.lines}" stroke-width="1.5" opacity="0.6"/>`)
    .join('');

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <polygon points="${pts([0, 0], [W, 0], [bx2, by1], [bx1, by1])}" fill="${c.ceiling}"/>
    <polygon points="${pts([0, H], [W, H], [bx2, by2], [bx1, by2])}" fill="${c.floor}"/>
    <polygon points="${pts([0, 0], [bx1, by1], [bx1, by2], [0, H])}" fill="${c.sideWalls}"/>
    <polygon points="${pts([W, 0], [bx2, by1], [bx2, by2], [W, H])}" fill="${c.sideWalls}"/>
    <rect x="${bx1}" y="${by1}" width="${bw}" height="${bh}" fill="${c.backWall}"/>
    ${boards}
    ${win}
    ${door}
    <g stroke="${c.lines}" stroke-width="3" fill="none">
      <line x1="0" y1="0" x2="${bx1}" y2="${by1}"/><line x1="${W}" y1="0" x2="${bx2}" y2="${by1}"/>
      <line x1="0" y1="${H}" x2="${bx1}" y2="${by2}"/><line x1="${W}" y1="${H}" x2="${bx2}" y2="${by2}"/>
      <rect x="${bx1}" y="${by1}" width="${bw}" height="${bh}"/>
    </g>
  </svg>`;
}

/** A drawn room as PNG. */
export function drawRoom(drawing: RoomDrawing = {}): Promise<Buffer> {
  return sharp(Buffer.from(roomSvg(drawing)))
    .png()
    .toBuffer();
}

/** Furniture in the lower third of a room of the given size: a sofa, a rug, a plant and a lamp, as a PNG overlay. */
export function furnitureOverlay(width = 480, height = 360): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <ellipse cx="${0.5 * width}" cy="${0.9 * height}" rx="${0.26 * width}" ry="${0.06 * height}" fill="#b04a3a" opacity="0.9"/>
    <rect x="${0.33 * width}" y="${0.66 * height}" width="${0.34 * width}" height="${0.16 * height}" rx="8" fill="#3f6f5a"/>
    <rect x="${0.35 * width}" y="${0.62 * height}" width="${0.14 * width}" height="${0.08 * height}" rx="6" fill="#4f8a70"/>
    <rect x="${0.51 * width}" y="${0.62 * height}" width="${0.14 * width}" height="${0.08 * height}" rx="6" fill="#4f8a70"/>
    <rect x="${0.12 * width}" y="${0.72 * height}" width="${0.06 * width}" height="${0.1 * height}" fill="#7a4a2a"/>
    <circle cx="${0.15 * width}" cy="${0.66 * height}" r="${0.06 * width}" fill="#2f7a3a"/>
    <line x1="${0.82 * width}" y1="${0.5 * height}" x2="${0.82 * width}" y2="${0.84 * height}" stroke="#222" stroke-width="3"/>
    <polygon points="${0.78 * width},${0.5 * height} ${0.86 * width},${0.5 * height} ${0.84 * width},${0.44 * height} ${0.8 * width},${0.44 * height}" fill="#f0e0a0"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A small room photo as a camera would send it (a JPEG), the usual upload of the API tests. */
export async function roomJpeg(drawing: RoomDrawing = { width: 320, height: 240 }): Promise<Buffer> {
  return sharp(await drawRoom(drawing))
    .jpeg()
    .toBuffer();
}

/** A person's photo of one piece: a red armchair-like block on a pure white studio background (a JPEG). */
export function redItemOnWhite(): Promise<Buffer> {
  return sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#ffffff"/>' +
        '<rect x="50" y="40" width="100" height="120" rx="10" fill="#d01818"/></svg>',
    ),
  )
    .jpeg({ quality: 95 })
    .toBuffer();
}
