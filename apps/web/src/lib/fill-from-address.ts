/**
 * A field that the page's address fills (`data-fill-from-address="email"`: the checkout's e-mail and name,
 * which the landing's Subscribe dialog sends as `?email=&name=`) is filled by the page's first script, when
 * nothing has been typed in it yet. The page is rendered once for every visitor (ADR 018), so its HTML
 * cannot carry one visitor's address; without this the fields stayed empty until React ran the page. React's
 * page then takes the field over as typed (checkout-page.tsx).
 */
export const FILL_FROM_ADDRESS = 'data-fill-from-address';

export function fillFromAddress(root: ParentNode = document, search = window.location.search): void {
  const query = new URLSearchParams(search);
  for (const input of root.querySelectorAll<HTMLInputElement>(`input[${FILL_FROM_ADDRESS}]`)) {
    const value = query.get(input.getAttribute(FILL_FROM_ADDRESS) ?? '');
    if (value && !input.value) input.value = value;
  }
}
