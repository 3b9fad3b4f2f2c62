// Renders the landing page's before/after sample rooms: our own drawings, no photos.
// Each room is a tiny 3-D scene: a pinhole camera projects walls, windows, doors and box
// furniture into SVG, which sharp turns into WebP. "before" and "after" share the room shell
// and the camera, so the architecture sits on the same pixels in both images.
// Usage: node --import tsx scripts/render-samples.ts   (needs `sharp`; OUT_DIR overrides the output folder)
import sharp from 'sharp';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT_DIR = path.resolve(process.env.OUT_DIR ?? fileURLToPath(new URL('../apps/web/public/samples/', import.meta.url)));
const PUBLIC_DIR = path.dirname(OUT_DIR);

type Vec2 = [number, number];
type Vec3 = [number, number, number];
/** SVG attributes in camelCase (written kebab-case). */
type Attrs = Record<string, string | number | undefined>;
/** A room's colours: the shell's (always there) and the optional ones some rooms use. */
interface Theme {
  wall: string;
  ceil: string;
  floor: string;
  trim: string;
  base: string;
  sky: string;
  green: string;
  crown?: string;
  back?: string;
  door?: string;
  knob?: string;
  closet?: string;
  cab?: string;
  top?: string;
  handle?: string;
  sink?: string;
  tap?: string;
}
/** A colour the room's theme must have for what is drawn (a door, the kitchen's cabinets). */
function colour(t: Theme, key: keyof Theme): string {
  const value = t[key];
  if (!value) throw new Error(`the theme has no ${key}`);
  return value;
}
/** A surface of the room a shape is drawn on. */
type Plane = 'back' | 'front' | 'left' | 'right' | 'floor' | 'ceil';
/** A box as [x0, y0, z0, x1, y1, z1, colour, attrs]. */
type BoxSpec = [number, number, number, number, number, number, string, Attrs?];

// ---------- small helpers ----------
const rng = (seed: number) => () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const rgb = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
const hex2 = (v: number) => Math.round(v).toString(16).padStart(2, '0');
const mix = (a: string, b: string, t: number): string =>
  '#' +
  rgb(a)
    .map((v, i) => hex2(v + (rgb(b)[i]! - v) * t))
    .join('');
/** k < 0 darkens towards black, k > 0 lightens towards white. */
const shade = (c: string, k: number): string => (k < 0 ? mix(c, '#000000', -k) : mix(c, '#ffffff', k));
const kebab = (k: string) => k.replace(/[A-Z]/g, (m) => '-' + m.toLowerCase());
const attrs = (a: Attrs = {}) =>
  Object.entries(a)
    .map(([k, v]) => ` ${kebab(k)}="${v}"`)
    .join('');
const fmt = (pts: Vec2[]) => pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
/** pairs(a, b, c, d) -> [[a, b], [c, d]] */
const pairs = <T>(...a: T[]): [T, T][] => a.filter((_, i) => i % 2 === 0).map((v, i) => [v, a[2 * i + 1]!]);
/** 'wall #eee floor #b88' -> { wall: '#eee', floor: '#b88', base: <trim> } */
function theme(spec: string): Theme {
  const t: Record<string, string> = Object.fromEntries(pairs(...spec.trim().split(/\s+/)));
  for (const key of ['wall', 'ceil', 'floor', 'trim', 'sky', 'green'] as const)
    if (!t[key]) throw new Error(`theme without ${key}: ${spec}`);
  return { base: t.trim, ...t } as Theme;
}
/** gradient stops from '#rrggbb[/opacity][@offset] ...'; offsets default to even spacing */
function stops(spec: string) {
  const toks = spec.split(/[\s,]+/).filter(Boolean);
  return toks
    .map((tok, i) => {
      const [, col, op = 1, off = i / Math.max(toks.length - 1, 1)] = tok.match(/^(#\w+)(?:\/([\d.]+))?(?:@([\d.]+))?$/) ?? [];
      return `<stop offset="${off}" stop-color="${col}" stop-opacity="${op}"/>`;
    })
    .join('');
}

function hull(pts: Vec2[]): Vec2[] {
  const p = [...pts].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: Vec2, a: Vec2, b: Vec2) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (arr: Vec2[]) =>
    arr.reduce<Vec2[]>((h, q) => {
      while (h.length >= 2 && cross(h[h.length - 2]!, h[h.length - 1]!, q) <= 0) h.pop();
      h.push(q);
      return h;
    }, []);
  return [...half(p).slice(0, -1), ...half([...p].reverse()).slice(0, -1)];
}

// ---------- perspective scene ----------
// World: x to the right, y up, z into the room; the room spans [0,W] x [0,H] x [0,D].
// yaw = 0 gives one-point perspective; a yaw turns the camera for two-point perspective.
const FACE_SHADE = [-0.1, -0.2, -0.35, 0.12, 0, -0.15]; // -x +x -y +y -z +z
const DIRS = { v: [0, 0, 0, 1], h: [0, 0, 1, 0], d: [0, 0, 1, 1] } as const;

/** Where the camera stands and looks, in a room of W x D x H metres. */
interface Camera {
  room: Vec3;
  eye: Vec3;
  yaw?: number;
  f?: number;
}

function makeScene({ w = 1200, h = 800, room: [W, D, H], eye, yaw = 0, f = 520 }: Camera & { w?: number; h?: number }) {
  const [ex, ey, ez] = eye;
  const [c, s] = [Math.cos(yaw), Math.sin(yaw)];
  const NEAR = 0.05;
  const defs: string[] = [];
  const out: string[] = [];
  const blurs: Record<number, string> = {};
  let n = 0;
  const cam = ([x, y, z]: Vec3): Vec3 => [c * (x - ex) - s * (z - ez), y - ey, s * (x - ex) + c * (z - ez)];
  const proj = ([X, Y, Z]: Vec3): Vec2 => [w / 2 + (f * X) / Z, h / 2 - (f * Y) / Z];
  const lerp = (p: Vec3, q: Vec3, t: number): Vec3 => [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]), p[2] + t * (q[2] - p[2])];
  const cut = (p: Vec3, q: Vec3) => lerp(p, q, (NEAR - p[2]) / (q[2] - p[2]));
  // clip a camera-space polygon to the near plane (Sutherland-Hodgman, one plane)
  const clip = (ps: Vec3[]) =>
    ps.flatMap((p, i) => {
      const q = ps[(i + 1) % ps.length]!;
      const r = p[2] >= NEAR ? [p] : [];
      return p[2] >= NEAR !== q[2] >= NEAR ? [...r, cut(p, q)] : r;
    });
  // planes[name](u, v, d): a point on a room surface, d metres in from it
  const planes: Record<Plane, (u: number, v: number, d?: number) => Vec3> = {
    back: (u, v, d = 0) => [u, v, D - d],
    front: (u, v, d = 0) => [u, v, d],
    left: (u, v, d = 0) => [d, v, u],
    right: (u, v, d = 0) => [W - d, v, u],
    floor: (u, v, d = 0) => [u, d, v],
    ceil: (u, v, d = 0) => [u, H - d, v],
  };
  const S = {
    W,
    D,
    H,
    w,
    h,
    eye,
    pt: (p: Vec3) => proj(cam(p)),
    scale: (p: Vec3) => f / cam(p)[2],
    add: (str: string) => out.push(str),
    poly(pts: Vec3[], a?: Attrs) {
      const ps = clip(pts.map(cam));
      if (ps.length >= 3) out.push(`<polygon points="${fmt(ps.map(proj))}"${attrs(a)}/>`);
    },
    line(p: Vec3, q: Vec3, a?: Attrs) {
      let [P, Q] = [cam(p), cam(q)];
      if (P[2] < NEAR && Q[2] < NEAR) return;
      if (P[2] < NEAR) P = cut(P, Q);
      if (Q[2] < NEAR) Q = cut(Q, P);
      out.push(`<polyline points="${fmt([proj(P), proj(Q)])}" fill="none"${attrs(a)}/>`);
    },
    // a polygon on a surface, from flat [u0, v0, u1, v1, ...]
    shape(pl: Plane, uv: number[], a?: Attrs, d = 0) {
      const pts = pairs(...uv).map(([u, v]) => planes[pl](u, v, d));
      S.poly(pts, a);
    },
    rect: (pl: Plane, u0: number, v0: number, u1: number, v1: number, a?: Attrs, d = 0) =>
      S.shape(pl, [u0, v0, u1, v0, u1, v1, u0, v1], a, d),
    ellipse(pl: Plane, cu: number, cv: number, ru: number, rv: number, a?: Attrs, d = 0) {
      const ang = Array.from({ length: 36 }, (_, i) => (i / 36) * 2 * Math.PI);
      const uv = ang.flatMap((t) => [cu + ru * Math.cos(t), cv + rv * Math.sin(t)]);
      S.shape(pl, uv, a, d);
    },
    lin(spec: string, dir: keyof typeof DIRS = 'v') {
      const id = `g${n++}`;
      const [x1, y1, x2, y2] = DIRS[dir];
      defs.push(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(spec)}</linearGradient>`);
      return `url(#${id})`;
    },
    rad(spec: string, r = 0.5) {
      const id = `g${n++}`;
      defs.push(`<radialGradient id="${id}" r="${r}">${stops(spec)}</radialGradient>`);
      return `url(#${id})`;
    },
    blur(sd: number) {
      if (!blurs[sd]) {
        blurs[sd] = `b${n++}`;
        const fe = `<feGaussianBlur stdDeviation="${sd}"/>`;
        defs.push(`<filter id="${blurs[sd]}" x="-50%" y="-50%" width="200%" height="200%">${fe}</filter>`);
      }
      return `url(#${blurs[sd]})`;
    },
    // axis-aligned box; only the faces turned towards the camera are drawn
    box(p0: Vec3, p1: Vec3, col: string, a: Attrs = {}) {
      const q = [p0, p1];
      const at = (corner: number, axis: number) => q[corner]![axis]!;
      for (let ax = 0; ax < 3; ax++) {
        for (const sd of [0, 1]) {
          if ((eye[ax]! - at(sd, ax)) * (sd ? 1 : -1) <= 1e-6) continue;
          const [a1, a2] = [0, 1, 2].filter((k) => k !== ax) as [number, number];
          const pts = pairs(0, 0, 1, 0, 1, 1, 0, 1).map(([i, j]) => {
            const p: Vec3 = [0, 0, 0];
            [p[ax], p[a1], p[a2]] = [at(sd, ax), at(i, a1), at(j, a2)];
            return p;
          });
          S.poly(pts, { fill: shade(col, FACE_SHADE[ax * 2 + sd]!), ...a });
        }
      }
    },
    // boxes given as [x0, y0, z0, x1, y1, z1, colour, attrs], drawn far-to-near
    boxes(list: BoxSpec[]) {
      const dist = (b: BoxSpec) => Math.hypot((b[0] + b[3]) / 2 - eye[0], (b[1] + b[4]) / 2 - eye[1], (b[2] + b[5]) / 2 - eye[2]);
      [...list].sort((a, b) => dist(b) - dist(a)).forEach((b) => S.box([b[0], b[1], b[2]], [b[3], b[4], b[5]], b[6], b[7]));
    },
    // vertical frustum / elliptic cylinder at (cx, cz); k squashes the z radius
    cyl(cx: number, cz: number, y0: number, y1: number, r0: number, r1: number, fill: string, top?: string, k = 1) {
      const ring = (y: number, r: number) =>
        Array.from({ length: 32 }, (_, i) => (i / 16) * Math.PI).map((t): Vec3 => [cx + r * Math.cos(t), y, cz + k * r * Math.sin(t)]);
      const [b, t] = [ring(y0, r0), ring(y1, r1)];
      if ([...b, ...t].some((p) => cam(p)[2] < NEAR)) return;
      out.push(`<polygon points="${fmt(hull([...b, ...t].map(S.pt)))}" fill="${fill}"/>`);
      if (top && ey > y1) S.poly(t, { fill: top });
      if (top && ey < y0) S.poly(b, { fill: top });
    },
    circle(p: Vec3, r: number, fill: string) {
      const [x, y] = S.pt(p);
      out.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(r * S.scale(p)).toFixed(1)}" fill="${fill}"/>`);
    },
    glow: (p: Vec3, r: number, col: string, op = 0.5) => S.circle(p, r, S.rad(`${col}/${op} ${col}/${op * 0.4}@0.4 ${col}/0`)),
    shadow: (x0: number, z0: number, x1: number, z1: number, op = 0.3, sd = 8) =>
      S.rect('floor', x0, z0, x1, z1, { fill: '#1a140e', opacity: op, filter: S.blur(sd) }, 0.002),
    full: (a: Attrs) => out.push(`<rect width="${w}" height="${h}"${attrs(a)}/>`),
    vignette(op = 0.3) {
      S.full({ fill: S.lin(`#3a2f25/${op * 0.5} #3a2f25/0@0.45`) });
      S.full({ fill: S.rad(`#1b120a/0@0.6 #1b120a/${op}`, 0.72) });
    },
    // the "before" look: flat, grey, slightly cold
    dull() {
      S.full({ fill: '#7d8080', opacity: 0.2 });
      S.vignette(0.22);
    },
    svg: (extra = '') =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
      `<defs>${defs.join('')}</defs>${out.join('')}${extra}</svg>`,
  };
  return S;
}
type Scene = ReturnType<typeof makeScene>;

