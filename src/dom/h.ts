/** A small element builder: the renderer is plain DOM, no framework. */
export type Child = Node | string | false | undefined | null;
export type Attributes = Record<string, string | number | boolean | undefined>;

/**
 * Creates an element with attributes (a `false` or undefined value leaves one out, `true` sets
 * it empty) and children (falsy ones are skipped). Text is always text, never markup.
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
