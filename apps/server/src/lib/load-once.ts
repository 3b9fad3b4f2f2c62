/**
 * A module imported at its first use and then kept: a provider's SDK (20-40 MB resident each) is loaded
 * only by a process configured for that provider, so the embedded defaults and the tests never pay for it.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
