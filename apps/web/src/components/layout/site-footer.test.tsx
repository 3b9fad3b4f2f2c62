import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { getSiteConfig, setSiteConfig } from '@/lib/site-config';
import { SiteFooter } from './site-footer';

const defaults = getSiteConfig();

afterEach(() => {
  cleanup();
  setSiteConfig(defaults);
});

describe('SiteFooter', () => {
  it('links to How it works, the FAQ, the gallery and Privacy, with what the page adds', () => {
    render(
      <MemoryRouter>
        <SiteFooter>
          <button type="button">Report a bug</button>
        </SiteFooter>
      </MemoryRouter>,
    );
    const footer = within(screen.getByRole('navigation', { name: 'Footer' }));
    expect(footer.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['How it works', paths.howItWorks],
      ['FAQ', defaults.faqUrl],
      ['Gallery', defaults.galleryUrl],
      ['Privacy', paths.privacy],
    ]);
    expect(footer.getByRole('button', { name: 'Report a bug' })).toBeTruthy();
    expect(screen.getByText(`© ${new Date().getFullYear()} Room Visualizer`)).toBeTruthy();
  });

  it('takes the FAQ and the gallery from the operator’s configuration', () => {
    setSiteConfig({ ...defaults, faqUrl: 'https://help.example.com/faq', galleryUrl: 'https://gallery.example.com' });
    render(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('https://help.example.com/faq');
    expect(screen.getByRole('link', { name: 'Gallery' }).getAttribute('href')).toBe('https://gallery.example.com');
  });
});