// ---------- architecture (shared by before and after) ----------
function shell(S: Scene, t: Theme) {
  const { W, D, H } = S;
  const span = { back: W, front: W, left: D, right: D } as const;
  S.rect('ceil', 0, 0, W, D, { fill: t.ceil });
  S.rect('floor', 0, 0, W, D, { fill: t.floor });
  for (const [wall, L] of Object.entries(span) as [keyof typeof span, number][]) {
    S.rect(wall, 0, 0, L, H, { fill: (wall === 'back' ? t.back : undefined) ?? t.wall });
    S.rect(wall, 0, 0, L, 0.11, { fill: t.base }, 0.004);
    if (t.crown) S.rect(wall, 0, H - 0.09, L, H, { fill: t.crown }, 0.004);
  }
  // soft occlusion along the room's edges
  const soft = { stroke: '#2a2018', strokeOpacity: 0.22, strokeWidth: 10, filter: S.blur(5) };
  for (const x of [0, W]) for (const z of [0, D]) S.line([x, 0, z], [x, H, z], soft);
  for (const y of [0, H]) {
    S.line([0, y, D], [W, y, D], soft);
    for (const x of [0, W]) S.line([x, y, 0], [x, y, D], soft);
  }
}

function windowOn(S: Scene, pl: Plane, u0: number, v0: number, u1: number, v1: number, t: Theme, { cols = 2, rows = 2 } = {}) {
  const fw = 0.08;
  S.rect(pl, u0 - fw, v0 - fw - 0.04, u1 + fw, v1 + fw, { fill: t.trim }, 0.003);
  S.rect(pl, u0, v0, u1, v1, { fill: S.lin(t.sky) }, 0.004);
  const hills = [u0, v0];
  for (let i = 0; i <= 12; i++) hills.push(u0 + ((u1 - u0) * i) / 12, v0 + (v1 - v0) * (0.3 + 0.09 * Math.sin(i * 1.9 + u0 * 3)));
  S.shape(pl, [...hills, u1, v0], { fill: t.green }, 0.005);
  S.shape(pl, [u0, v1, u0 + (u1 - u0) * 0.45, v1, u0, v1 - (v1 - v0) * 0.55], { fill: '#fff', opacity: 0.13 }, 0.006);
  for (let i = 1; i < cols; i++) {
    const u = u0 + ((u1 - u0) * i) / cols;
    S.rect(pl, u - 0.02, v0, u + 0.02, v1, { fill: t.trim }, 0.007);
  }
  for (let i = 1; i < rows; i++) {
    const v = v0 + ((v1 - v0) * i) / rows;
    S.rect(pl, u0, v - 0.02, u1, v + 0.02, { fill: t.trim }, 0.007);
  }
}

