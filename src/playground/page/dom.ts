/** A small element builder: the page is plain DOM, no framework. */
type Child = Node | string | false | undefined | null;
type Attributes = Record<string, string | number | boolean | undefined>;

/**
 * Creates an element with attributes (a `false` or undefined value leaves one out, `true` sets
 * it empty) and children (falsy ones are skipped).
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    // A true ARIA state is "true"; a true HTML boolean attribute is present and empty.
    element.setAttribute(name, value === true ? (name.startsWith("aria-") ? "true" : "") : String(value));
  }
  for (const child of children) if (child !== undefined && child !== null && child !== false) element.append(child);
  return element;
}

/** The element with this id, which the page's HTML is known to have. */
export function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`the page has no #${id}`);
  return element as T;
}
