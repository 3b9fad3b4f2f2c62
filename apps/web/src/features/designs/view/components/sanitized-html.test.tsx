// @vitest-environment jsdom
// DOMPurify does not work under happy-dom 21 (it drops allowed tags and never calls its attribute hooks),
// so this file runs in jsdom, the DOM DOMPurify itself is tested on.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SanitizedHtml from './sanitized-html';

/** What the server's sanitiser answers for the same attack (apps/server/src/lib/sanitize-analysis-html.test.ts). */
const ATTACK =
  '<span style="position:fixed;top:0;left:0;width:100%;height:100%;background:url(javascript:alert(1));background-color:#aabbcc">sw</span>' +
  '<span style="color:red;background-color:expression(alert(1))">x</span>' +
  '<p style="color:#000" class="x" onclick="alert(1)">text<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">link</a></p>' +
  '<script>alert(1)</script><style>body{display:none}</style><iframe src="https://evil.example"></iframe>';
const SERVER_ANSWER = '<span style="background-color:#aabbcc">sw</span><span>x</span><p>textlink</p>';

afterEach(cleanup);

function renderAnalysis(html: string) {
  const { container } = render(<SanitizedHtml html={html} className="analysis" />);
  const root = container.querySelector('.analysis');
  if (!(root instanceof HTMLElement)) throw new Error('the analysis was not rendered');
  return root;
}

describe('the analysis sanitiser (browser, before the analysis is rendered)', () => {
  it('keeps the formatting and a swatch’s colours', () => {
    const root = renderAnalysis(
      '<h3>Palette</h3><ul><li><span style="background-color: #AABBCC; color:#123">sw</span> <em>oak</em><br></li></ul>',
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Palette' })).toBeTruthy();
    const swatch = screen.getByText('sw');
    expect(swatch.getAttribute('style')).toBe('background-color:#AABBCC;color:#123');
    expect(root.querySelector('em')?.textContent).toBe('oak');
  });

  it('allows what the server allows and no more: an attacker’s styles, handlers, images and links are gone', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const root = renderAnalysis(ATTACK);
    const expected = document.createElement('div');
    expected.innerHTML = SERVER_ANSWER;
    expect(root.innerHTML).toBe(expected.innerHTML);
    expect(root.querySelector('img, a, script, style, iframe, [onclick], [onerror], [class], p[style]')).toBeNull();
    expect(screen.getByText('sw').style.position).toBe('');
    expect(alert).not.toHaveBeenCalled();
  });
});