function doorOn(S: Scene, pl: Plane, u0: number, u1: number, ht: number, t: Theme, leaf: string, { panels = true } = {}) {
  S.rect(pl, u0 - 0.08, 0, u1 + 0.08, ht + 0.08, { fill: t.trim }, 0.003);
  S.rect(pl, u0, 0, u1, ht, { fill: leaf }, 0.005);
  const panel = { fill: shade(leaf, -0.04), stroke: shade(leaf, -0.22), strokeWidth: 1.2 };
  const [m, um] = [(u1 - u0) * 0.14, (u0 + u1) / 2];
  if (panels) {
    for (const [a, b] of pairs(u0 + m, um - m / 2, um + m / 2, u1 - m)) {
      S.rect(pl, a, 0.15, b, ht * 0.42, panel, 0.006);
      S.rect(pl, a, ht * 0.5, b, ht - 0.15, panel, 0.006);
    }
  }
  S.ellipse(pl, u1 - 0.09, 1.0, 0.035, 0.035, { fill: t.knob ?? '#c9a55a' }, 0.02);
}

function openingOn(S: Scene, pl: Plane, u0: number, u1: number, ht: number, t: Theme) {
  S.rect(pl, u0 - 0.08, 0, u1 + 0.08, ht + 0.08, { fill: t.trim }, 0.003);
  const beyond = `${shade(t.wall, -0.3)} ${shade(t.wall, -0.12)}@0.8 ${shade(t.floor, -0.25)}`;
  S.rect(pl, u0, 0, u1, ht, { fill: S.lin(beyond) }, 0.005);
  S.rect(pl, u0, 0, u1, 0.22, { fill: shade(t.floor, -0.3) }, 0.006);
}

// ---------- finishes ----------
function planks(S: Scene, col: string, pw: number, seed: number) {
  const R = rng(seed);
  for (let x = 0; x < S.W - 1e-6; x += pw) {
    for (let z = -R() * 1.5; z < S.D;) {
      const z1 = Math.min(z + 0.9 + R() * 1.4, S.D);
      const a = { fill: shade(col, (R() - 0.5) * 0.18), stroke: shade(col, -0.35), strokeWidth: 0.7, strokeOpacity: 0.6 };
      S.rect('floor', x, Math.max(z, 0), Math.min(x + pw, S.W), z1, a, 0.001);
      z = z1;
    }
  }
}

function tiles(
  S: Scene,
  pl: Plane,
  [u0, v0, u1, v1]: [number, number, number, number],
  [su, sv]: Vec2,
  col: string,
  grout: string,
  { stagger = 0, vary = 0.05, seed = 7 } = {},
) {
  const R = rng(seed);
  for (let v = v0, row = 0; v < v1 - 1e-6; v += sv, row++) {
    for (let u = u0 - ((row * stagger) % 1) * su; u < u1 - 1e-6; u += su) {
      const a = { fill: shade(col, (R() - 0.5) * vary * 2), stroke: grout, strokeWidth: 1 };
      S.rect(pl, Math.max(u, u0), v, Math.min(u + su, u1), Math.min(v + sv, v1), a, 0.004);
    }
  }
}

/** a soft patch of daylight on the floor in front of a back-wall window */
function windowLight(S: Scene, x0: number, x1: number, zNear: number, op: number) {
  S.shape('floor', [x0, S.D, x1, S.D, x1 - 0.3, zNear, x0 - 0.5, zNear], { fill: '#fff6dc', opacity: op, filter: S.blur(14) }, 0.003);
}

// ---------- furniture & decor ----------
// Furniture is modelled in a local frame: u along the piece, w from its back (0) to its front,
// then placed at origin (the back corner where u = 0) facing one of four directions.
const FACING = { '-z': [1, 0, 0, -1], '+z': [-1, 0, 0, 1], '+x': [0, 1, 1, 0], '-x': [0, -1, -1, 0] } as const;
type Facing = keyof typeof FACING;
/** A part in the piece's frame: [u0, y0, w0, u1, y1, w1, colour, attrs]. */
type Part = BoxSpec;
function placed([ox, oz]: Vec2, facing: Facing, parts: Part[]): BoxSpec[] {
  const [ux, uz, wx, wz] = FACING[facing];
  return parts.map(([u0, y0, w0, u1, y1, w1, col, a]) => {
    const [xa, za, xb, zb] = [ox + u0 * ux + w0 * wx, oz + u0 * uz + w0 * wz, ox + u1 * ux + w1 * wx, oz + u1 * uz + w1 * wz];
    return [Math.min(xa, xb), y0, Math.min(za, zb), Math.max(xa, xb), y1, Math.max(za, zb), col, a];
  });
}

/** sofa or armchair parts (draw with S.boxes, possibly merged with another piece) */
function sofa(
  origin: Vec2,
  facing: Facing,
  L: number,
  col: string,
  accent: string | null,
  { depth = 0.92, seats = 3, arms = [true, true] } = {},
) {
  const [dk, d] = ['#3a2c20', depth];
  const parts = [0.06, L - 0.12].flatMap((u) => [0.06, d - 0.12].map((w): Part => [u, 0, w, u + 0.06, 0.1, w + 0.06, dk]));
  parts.push([0, 0.1, 0, L, 0.4, d, shade(col, -0.08)], [0, 0.4, 0, L, 0.84, 0.2, shade(col, -0.05)]);
  if (arms[0]) parts.push([0, 0.1, 0, 0.2, 0.62, d, col]);
  if (arms[1]) parts.push([L - 0.2, 0.1, 0, L, 0.62, d, col]);
  const u0 = arms[0] ? 0.2 : 0;
  const cw = (L - u0 - (arms[1] ? 0.2 : 0)) / seats;
  for (let i = 0, u = u0; i < seats; i++, u += cw) {
    parts.push([u + 0.01, 0.4, 0.2, u + cw - 0.01, 0.53, d - 0.01, shade(col, 0.06)]);
    parts.push([u + 0.02, 0.5, 0.19, u + cw - 0.02, 0.8, 0.36, shade(col, 0.1)]);
  }
  if (accent) parts.push([0.24, 0.53, 0.34, 0.64, 0.86, 0.46, accent], [L - 0.64, 0.53, 0.34, L - 0.24, 0.86, 0.46, shade(accent, 0.35)]);
  return placed(origin, facing, parts);
}

function chair(S: Scene, origin: Vec2, facing: Facing, col: string, seat: string) {
  const legs = [0.03, 0.37].flatMap((u) => [0.03, 0.37].map((w): Part => [u, 0, w, u + 0.035, 0.45, w + 0.035, shade(col, -0.25)]));
  S.boxes(placed(origin, facing, [...legs, [0, 0.45, 0, 0.44, 0.5, 0.44, seat], [0.02, 0.5, 0, 0.42, 0.95, 0.05, col]]));
}

function table(S: Scene, [x0, z0, x1, z1]: [number, number, number, number], y: number, top: string, legCol: string, lw = 0.06) {
  const legs = [x0 + 0.06, x1 - 0.06 - lw].flatMap((x) =>
    [z0 + 0.06, z1 - 0.06 - lw].map((z): BoxSpec => [x, 0, z, x + lw, y - 0.04, z + lw, legCol]),
  );
  S.boxes(legs);
  S.box([x0, y - 0.045, z0], [x1, y, z1], top);
}

function rug(S: Scene, [x0, z0, x1, z1]: [number, number, number, number], base: string, border: string, motif: string) {
  S.rect('floor', x0, z0, x1, z1, { fill: base }, 0.004);
  S.rect('floor', x0 + 0.14, z0 + 0.14, x1 - 0.14, z1 - 0.14, { fill: 'none', stroke: border, strokeWidth: 3 }, 0.005);
  S.rect(
    'floor',
    x0 + 0.22,
    z0 + 0.22,
    x1 - 0.22,
    z1 - 0.22,
    { fill: 'none', stroke: border, strokeWidth: 1.2, strokeOpacity: 0.7 },
    0.005,
  );
  const [cx, cz, rx, rz] = [(x0 + x1) / 2, (z0 + z1) / 2, (x1 - x0) * 0.22, (z1 - z0) * 0.22];
  S.shape('floor', [cx - rx, cz, cx, cz - rz, cx + rx, cz, cx, cz + rz], { fill: motif, opacity: 0.8 }, 0.005);
}

