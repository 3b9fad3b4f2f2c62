import { PRESS } from '@rv/contracts/press';

/**
 * The attributes a page's rules may match that its HTML does not carry yet: those the inline keeper and the
 * browser set on a press (a disclosure's `aria-expanded` and `hidden`, a native dialog's `open`, the press
 * marks of docs/press.md), kept whatever their value.
 */
const ATTRIBUTES_SET_ON_PRESS = ['aria-expanded', 'aria-pressed', 'aria-hidden', 'aria-invalid', 'hidden', 'open', ...Object.values(PRESS)];

/**
 * The rules of `css` that `html` can use (ADR 069): every rule whose class names, ids and elements all appear
 * in the page (a Tailwind class is a whole token of a class attribute: `aspect-[3/2]`, `sm:grid-cols-2`), with the
 * custom properties and keyframes those rules use. States come with their rule (`:checked`, `:hover`, `open`,
 * the attributes above), so what the page can show without a script is styled as by the whole stylesheet.
 */
export async function cssUsedBy(html: string, css: string): Promise<string> {
  // Loaded when first needed, not at start.
  const { PurgeCSS } = await import('purgecss');
  const [used] = await new PurgeCSS().purge({
    content: [{ raw: html, extension: 'html' }],
    css: [{ raw: css }],
    defaultExtractor: (content) => content.match(/[^<>"'`\s=]+/g) ?? [],
    dynamicAttributes: ATTRIBUTES_SET_ON_PRESS,
    variables: true,
    keyframes: true,
  });
  return used?.css ?? css;
}
