import DOMPurify from 'dompurify';

/** HTML from the server, sanitised again in the browser before it is rendered (loaded with the analysis). */
export default function SanitizedHtml({ html, className }: { html: string; className: string }) {
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: ['p', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'br', 'span'],
    ALLOWED_ATTR: ['style'],
  });
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