const LEAVES = ['#4d7a45', '#3b6636', '#6d9a58', '#5a8a4c'];
function plant(S: Scene, x: number, z: number, { y = 0, h = 1.2, r = 0.18, pot = '#e6ddd0', seed = 3, n = 16 } = {}) {
  if (!y) S.shadow(x - r * 1.4, z - r * 1.2, x + r * 1.4, z + r * 1.2, 0.3, 5);
  const potTop = y + r * 1.7;
  S.cyl(x, z, y, potTop, r * 0.78, r, S.lin(`${shade(pot, -0.1)} ${pot}@0.4 ${shade(pot, -0.3)}`, 'h'), '#4a3828');
  const [bx, by] = S.pt([x, potTop, z]);
  const s = S.scale([x, potTop, z]);
  const R = rng(seed);
  for (let i = 0; i < n; i++) {
    // a lens-shaped leaf from the pot outwards
    const ang = (R() - 0.5) * Math.PI * 0.9;
    const L = h * (0.45 + 0.55 * R()) * s;
    const [dx, dy, wd] = [Math.sin(ang), -Math.cos(ang), L * (0.16 + 0.1 * R())];
    const [mx, my] = [bx + dx * L * 0.55, by + dy * L * 0.55];
    const pts = fmt([
      [bx, by],
      [mx - dy * wd, my + dx * wd],
      [bx + dx * L, by + dy * L],
      [mx + dy * wd, my - dx * wd],
      [bx, by],
    ]).split(' ');
    const col = LEAVES[i % 4]!;
    S.add(`<path d="M${pts[0]}Q${pts[1]} ${pts[2]}Q${pts[3]} ${pts[4]}Z" fill="${col}" stroke="${shade(col, -0.3)}" stroke-width="0.8"/>`);
  }
}

function floorLamp(S: Scene, x: number, z: number, shadeCol = '#f3ead8') {
  S.shadow(x - 0.25, z - 0.2, x + 0.25, z + 0.2, 0.3, 6);
  S.cyl(x, z, 0, 0.03, 0.16, 0.15, '#2b2420', '#3a322c');
  S.box([x - 0.012, 0.03, z - 0.012], [x + 0.012, 1.3, z + 0.012], '#2b2420');
  S.cyl(x, z, 1.25, 1.6, 0.24, 0.17, S.lin(`#fff8e8 ${shadeCol}`), '#fff3d0');
  S.glow([x, 1.42, z], 1.3, '#ffdf9e', 0.45);
}

function tableLamp(S: Scene, x: number, y: number, z: number, shadeCol = '#f5ecd9', base = '#b7a48a') {
  S.cyl(x, z, y, y + 0.3, 0.09, 0.06, base, shade(base, 0.2));
  S.cyl(x, z, y + 0.3, y + 0.55, 0.2, 0.14, S.lin(`#fffaf0 ${shadeCol}`), '#fff3d0');
  S.glow([x, y + 0.42, z], 0.9, '#ffdf9e', 0.5);
}

function pendant(S: Scene, x: number, z: number, drop: number, col = '#2d2a26', r = 0.25) {
  const y = S.H - drop;
  S.line([x, S.H, z], [x, y, z], { stroke: '#222', strokeWidth: 1.5 });
  S.cyl(x, z, y - r * 0.9, y, r, r * 0.28, S.lin(`${shade(col, 0.2)} ${col}`, 'h'), '#fff4d6');
  S.glow([x, y - r, z], 1.6, '#ffe3a8', 0.45);
}

function globe(S: Scene, x: number, z: number, drop: number, r = 0.15) {
  const y = S.H - drop;
  S.line([x, S.H, z], [x, y + r, z], { stroke: '#3a3026', strokeWidth: 1.5 });
  S.circle([x, y, z], r, S.rad('#fffdf5 #fff1cc@0.7 #f3d592'));
  S.glow([x, y, z], 1.2, '#ffe3a8', 0.4);
}

function art(
  S: Scene,
  pl: Plane,
  [u0, v0, u1, v1]: [number, number, number, number],
  [bg, a, b]: [string, string, string],
  frame = '#2f2a25',
) {
  S.rect(pl, u0 + 0.03, v0 - 0.04, u1 + 0.03, v1 - 0.04, { fill: '#000', opacity: 0.25, filter: S.blur(4) }, 0.002);
  S.rect(pl, u0, v0, u1, v1, { fill: frame }, 0.02);
  S.rect(pl, u0 + 0.03, v0 + 0.03, u1 - 0.03, v1 - 0.03, { fill: '#f7f3ea' }, 0.021);
  const [i0, j0, i1, j1] = [u0 + 0.09, v0 + 0.09, u1 - 0.09, v1 - 0.09];
  const [iw, ih, r] = [i1 - i0, j1 - j0, Math.min(i1 - i0, j1 - j0) * 0.26];
  S.rect(pl, i0, j0, i1, j1, { fill: bg }, 0.022);
  S.ellipse(pl, i0 + iw * 0.62, j0 + ih * 0.62, r, r, { fill: a }, 0.023);
  S.shape(pl, [i0, j0, i0, j0 + ih * 0.35, i0 + iw * 0.4, j0 + ih * 0.5, i1, j0 + ih * 0.25, i1, j0], { fill: b }, 0.024);
}

function curtain(S: Scene, pl: Plane, u0: number, u1: number, v1: number, col: string) {
  const folds = Array.from({ length: 9 }, (_, i) => shade(col, i % 2 ? -0.12 : 0.08)).join(' ');
  S.rect(pl, u0, 0.02, u1, v1, { fill: S.lin(folds, 'h') }, 0.07);
  S.rect(pl, u0 - 0.1, v1, u1 + 0.1, v1 + 0.03, { fill: '#2d2620' }, 0.08);
}

/** shaker doors on a cabinet face; fp(u, v) maps face coordinates to a 3-D point */
function cabinetFronts(
  S: Scene,
  fp: (u: number, v: number) => Vec3,
  u0: number,
  u1: number,
  v0: number,
  v1: number,
  n: number,
  col: string,
  handle: string,
) {
  const dw = (u1 - u0) / n;
  const quad = (a: number, b: number, c: number, d: number, st: Attrs) => S.poly([fp(a, b), fp(c, b), fp(c, d), fp(a, d)], st);
  for (let i = 0; i < n; i++) {
    const [a, b] = [u0 + i * dw + 0.008, u0 + (i + 1) * dw - 0.008];
    quad(a, v0 + 0.008, b, v1 - 0.008, { fill: shade(col, 0.04), stroke: shade(col, -0.3), strokeWidth: 1 });
    quad(a + 0.06, v0 + 0.07, b - 0.06, v1 - 0.07, { fill: 'none', stroke: shade(col, -0.16), strokeWidth: 1 });
    const [hu, hv] = [i % 2 ? a + 0.05 : b - 0.05, v1 > 1.2 ? v0 + 0.1 : v1 - 0.25];
    quad(hu - 0.012, hv, hu + 0.012, hv + 0.16, { fill: handle });
  }
}

const downlight = (S: Scene, x: number, z: number) => S.ellipse('ceil', x, z, 0.05, 0.05, { fill: '#fffbe8' }, 0.002);

