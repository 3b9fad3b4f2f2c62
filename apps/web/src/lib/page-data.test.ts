import { afterEach, describe, expect, it, vi } from 'vitest';

/** The page as the server wrote it: its data element holding `text`. */
async function pageWith(text: string | null) {
  document.body.innerHTML = text === null ? '' : `<script type="application/json" id="page-data"></script>`;
  if (text !== null) document.getElementById('page-data')!.textContent = text;
  vi.resetModules();
  const { readPageData } = await import('./page-data');
  return { readPageData };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe("a rendered page's data, read through its schema", () => {
  it('gives the answers the server wrote', async () => {
    const { readPageData } = await pageWith(
      JSON.stringify({ designView: { id: 'd1', answer: { editable: false } }, toolAccess: { hasAccess: true } }),
    );
    expect(readPageData()).toEqual({ designView: { id: 'd1', answer: { editable: false } }, toolAccess: { hasAccess: true } });
  });

  it('gives nothing for a page without data, data that is not JSON, or data of another shape', async () => {
    expect((await pageWith(null)).readPageData()).toEqual({});
    expect((await pageWith('{"designView":')).readPageData()).toEqual({});
    expect((await pageWith(JSON.stringify({ designView: { id: 7 } }))).readPageData()).toEqual({});
  });
});
