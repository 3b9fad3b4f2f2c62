import { PLAN, PLAN_FEATURES, SHOPPING_FEATURE } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { getSiteConfig, setSiteConfig } from '@/lib/site-config';
import { fakeServer } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { LandingPage } from './landing-page';
import { PricingCard } from './pricing-card';
import { Testimonials } from './testimonials';
import { VideoEmbed } from './video-embed';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const pricing = () => screen.getByRole('heading', { name: 'One simple plan' }).closest('section')!;

describe('LandingPage', () => {
  it('leads to the pricing and to how it works', () => {
    fakeServer({ checkToolAccess: { hasAccess: false } });
    renderWithProviders(<LandingPage />, { at: paths.home, path: paths.home });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('See your room redesigned, with your real architecture kept');
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('#pricing');
    expect(screen.getAllByRole('link', { name: 'How it works' }).map((link) => link.getAttribute('href'))).toContain(paths.howItWorks);
    expect(pricing().id).toBe('pricing');
    expect(within(pricing()).getByRole('button', { name: 'Subscribe Now' }).getAttribute('commandfor')).toBe('subscribe-dialog');
  });

  it('says why someone was sent to the pricing (no account yet), and brings the plan into view', () => {
    fakeServer({ checkToolAccess: { hasAccess: false } });
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    renderWithProviders(<LandingPage />, {
      at: { pathname: '/', hash: '#pricing', state: { notice: messages.auth.noAccount } },
      path: paths.home,
    });
    expect(within(pricing()).getByRole('alert').textContent).toBe(messages.auth.noAccount);
    expect(scrolled.mock.contexts[0]).toBe(pricing());
  });

  it('shows the operator’s sample rooms', () => {
    fakeServer({ checkToolAccess: { hasAccess: false } });
    setSiteConfig({
      ...getSiteConfig(),
      samples: [{ id: 1, room: 'Loft', before: '/b.webp', after: '/a.webp', thumb: '/t.webp', alt: 'Loft after the redesign' }],
    });
    renderWithProviders(<LandingPage />, { at: paths.home, path: paths.home });
    expect(screen.getByRole('region', { name: 'Before and after sample rooms' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Loft after the redesign' }).getAttribute('src')).toBe('/a.webp');
    setSiteConfig({ ...getSiteConfig(), samples: [] });
  });
});

describe('PricingCard', () => {
  it('shows the plan, its price and every feature', () => {
    render(<PricingCard action={<button type="button">Go</button>} />);
    const card = screen.getByRole('article', { name: PLAN.name });
    expect(card.textContent).toContain(PLAN.badge);
    expect(card.textContent).toContain(`$${PLAN.priceUsd}/ month`);
    const features = within(screen.getByRole('list', { name: 'Included in the plan' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(features).toEqual([...PLAN_FEATURES]);
    expect(within(card).getByRole('button', { name: 'Go' })).toBeTruthy();
  });

  it('can leave the shopping feature out (How it works)', () => {
    render(<PricingCard withShopping={false} action={null} />);
    const features = within(screen.getByRole('list', { name: 'Included in the plan' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(features).not.toContain(SHOPPING_FEATURE);
    expect(features).toHaveLength(PLAN_FEATURES.length - 1);
  });
});

describe('Testimonials and videos', () => {
  it('embeds the operator’s testimonials, or else states the product’s promises (no invented quotes)', () => {
    render(<Testimonials embedUrl="https://testimonials.example.com/embed" />);
    expect(screen.getByTitle('Customer testimonials').getAttribute('src')).toBe('https://testimonials.example.com/embed');
    cleanup();
    const { container } = render(<Testimonials embedUrl={null} />);
    expect(container.querySelector('iframe')).toBeNull();
    expect(Array.from(container.querySelectorAll('blockquote'), (quote) => quote.querySelector('p')?.textContent)).toEqual([
      'Photorealistic results',
      'Your real architecture kept',
      'No prompting needed',
    ]);
  });

  it('plays the configured video, or shows its poster saying what it would show', () => {
    render(<VideoEmbed url="https://video.example.com/1" title="Walkthrough" poster="/poster.webp" />);
    expect(screen.getByTitle('Walkthrough').getAttribute('src')).toBe('https://video.example.com/1');
    cleanup();
    const { container } = render(<VideoEmbed url={null} title="Walkthrough" poster="/poster.webp" />);
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/poster.webp');
    expect(screen.getByText('Walkthrough')).toBeTruthy();
  });
});