// ---------- rooms: draw(S, after, t) ----------
function livingRoom(S: Scene, after: boolean, t: Theme) {
  const { W, D, H } = S;
  shell(S, t);
  if (after) planks(S, t.floor, 0.19, 11);
  windowOn(S, 'back', 3.2, 0.75, 4.9, 2.35, t);
  windowOn(S, 'right', 3.0, 0.9, 4.2, 2.3, t);
  doorOn(S, 'left', 2.9, 3.8, 2.1, t, colour(t, 'door'));
  if (!after) {
    windowLight(S, 3.2, 4.9, 3.4, 0.12);
    S.shape('floor', [1.2, 3.4, 2.4, 3.2, 2.9, 3.9, 1.6, 4.3], { fill: '#6f675a', opacity: 0.35, filter: S.blur(12) }, 0.003);
    S.line([W / 2, H, 3.6], [W / 2, H - 0.35, 3.6], { stroke: '#333', strokeWidth: 1.2 });
    S.glow([W / 2, H - 0.38, 3.6], 0.12, '#fffbe8', 0.9);
    S.shadow(0.7, 4.3, 1.7, 4.95, 0.35, 6);
    S.boxes([
      [0.7, 0, 4.45, 1.3, 0.45, 4.95, '#a88a62'],
      [1.15, 0, 4.3, 1.65, 0.35, 4.75, '#b29469'],
    ]);
    S.box([0.8, 0.45, 4.5], [1.2, 0.72, 4.9], '#9c7f59');
    return S.dull();
  }
  windowLight(S, 3.2, 4.9, 3.0, 0.35);
  [0.6, 1.3, 2.0, 2.7, 3.4, 4.1, 4.8].forEach((x) => downlight(S, x, 2.9));
  curtain(S, 'back', 2.95, 3.3, 2.5, '#d9cbb2');
  curtain(S, 'back', 4.8, 5.15, 2.5, '#d9cbb2');
  art(S, 'back', [0.95, 1.4, 2.35, 2.15], ['#e9d8c2', '#c4673f', '#2f4f4a']);
  rug(S, [0.6, 2.4, 4.3, 4.7], '#e7dccb', '#8a6f55', '#c28a6a');
  S.rect('back', 0.4, 0.05, 2.9, 0.85, { fill: '#000', opacity: 0.18, filter: S.blur(10) }, 0.002);
  S.shadow(0.45, 4.1, 2.85, 5.15, 0.35, 8);
  S.boxes(sofa([0.5, D - 0.05], '-z', 2.35, '#5d7a78', '#e2a062'));
  S.shadow(2.95, 4.55, 3.45, 5.1, 0.3, 5);
  table(S, [2.97, 4.6, 3.4, 5.08], 0.55, '#7a5538', '#5e4029', 0.04);
  tableLamp(S, 3.18, 0.55, 4.84);
  plant(S, 4.92, 4.85, { h: 1.5, r: 0.2, seed: 5, pot: '#d8cfc1' });
  S.shadow(3.75, 3.1, 4.75, 4.0, 0.3, 8);
  S.boxes(sofa([W - 0.45, 3.95], '-x', 0.85, '#d8b993', null, { depth: 0.82, seats: 1 }));
  S.shadow(1.15, 3.05, 2.6, 3.85, 0.3, 7);
  table(S, [1.2, 3.1, 2.55, 3.8], 0.42, '#a97a50', '#3b2c20', 0.05);
  S.cyl(1.6, 3.42, 0.42, 0.5, 0.12, 0.14, '#3d5a57', '#587a76');
  S.box([2.0, 0.42, 3.3], [2.35, 0.47, 3.58], '#c4673f');
  S.box([2.03, 0.47, 3.33], [2.32, 0.5, 3.55], '#efe6d6');
  floorLamp(S, 0.3, 3.95);
  pendant(S, W / 2, 3.55, 0.65, '#c7a568', 0.3);
  S.vignette(0.28);
}

function diningRoom(S: Scene, after: boolean, t: Theme) {
  const { W } = S;
  shell(S, t);
  planks(S, t.floor, after ? 0.2 : 0.09, after ? 21 : 22);
  windowOn(S, 'back', 0.7, 0.6, 1.8, 2.4, t, { rows: 3 });
  windowOn(S, 'back', 2.8, 0.6, 3.9, 2.4, t, { rows: 3 });
  openingOn(S, 'right', 2.8, 4.0, 2.2, t);
  for (const x of [0.7, 2.8]) windowLight(S, x, x + 1.1, after ? 3.2 : 3.7, after ? 0.3 : 0.12);
  if (!after) {
    S.rect('ceil', W / 2 - 0.35, 3.4, W / 2 + 0.35, 4.1, { fill: '#f0efe6' }, 0.01);
    chair(S, [3.2, 4.2], '-x', '#7b5e40', '#8a6d4c');
    return S.dull();
  }
  for (const [a, b] of pairs(0.45, 0.75, 1.75, 2.05, 2.55, 2.85, 3.85, 4.15)) curtain(S, 'back', a, b, 2.6, '#f1ece2');
  rug(S, [0.8, 2.3, 3.8, 5.15], '#c9b79c', '#5f4b3a', '#8f6e54');
  plant(S, 4.25, 5.05, { h: 1.6, r: 0.21, seed: 9, pot: '#3f3a35' });
  // sideboard, lamp and art on the left wall
  S.shadow(0, 3.25, 0.55, 4.85, 0.35, 7);
  S.box([0, 0.08, 3.3], [0.46, 0.8, 4.8], '#6b4a32');
  cabinetFronts(S, (u, v) => [0.462, v, u], 3.32, 4.78, 0.1, 0.78, 3, '#6b4a32', '#c9a55a');
  art(S, 'left', [3.5, 1.25, 4.6, 2.05], ['#f0e4d2', '#3e6b66', '#d08a54'], '#c9a55a');
  S.cyl(0.23, 3.65, 0.8, 1.1, 0.07, 0.1, '#efe8dc', '#d9cfbf');
  tableLamp(S, 0.23, 0.8, 4.45, '#efe4cf', '#2d2a26');
  // table for seven: far chairs, table, near chairs
  const chairs: [Vec2, Facing][] = [[[2.1, 5.1], '-z']];
  for (const z of [3.15, 3.7, 4.25]) chairs.push([[1.05, z - 0.22], '+x'], [[3.6, z + 0.22], '-x']);
  const drawChairs = (far: boolean) =>
    chairs.filter(([[, z]]) => z > 4 === far).forEach(([o, fc]) => chair(S, o, fc, '#4a3a2e', '#bfa27c'));
  S.shadow(1.1, 2.75, 3.55, 5.05, 0.35, 10);
  drawChairs(true);
  table(S, [1.55, 2.95, 3.05, 4.75], 0.76, '#8b5e3c', '#4a3424', 0.07);
  S.cyl(2.3, 3.85, 0.76, 0.86, 0.2, 0.24, '#e9e2d6', '#d4c9b6', 0.6);
  drawChairs(false);
  chair(S, [2.52, 2.5], '+z', '#4a3a2e', '#bfa27c');
  pendant(S, 2.3, 3.85, 0.85, '#2b2825', 0.36);
  S.vignette(0.28);
}

function entryway(S: Scene, after: boolean, t: Theme) {
  const { W, D } = S;
  shell(S, t);
  if (after) planks(S, t.floor, 0.16, 31);
  else tiles(S, 'floor', [0, 0, W, D], [0.3, 0.3], t.floor, '#77756e', { vary: 0.04 });
  windowOn(S, 'back', 0.6, 2.22, 1.6, 2.52, t, { cols: 3, rows: 1 });
  doorOn(S, 'back', 0.6, 1.6, 2.1, t, colour(t, 'door'));
  openingOn(S, 'left', 2.2, 3.1, 2.1, t);
  doorOn(S, 'right', 3.7, 4.5, 2.05, t, colour(t, 'closet'), { panels: after });
  if (!after) {
    S.ellipse('ceil', W / 2, 3.0, 0.18, 0.18, { fill: '#f2efe3' }, 0.005);
    S.shape('floor', [0.7, 1.6, 1.5, 1.6, 1.4, 4.6, 0.8, 4.6], { fill: '#6a675f', opacity: 0.3, filter: S.blur(10) }, 0.003);
    return S.dull();
  }
  // wainscoting on the side walls, between the openings
  const wainscot: [Plane, number, number][] = [
    ['left', 0, 2.12],
    ['left', 3.18, D],
    ['right', 0, 3.62],
    ['right', 4.58, D],
  ];
  for (const [pl, a, b] of wainscot) {
    S.rect(pl, a, 0.11, b, 1.0, { fill: '#f3f1ea' }, 0.004);
    S.rect(pl, a, 0.97, b, 1.02, { fill: '#fbfaf6' }, 0.006);
    for (let u = a + 0.1; u < b - 0.3; u += 0.6) {
      S.rect(pl, u, 0.22, Math.min(u + 0.48, b - 0.1), 0.88, { fill: 'none', stroke: '#cfcbbf', strokeWidth: 1.2 }, 0.006);
    }
  }
  S.ellipse('back', 1.1, 2.37, 0.6, 0.5, { fill: '#fff3d6', opacity: 0.25, filter: S.blur(20) }, 0.01);
  rug(S, [0.62, 1.3, 1.58, 5.05], '#d8c4a5', '#7d3f2c', '#a85a3a');
  plant(S, 1.92, 5.28, { h: 1.3, r: 0.16, seed: 12, pot: '#d9cfc0' });
  // bench with hooks and scarves on the left wall
  [3.6, 3.85, 4.1, 4.35].forEach((z) => S.ellipse('left', z, 1.72, 0.025, 0.025, { fill: '#b38a45' }, 0.03));
  S.box([0.005, 0.9, 3.8], [0.06, 1.7, 3.95], '#c0533a');
  S.box([0.005, 1.05, 4.28], [0.05, 1.7, 4.42], '#d9b25c');
  S.shadow(0, 3.4, 0.45, 4.6, 0.35, 6);
  table(S, [0, 3.45, 0.42, 4.55], 0.45, '#a77a4f', '#3b2c20', 0.05);
  S.box([0.02, 0.45, 3.5], [0.4, 0.52, 4.5], '#e7dcc9');
  // console, round mirror, lamp and plant on the right wall
  S.ellipse('right', 2.35, 1.62, 0.46, 0.46, { fill: '#c9a55a' }, 0.01);
  S.ellipse('right', 2.35, 1.62, 0.42, 0.42, { fill: S.lin('#dfe7ea #9fb0b8', 'd') }, 0.012);
  S.shadow(W - 0.4, 1.7, W, 3.0, 0.35, 6);
  table(S, [W - 0.36, 1.75, W, 2.95], 0.8, '#3a2e26', '#2b221c', 0.04);
  tableLamp(S, W - 0.18, 0.8, 2.0, '#efe4cf', '#d7cbb5');
  plant(S, W - 0.18, 2.7, { y: 0.8, h: 0.5, r: 0.08, seed: 2, n: 10, pot: '#5a6f78' });
  globe(S, W / 2, 2.2, 0.55);
  globe(S, W / 2, 4.0, 0.55);
  S.vignette(0.3);
}

