// What the page server (web/serve-web.ts) asks of a page whose title and first image come from data (a
// shared design): written here, below both, so the operation that answers it imports nothing of the web layer.

/** An image to preload: its URL and, for a responsive <img>, the same srcset and sizes the page gives it. */
export interface ImagePreload {
  href: string;
  responsive?: { srcset: string; sizes: string };
}

export type PageMeta = (path: string) => Promise<{
  title: string;
  image: string;
  /** The image the page shows first, to preload. */
  firstImage?: ImagePreload;
} | null>;
