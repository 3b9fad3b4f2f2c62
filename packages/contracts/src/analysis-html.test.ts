import { describe, expect, it } from 'vitest';
import { allowedAnalysisStyle, analysisAttributeAllowed } from './analysis-html';

describe('the analysis HTML allow-list', () => {
  it('lets a span keep its style and nothing else keep anything', () => {
    expect(analysisAttributeAllowed('span', 'style')).toBe(true);
    expect(analysisAttributeAllowed('span', 'class')).toBe(false);
    expect(analysisAttributeAllowed('span', 'onclick')).toBe(false);
    expect(analysisAttributeAllowed('p', 'style')).toBe(false);
    expect(analysisAttributeAllowed('img', 'src')).toBe(false);
    expect(analysisAttributeAllowed('constructor', 'style')).toBe(false);
  });

  it('keeps only the listed properties whose whole value matches', () => {
    expect(allowedAnalysisStyle('span', 'background-color: #AABBCC ; color:#123')).toBe('background-color:#AABBCC;color:#123');
    expect(allowedAnalysisStyle('span', 'position:fixed;top:0;background:url(javascript:alert(1));background-color:#aabbcc')).toBe(
      'background-color:#aabbcc',
    );
    expect(allowedAnalysisStyle('span', 'color:red;color:#aabbcc url(x);background-color:expression(alert(1))')).toBe('');
    expect(allowedAnalysisStyle('span', 'color:#aabbcc;;toString:#fff;__proto__:#fff')).toBe('color:#aabbcc');
    expect(allowedAnalysisStyle('p', 'color:#aabbcc')).toBe('');
  });
});