function livingRoom2(S: Scene, after: boolean, t: Theme) {
  const { W, D } = S;
  shell(S, t);
  if (after) planks(S, t.floor, 0.22, 41);
  windowOn(S, 'back', 0.5, 0.8, 1.8, 2.3, t);
  windowOn(S, 'right', 1.3, 0.6, 3.0, 2.4, t, { cols: 3, rows: 1 });
  windowLight(S, 0.5, 1.8, after ? 3.0 : 3.4, after ? 0.3 : 0.1);
  if (!after) {
    S.ellipse('ceil', 2.7, 2.8, 0.25, 0.25, { fill: '#eeece2' }, 0.01);
    S.shadow(2.2, 3.3, 3.2, 4.3, 0.35, 7);
    S.boxes(sofa([2.25, 4.2], '-z', 0.95, '#7b6a55', null, { depth: 0.85, seats: 1 }));
    return S.dull();
  }
  S.shape('floor', [W, 1.3, W, 3.0, 3.2, 3.4, 3.1, 1.8], { fill: '#fff6dc', opacity: 0.25, filter: S.blur(14) }, 0.003);
  [1.2, 2.4, 3.6].forEach((x) => [1.6, 3.4].forEach((z) => downlight(S, x, z)));
  curtain(S, 'back', 0.25, 0.55, 2.55, '#efe7d8');
  curtain(S, 'back', 1.75, 2.05, 2.55, '#efe7d8');
  art(S, 'back', [2.6, 1.3, 3.5, 2.1], ['#efe4d4', '#a4492f', '#23403f'], '#d2b27a');
  art(S, 'back', [3.7, 1.3, 4.6, 2.1], ['#dfe6e2', '#d99a5b', '#6a7f62'], '#d2b27a');
  rug(S, [1.7, 1.9, 4.75, 4.8], '#ece3d3', '#4d5e62', '#9fb3ad');
  plant(S, 0.35, 4.62, { h: 1.7, r: 0.22, seed: 14, pot: '#c1643f' });
  // L-shaped sectional in the corner
  S.rect('back', 2.0, 0.05, W, 0.85, { fill: '#000', opacity: 0.18, filter: S.blur(10) }, 0.002);
  S.rect('right', 2.9, 0.05, D, 0.85, { fill: '#000', opacity: 0.15, filter: S.blur(10) }, 0.002);
  S.shadow(2.0, 2.9, 5.0, 5.0, 0.35, 9);
  const chaise = sofa([W - 0.02, 4.06], '-x', 1.15, '#dcd3c4', null, { seats: 1, arms: [false, true] });
  S.boxes([...chaise, ...sofa([2.05, D - 0.02], '-z', 2.93, '#dcd3c4', '#5e7f7a')]);
  floorLamp(S, 1.95, 4.7, '#efe3c9');
  // round coffee table with a small plant, then the armchair in front
  S.shadow(2.6, 2.7, 3.8, 3.6, 0.3, 8);
  S.cyl(3.2, 3.15, 0, 0.36, 0.18, 0.18, '#3a2c22');
  S.cyl(3.2, 3.15, 0.36, 0.41, 0.55, 0.55, '#8a5a3a', '#a8744c');
  S.cyl(3.05, 3.05, 0.41, 0.46, 0.13, 0.14, '#e8e1d6', '#f4efe6');
  plant(S, 3.4, 3.25, { y: 0.41, h: 0.3, r: 0.07, seed: 6, n: 10, pot: '#24403e' });
  S.shadow(1.65, 2.85, 2.55, 3.8, 0.3, 7);
  S.boxes(sofa([1.7, 2.9], '+x', 0.82, '#b0674a', '#e8c27a', { depth: 0.76, seats: 1 }));
  pendant(S, 3.2, 3.2, 0.75, '#e8e0d2', 0.35);
  S.vignette(0.28);
}

