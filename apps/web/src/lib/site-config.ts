import type { SiteConfig } from '@rv/contracts/api/site';

const empty: SiteConfig = {
  walkthroughVideoUrl: null,
  tutorialVideoUrl: null,
  testimonialsEmbedUrl: null,
  faqUrl: '/how-it-works#faq',
  galleryUrl: '/how-it-works#gallery',
  featureRequestUrl: '/how-it-works#feature-requests',
  googleSignIn: false,
  payments: { provider: 'local', publishableKey: null },
  samples: [],
};

let cached: SiteConfig | undefined;

/** The operator's site configuration, inlined by the server into index.html as JSON data. */
export function getSiteConfig(): SiteConfig {
  if (cached) return cached;
  const tag = document.getElementById('site-config');
  cached = tag?.textContent ? { ...empty, ...(JSON.parse(tag.textContent) as SiteConfig) } : empty;
  return cached;
}
