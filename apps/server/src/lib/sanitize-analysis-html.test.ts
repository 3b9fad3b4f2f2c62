import { describe, expect, it } from 'vitest';
import { sanitizeAnalysisHtml } from './sanitize-analysis-html';

describe('the analysis sanitiser (server, before the analysis is stored)', () => {
  it('keeps the formatting and a swatch’s colours', async () => {
    const html = '<h3>Palette</h3><ul><li><span style="background-color:#aabbcc;color:#123">sw</span> <em>oak</em><br /></li></ul>';
    expect(await sanitizeAnalysisHtml(html)).toBe(html);
  });

  it('drops an attacker’s style declarations, handlers, images and links', async () => {
    const attack =
      '<span style="position:fixed;top:0;left:0;width:100%;height:100%;background:url(javascript:alert(1));background-color:#aabbcc">sw</span>' +
      '<span style="color:red;background-color:expression(alert(1))">x</span>' +
      '<p style="color:#000" class="x" onclick="alert(1)">text<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">link</a></p>' +
      '<script>alert(1)</script><style>body{display:none}</style><iframe src="https://evil.example"></iframe>';
    expect(await sanitizeAnalysisHtml(attack)).toBe('<span style="background-color:#aabbcc">sw</span><span>x</span><p>textlink</p>');
  });
});