function bathroom(S: Scene, after: boolean, t: Theme) {
  const { W, D, H } = S;
  shell(S, t);
  if (after) {
    tiles(S, 'floor', [0, 0, W, D], [0.6, 0.6], t.floor, '#b6ad9f', { vary: 0.03 });
    tiles(S, 'back', [0, 0, W, H], [0.1, 0.3], '#9fb8a6', '#dfe6df', { vary: 0.08 });
    for (const pl of ['left', 'right'] as const) tiles(S, pl, [0, 0, D, 1.2], [0.1, 0.3], '#9fb8a6', '#dfe6df', { vary: 0.08, seed: 3 });
  } else {
    tiles(S, 'floor', [0, 0, W, D], [0.2, 0.2], t.floor, '#7d776d', { vary: 0.02 });
    for (const pl of ['back', 'left', 'right'] as const)
      tiles(S, pl, [0, 0, pl === 'back' ? W : D, 1.3], [0.15, 0.15], '#d8c2a8', '#b8a488', { vary: 0.02 });
  }
  windowOn(S, 'back', 1.05, 1.5, 1.75, 2.15, t, { cols: 1, rows: 1 });
  S.rect('back', 1.05, 1.5, 1.75, 2.15, { fill: '#fff', opacity: 0.45 }, 0.008); // frosted glass
  doorOn(S, 'left', 1.2, 1.95, 2.05, t, colour(t, 'door'), { panels: after });
  if (!after) {
    S.box([0, 0, 2.55], [W, 0.55, D], '#e6e0d1');
    S.box([0.08, 0.45, 2.63], [W - 0.08, 0.551, D - 0.08], '#d6cfbe');
    S.line([0, 2.0, 2.55], [W, 2.0, 2.55], { stroke: '#9a9a94', strokeWidth: 2.5 });
    S.box([0.02, 0.6, 2.53], [0.35, 2.0, 2.57], '#d9a9ae');
    S.box([W - 0.3, 0, 2.05], [W - 0.14, 0.7, 2.25], '#ece8de');
    S.box([W - 0.5, 0.7, 1.85], [W, 0.86, 2.45], '#f0ece3');
    S.rect('right', 1.9, 1.35, 2.4, 1.95, { fill: '#c9d1d3', stroke: '#b8b2a2', strokeWidth: 4 }, 0.02);
    S.rect('ceil', W / 2 - 0.15, 1.9, W / 2 + 0.15, 2.2, { fill: '#f0efe6' }, 0.005);
    return S.dull();
  }
  S.ellipse('back', 1.4, 1.8, 0.8, 0.6, { fill: '#fff8e6', opacity: 0.3, filter: S.blur(20) }, 0.01);
  // freestanding tub with a floor-mounted filler
  S.shadow(0.55, 2.45, 2.25, 3.25, 0.4, 9);
  S.cyl(1.4, 2.87, 0, 0.58, 0.72, 0.82, S.lin('#e9e7e2 #ffffff@0.45 #d9d6cf', 'h'), '#fbfaf8', 0.46);
  S.ellipse('floor', 1.4, 2.87, 0.72, 0.3, { fill: S.lin('#c9d3d3 #eef1f0') }, 0.581);
  S.box([2.1, 0.58, 2.82], [2.14, 0.95, 2.86], '#2a2a2a');
  S.box([1.98, 0.91, 2.82], [2.14, 0.95, 2.86], '#2a2a2a');
  plant(S, 0.3, 3.0, { h: 1.1, r: 0.15, seed: 8, pot: '#d9cfc0' });
  S.box([0.01, 0.9, 2.15], [0.06, 0.93, 2.55], '#b89a5a'); // towel rail
  S.box([0.01, 0.55, 2.2], [0.05, 0.93, 2.48], '#e9d9c4');
  // floating vanity, basin, round mirror and sconces on the right wall
  S.ellipse('right', 2.0, 1.6, 0.36, 0.45, { fill: '#c9a55a' }, 0.01);
  S.ellipse('right', 2.0, 1.6, 0.33, 0.42, { fill: S.lin('#e8eef0 #a9bac1', 'd') }, 0.012);
  S.shadow(W - 0.55, 1.45, W, 2.55, 0.25, 10);
  S.box([W - 0.5, 0.35, 1.5], [W, 0.82, 2.5], '#9c6a44');
  cabinetFronts(S, (u, v) => [W - 0.502, v, u], 1.52, 2.48, 0.37, 0.8, 2, '#9c6a44', '#c9a55a');
  S.box([W - 0.52, 0.82, 1.48], [W, 0.86, 2.52], '#f3f0ea');
  S.cyl(W - 0.27, 2.0, 0.86, 1.0, 0.14, 0.19, '#ffffff', '#e6e3dd');
  S.box([W - 0.07, 0.86, 1.98], [W - 0.03, 1.15, 2.02], '#2a2a2a');
  for (const z of [1.45, 2.55]) {
    S.cyl(W - 0.08, z, 1.5, 1.75, 0.06, 0.06, '#fff3d8', '#fff');
    S.glow([W - 0.1, 1.62, z], 0.6, '#ffe2a6', 0.5);
  }
  downlight(S, W / 2, 2.1);
  S.vignette(0.25);
}

function kitchen(S: Scene, after: boolean, t: Theme) {
  const { W, D, H } = S;
  const toe = '#2d2620';
  shell(S, t);
  if (after) planks(S, t.floor, 0.2, 51);
  else tiles(S, 'floor', [0, 0, W, D], [0.33, 0.33], t.floor, '#7d6a52', { vary: 0.05 });
  if (after) {
    const backsplash: [Plane, number][] = [
      ['back', 0],
      ['left', 1.2],
    ];
    for (const [pl, u0] of backsplash) {
      tiles(S, pl, [u0, 0.92, pl === 'back' ? 3.0 : D, 1.5], [0.15, 0.075], '#f4f4f0', '#d4d2cb', { stagger: 0.5, vary: 0.03 });
    }
  } else S.rect('back', 0, 0.92, 3.0, 1.05, { fill: colour(t, 'top') }, 0.004);
  windowOn(S, 'back', 1.2, 1.15, 2.2, 2.15, t, { rows: 1 });
  doorOn(S, 'back', 3.25, 4.0, 2.1, t, colour(t, 'door'));
  // base cabinet runs along the back and left walls, sink and hob
  S.box([0, 0, D - 0.56], [3.0, 0.1, D], toe);
  S.box([0, 0.1, D - 0.6], [3.0, 0.88, D], colour(t, 'cab'));
  cabinetFronts(S, (u, v) => [u, v, D - 0.602], 0.6, 3.0, 0.1, 0.88, 4, colour(t, 'cab'), colour(t, 'handle'));
  S.box([0, 0.88, D - 0.63], [3.03, 0.92, D], colour(t, 'top'));
  S.box([0, 0, 1.2], [0.56, 0.1, D - 0.6], toe);
  S.box([0, 0.1, 1.2], [0.6, 0.88, D - 0.6], colour(t, 'cab'));
  cabinetFronts(S, (u, v) => [0.602, v, u], 1.2, D - 0.6, 0.1, 0.88, 5, colour(t, 'cab'), colour(t, 'handle'));
  S.box([0, 0.88, 1.17], [0.63, 0.92, D - 0.6], colour(t, 'top'));
  S.rect('floor', 1.35, D - 0.5, 2.05, D - 0.1, { fill: colour(t, 'sink') }, 0.921);
  const tap = after ? 1.25 : 1.1;
  S.box([1.68, 0.92, D - 0.1], [1.72, tap, D - 0.06], colour(t, 'tap'));
  S.box([1.68, tap - 0.04, D - 0.3], [1.72, tap, D - 0.06], colour(t, 'tap'));
  S.rect('floor', 0.08, 2.2, 0.52, 2.9, { fill: '#1f1f1f' }, 0.921);
  if (!after) {
    S.box([0, 1.45, 1.2], [0.35, 2.25, D - 0.05], colour(t, 'cab'));
    cabinetFronts(S, (u, v) => [0.352, v, u], 1.2, D - 0.05, 1.45, 2.25, 6, colour(t, 'cab'), colour(t, 'handle'));
    S.rect('ceil', 1.6, 1.6, 1.85, 3.0, { fill: '#f4f3ea', stroke: '#bdb9ab', strokeWidth: 2 }, 0.005);
    return S.dull();
  }
  // hood, wall cabinets, open oak shelves
  S.box([0, 1.5, 2.1], [0.5, 1.75, 3.0], '#e9e6df');
  S.box([0, 1.75, 2.3], [0.32, H, 2.8], '#e9e6df');
  for (const [z0, z1] of pairs(1.2, 2.05, 3.05, D - 0.05)) {
    S.box([0, 1.5, z0], [0.35, 2.35, z1], colour(t, 'cab'));
    cabinetFronts(S, (u, v) => [0.352, v, u], z0, z1, 1.5, 2.35, 2, colour(t, 'cab'), colour(t, 'handle'));
  }
  for (const y of [1.6, 2.0]) {
    S.box([0.4, y, D - 0.28], [1.05, y + 0.04, D], '#a9784a');
    S.cyl(0.6, D - 0.15, y + 0.04, y + 0.2, 0.06, 0.06, '#e9e3d8', '#fff');
    S.cyl(0.85, D - 0.15, y + 0.04, y + 0.14, 0.07, 0.08, '#5f7f72', '#7a9a8c');
  }
  plant(S, 2.6, D - 0.3, { y: 0.92, h: 0.45, r: 0.09, seed: 17, n: 12, pot: '#c8643e' });
  S.cyl(0.3, 3.4, 0.92, 0.98, 0.14, 0.18, '#d8c9b0', '#e8dcc8');
  // island with a fruit bowl, pendants and stools
  S.shadow(1.4, 1.9, 3.1, 3.0, 0.35, 10);
  S.box([1.5, 0, 2.0], [3.0, 0.9, 2.9], '#2f4a46');
  cabinetFronts(S, (u, v) => [u, v, 1.998], 1.5, 3.0, 0.02, 0.88, 3, '#2f4a46', colour(t, 'handle'));
  S.box([1.42, 0.9, 1.92], [3.08, 0.95, 2.98], '#f4f2ee');
  S.cyl(2.55, 2.5, 0.95, 1.05, 0.18, 0.22, '#b7855a', '#8a5e3c', 0.7);
  const fruit = ['#e0a23a', '#9cb648', '#d8542f'];
  pairs(2.45, 2.45, 2.62, 2.55, 2.55, 2.4).forEach(([x, z], i) => S.cyl(x, z, 1.0, 1.08, 0.05, 0.05, fruit[i]!, '#f1c66a'));
  for (const x of [1.85, 2.55]) pendant(S, x, 2.45, 0.85, '#1f1d1b', 0.2);
  for (const x of [1.8, 2.6]) {
    S.shadow(x - 0.25, 1.35, x + 0.25, 1.8, 0.3, 5);
    S.boxes([-0.16, 0.14].flatMap((dx) => [1.42, 1.72].map((z): BoxSpec => [x + dx, 0, z, x + dx + 0.025, 0.64, z + 0.025, '#2a2622'])));
    S.cyl(x, 1.58, 0.64, 0.69, 0.17, 0.17, '#b7855a', '#c9976a');
  }
  S.vignette(0.25);
}

