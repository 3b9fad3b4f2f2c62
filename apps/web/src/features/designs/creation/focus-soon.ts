/** Moves the focus once React has shown the element (a form coming back, a section opening). */
export function focusSoon(id: string) {
  window.setTimeout(() => document.getElementById(id)?.focus(), 0);
}
