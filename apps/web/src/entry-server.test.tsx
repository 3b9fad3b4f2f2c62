import type { SiteConfig } from '@rv/contracts/api/site';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { designView } from '@test/design-image';
import { renderAppShell } from './app/app-shell';
import { renderPage } from './entry-server';
import { getSiteConfig } from './lib/site-config';

const site: SiteConfig = {
  ...getSiteConfig(),
  faqUrl: 'https://help.example.com/faq',
  samples: [
    { id: 1, room: 'Loft', before: '/s/1-before.webp', after: '/s/1-after.webp', thumb: '/s/1-thumb.webp', alt: 'Loft after the redesign' },
  ],
};

/** The page's HTML as a document, to read it as a browser would before any script. */
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

afterEach(() => vi.unstubAllGlobals());

describe('renderPage (the server’s renderer)', () => {
  it('draws the landing page with the operator’s samples, its first photo fetched first, and no call made', async () => {
    const fetched = vi.fn();
    vi.stubGlobal('fetch', fetched);
    const page = parse(await renderPage('/', site));
    expect(page.querySelector('h1')?.textContent).toBe('See your room redesigned, with your real architecture kept');
    const before = page.querySelector<HTMLImageElement>('img[alt="Loft before the redesign"]')!;
    expect([before.getAttribute('src'), before.getAttribute('fetchpriority')]).toEqual(['/s/1-before.webp', 'high']);
    // Subscribe Now opens its dialog, whose form the browser sends to the checkout, from the HTML alone.
    expect(page.querySelector('button[commandfor="subscribe-dialog"]')?.textContent).toBe('Subscribe Now');
    expect(page.querySelector('#subscribe-dialog form[action="/checkout"][method="get"]')).not.toBeNull();
    expect(page.querySelector('footer a[href="https://help.example.com/faq"]')?.textContent).toBe('FAQ');
    expect(fetched).not.toHaveBeenCalled();
  });

  it('draws a shared design from the answer it was given, in the app layout', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const shared = designView({ id: 'd9', isPublic: true });
    const page = parse(
      await renderPage('/furnishing-decorating/design/d9', site, {
        designView: { id: 'd9', answer: { design: shared, editable: false, noSession: true } },
      }),
    );
    const images = Array.from(page.querySelectorAll('img'), (image) => image.getAttribute('src'));
    expect(images).toContain('/api/files/designs/d9/original.webp');
    expect(page.querySelector('footer')?.textContent).toContain('Report a bug');
  });

  it('draws an unknown address as the 404 page', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const page = parse(await renderPage('/no/such/page', site));
    expect(page.querySelector('h1')?.textContent).toBe('Page not found');
  });
});

describe('renderAppShell (the first paint in index.html)', () => {
  it('is the site header a visitor sees before the scripts: the logo home, How it works, Log In and the menu button', () => {
    const shell = parse(renderAppShell());
    const links = Array.from(shell.querySelectorAll('a'), (link) => link.getAttribute('href'));
    expect(links).toEqual(expect.arrayContaining(['/', '/how-it-works', '/login']));
    const menu = shell.querySelector('button[aria-label="Menu"]')!;
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });
});
