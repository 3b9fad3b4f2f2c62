import type { StoreEntry } from './store-directory';

/**
 * The store's own search page for an item, from its template: the item name percent-encoded into the
 * {query} place, the result kept only when it is https on the store's own host (the host of its link,
 * or a sibling such as `www.` and without). Null when the store has no search page.
 */
export function storeSearchLink(
  entry: Pick<StoreEntry, 'name' | 'link' | 'searchUrl'>,
  item: string,
): { url: string; label: string } | null {
  if (!entry.searchUrl) return null;
  // In a path segment an encoded slash (%2F) is refused by many servers: there it becomes a space.
  const inPath = !entry.searchUrl.includes('?') || entry.searchUrl.indexOf('{query}') < entry.searchUrl.indexOf('?');
  const url = new URL(entry.searchUrl.replace('{query}', encodeURIComponent(inPath ? item.replace(/\//g, ' ') : item)));
  if (url.protocol !== 'https:' || bareHost(url.hostname) !== bareHost(new URL(entry.link).hostname)) return null;
  return { url: url.toString(), label: `Search ${entry.name} for ${item}` };
}

const bareHost = (hostname: string) => hostname.replace(/^www\./, '');
