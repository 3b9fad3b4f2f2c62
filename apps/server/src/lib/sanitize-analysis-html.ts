import sanitizeHtml from 'sanitize-html';

/** Design analysis HTML keeps only simple text formatting: no scripts, no attributes but a colour swatch's style. */
export function sanitizeAnalysisHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'br', 'span'],
    allowedAttributes: { span: ['style'] },
    allowedStyles: { span: { 'background-color': [/^#[0-9a-f]{3,6}$/i], color: [/^#[0-9a-f]{3,6}$/i] } },
    disallowedTagsMode: 'discard',
  });
}