// ---------- the six samples ----------
/** One sample: its room, how it is drawn, the camera, the two themes and the alt text. */
interface Sample {
  room: string;
  draw: (S: Scene, after: boolean, t: Theme) => void;
  cam: Camera;
  before: string;
  after: string;
  alt: string;
}
const ROOMS: Sample[] = [
  {
    room: 'Living Room',
    draw: livingRoom,
    cam: { room: [5.4, 5.2, 2.7], eye: [2.7, 1.3, 0.2] },
    before: 'wall #c4bba7 ceil #d9d4c8 floor #8b8374 trim #dcd6c8 base #aea38c sky #aebbc4,#dadfdf green #868f74 door #86674a',
    after: 'wall #e8dfcf ceil #f7f3ec floor #b88a5c trim #fbf8f2 crown #fbf8f2 sky #8fc2ec,#e3f0fa green #7aa266 door #f3efe7',
    alt: 'A warm living room with a teal sofa, oak floor, patterned rug, coffee table, brass pendant, curtains and a tall plant by the window.',
  },
  {
    room: 'Dining Room',
    draw: diningRoom,
    cam: { room: [4.6, 5.4, 2.8], eye: [2.1, 1.4, 0.2] },
    before: 'wall #b8b89f ceil #d8d6cb floor #8a6d4d trim #d5d2c3 base #8f8670 sky #aab6bf,#d8dcdb green #7f8a6e',
    after: 'wall #d9dfd3 ceil #f6f5f0 floor #a8774e trim #fafaf6 crown #fafaf6 sky #86bfe8,#e6f2fb green #6f9b5c',
    alt: 'A sage-green dining room with a walnut table for seven, upholstered chairs, a black pendant, a sideboard with lamp and framed art.',
  },
  {
    room: 'Entryway',
    draw: entryway,
    cam: { room: [2.2, 5.6, 2.7], eye: [1.1, 1.45, 0.15], f: 480 },
    before:
      'wall #d2c9b3 ceil #dcd7cb floor #8e8c84 trim #d8d2c2 base #9d947f sky #b3bcc2,#dcdfdf green #8a9278 knob #aaa49a door #7e5f42 closet #c9c0ab',
    after:
      'wall #b9c4ae ceil #f7f5ef floor #9c6e47 trim #f8f6f0 crown #f8f6f0 sky #9cc8ea,#eef6fb green #79a066 door #23364a closet #f8f6f0',
    alt: 'A bright entryway with white wainscoting, a navy front door, runner rug, bench with hooks, console with round mirror and globe pendants.',
  },
  {
    room: 'Living Room',
    draw: livingRoom2,
    cam: { room: [5.0, 5.0, 2.7], eye: [0.8, 1.3, 0.6], yaw: 0.62 },
    before: 'wall #b9b6aa ceil #d6d3ca floor #9a907f trim #d9d5ca base #a39d8d sky #adb8c0,#d9dddd green #858e75',
    after: 'wall #efe9df back #c9a48c ceil #f8f6f1 floor #c49a6c trim #fbfaf6 sky #8ec4ec,#eaf4fb green #6f9c5d',
    alt: 'A corner living room with a terracotta accent wall, cream sectional, round walnut coffee table, rust armchair, gallery art and a large plant.',
  },
  {
    room: 'Bathroom',
    draw: bathroom,
    cam: { room: [2.8, 3.3, 2.5], eye: [1.4, 1.35, 0.1], f: 430 },
    before: 'wall #d9d2ae ceil #dedbcf floor #9c958a trim #e2ded2 base #c9b79e sky #c9d0d4,#e4e6e5 green #c2c6b8 door #a98c68',
    after: 'wall #f1ece4 ceil #f8f6f2 floor #cfc6b8 trim #fbfaf7 base #e9e3d9 sky #cfe3f2,#f3f8fb green #c7d8c2 door #f5f2ec',
    alt: 'A spa-like bathroom with sage tiles, a freestanding tub, a floating oak vanity with vessel basin, a round brass mirror and warm sconces.',
  },
  {
    room: 'Kitchen',
    draw: kitchen,
    cam: { room: [4.2, 4.4, 2.7], eye: [3.3, 1.4, 0.5], yaw: -0.6 },
    before:
      'wall #ddd3a9 ceil #e0dccf floor #a48a6a trim #e1dccd base #a08a68 sky #b0bac1,#dcdfdf green #889078 door #a98c68 ' +
      'cab #b28a53 top #d9caa3 handle #8a6a3a sink #b9b6ae tap #c8c8c8',
    after:
      'wall #f3efe8 ceil #f8f7f3 floor #b58c62 trim #fbfaf6 sky #8cc3ec,#eaf4fb green #6f9c5d door #f3efe8 ' +
      'cab #7f9a84 top #f2efea handle #c9a55a sink #3a3a3a tap #2a2a2a',
    alt: 'A sage shaker kitchen with white subway tile, open oak shelves, a dark green island with stools and two black pendants.',
  },
];

function render(r: Sample, after: boolean, w = 1200, h = 800) {
  const S = makeScene({ ...r.cam, w, h });
  r.draw(S, after, theme(after ? r.after : r.before));
  return S;
}

async function writeWebp(svg: string, name: string) {
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  await sharp(png).webp({ quality: 78 }).toFile(path.join(OUT_DIR, name));
  return png;
}

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="14" fill="#6d28d9"/>
  <path d="M14 30 32 15l18 15v19a3 3 0 0 1-3 3H17a3 3 0 0 1-3-3z" fill="none" stroke="#fff" stroke-width="4.5" stroke-linejoin="round"/>
  <rect x="26" y="34" width="12" height="18" rx="2" fill="#c4b5fd"/>
</svg>
`;

async function main() {
  await mkdir(OUT_DIR, { recursive: true });
  const manifest: Record<string, string | number>[] = [];
  for (const [i, r] of ROOMS.entries()) {
    const id = i + 1;
    await writeWebp(render(r, false).svg(), `room-${id}-before.webp`);
    const png = await writeWebp(render(r, true).svg(), `room-${id}-after.webp`);
    await sharp(png)
      .resize(240, 160)
      .webp({ quality: 78 })
      .toFile(path.join(OUT_DIR, `room-${id}-thumb.webp`));
    const files = Object.fromEntries(['before', 'after', 'thumb'].map((k) => [k, `/samples/room-${id}-${k}.webp`]));
    manifest.push({ id, room: r.room, ...files, alt: r.alt });
    console.log(`room ${id} (${r.room}) done`);
  }
  // social preview: the corner living room with the product name drawn in
  const og = render(ROOMS[3]!, true, 1200, 630);
  const band = og.lin('#1e1033/0 #1e1033/0.6@0.4 #1e1033/0.88');
  const text = `<rect y="330" width="1200" height="300" fill="${band}"/>
    <rect x="64" y="446" width="56" height="56" rx="12" fill="#6d28d9"/>
    <path d="M76 474 92 461l16 13v17H76z" fill="none" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>
    <text x="138" y="493" font-family="sans-serif" font-size="64" font-weight="700" fill="#fff">Room Visualizer</text>
    <text x="66" y="560" font-family="sans-serif" font-size="34" fill="#ede9fe">Redesign your room in minutes</text>`;
  await writeWebp(og.svg(text), 'og-image.webp');
  await writeFile(path.join(OUT_DIR, 'samples.json'), JSON.stringify(manifest, null, 2) + '\n');
  await writeFile(path.join(PUBLIC_DIR, 'favicon.svg'), FAVICON);
  console.log(`wrote ${manifest.length} rooms, og-image.webp and samples.json to ${OUT_DIR}`);
}

await main();
