import type { MailMessage } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Builds a well-formed message with an HTML and a text part in the product's voice. Paragraphs are
 * plain text (escaped); an optional button carries one link.
 */
export function renderMail(options: {
  to: string;
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}): MailMessage {
  const { to, subject, paragraphs, action } = options;
  const footer = options.footer ?? 'Room Visualizer: photorealistic room redesigns that keep your real architecture.';
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '', '-- ', footer].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#6d28d9">Room Visualizer</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#6d28d9;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>` : ''}
<hr style="border:none;border-top:1px solid #e5e7eb"><p style="font-size:12px;color:#6b7280">${escapeHtml(footer)}</p>
</body></html>`;
  return { to, subject, text, html };
}
