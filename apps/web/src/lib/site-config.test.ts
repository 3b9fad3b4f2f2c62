import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  document.body.innerHTML = '';
});

describe("the site's configuration, read through its schema", () => {
  function configWith(text: string) {
    document.body.innerHTML = `<script type="application/json" id="site-config"></script>`;
    document.getElementById('site-config')!.textContent = text;
  }

  it('lays what the server inlined over the defaults', async () => {
    configWith(JSON.stringify({ googleSignIn: true, faqUrl: '/faq' }));
    vi.resetModules();
    const site = (await import('./site-config')).getSiteConfig();
    expect(site).toMatchObject({ googleSignIn: true, faqUrl: '/faq', galleryUrl: '/how-it-works#gallery', samples: [] });
  });

  it('keeps the defaults for a configuration that is not JSON or not of its shape', async () => {
    for (const text of ['{', JSON.stringify({ googleSignIn: 'yes' })]) {
      configWith(text);
      vi.resetModules();
      expect((await import('./site-config')).getSiteConfig()).toMatchObject({ googleSignIn: false, faqUrl: '/how-it-works#faq' });
    }
  });
});
