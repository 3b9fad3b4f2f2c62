import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { getSiteConfig } from '@/lib/site-config';

/** Footer links: how it works, the external FAQ and the gallery, plus whatever the page adds (Report a bug). */
export function SiteFooter({ children }: { children?: ReactNode }) {
  const site = getSiteConfig();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
        <p>© {new Date().getFullYear()} Room Visualizer</p>
        <nav aria-label="Footer" className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <Link to={paths.howItWorks} className="hover:underline">
            How it works
          </Link>
          <a href={site.faqUrl} className="hover:underline">
            FAQ
          </a>
          <a href={site.galleryUrl} className="hover:underline">
            Gallery
          </a>
          <Link to={paths.privacy} className="hover:underline">
            Privacy
          </Link>
          {children}
        </nav>
      </div>
    </footer>
  );
}
