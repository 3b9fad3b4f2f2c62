/**
 * The one allow-list of a design analysis's HTML: the server's sanitiser (sanitize-html, before the
 * analysis is stored) and the browser's (DOMPurify, before it is rendered) both apply it, so the browser
 * allows what the server allows and no more. Simple text formatting, and a colour swatch's colours.
 */
export const ANALYSIS_HTML = {
  tags: ['p', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'br', 'span'],
  /** The attributes each tag may keep; a tag not named keeps none. */
  attributes: { span: ['style'] } satisfies Record<string, readonly string[]>,
  /** The style properties each tag may keep, each with the pattern its whole value must match. */
  styles: {
    span: { 'background-color': /^#[0-9a-f]{3,6}$/i, color: /^#[0-9a-f]{3,6}$/i },
  } satisfies Record<string, Record<string, RegExp>>,
} as const;

function own<T extends object>(record: T, key: string): key is Extract<keyof T, string> {
  return Object.hasOwn(record, key);
}

/** Whether `tag` may keep the attribute `name` (lower-case names). */
export function analysisAttributeAllowed(tag: string, name: string): boolean {
  const { attributes } = ANALYSIS_HTML;
  return own(attributes, tag) && attributes[tag].some((allowed) => allowed === name);
}

/**
 * A style attribute of `tag` reduced to its allowed declarations (`property:value;...`, the form
 * sanitize-html writes), or '' when none is left. A declaration whose whole value does not match its
 * pattern is dropped, so nothing but a listed property with a listed kind of value can pass.
 */
export function allowedAnalysisStyle(tag: string, style: string): string {
  const { styles } = ANALYSIS_HTML;
  if (!own(styles, tag)) return '';
  const patterns = styles[tag];
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (own(patterns, property) && patterns[property].test(value)) kept.push(`${property}:${value}`);
  }
  return kept.join(';');
}
