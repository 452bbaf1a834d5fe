// The layout keeps the chrome's optional parts (cookie banner, dialogs, bars) as
// static markup in <template>s: written once by Astro with the German texts,
// put on the page by the scripts only when a visitor needs them.

/** A fresh copy of the template's first element, or null when the page has none. */
export function cloneTemplate<T extends Element>(id: string): T | null {
  const template = document.getElementById(id);
  if (!(template instanceof HTMLTemplateElement)) return null;
  const element = template.content.firstElementChild;
  return element ? (element.cloneNode(true) as T) : null;
}
