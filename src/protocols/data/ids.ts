const DATA_ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/**
 * Data question and option ids must match /^[A-Za-z][A-Za-z0-9_-]{0,63}$/ and be unique.
 * Model ids from other protocols may not (`Mobile (iOS)`, `2024`), so each is given a Data
 * id derived from it alone and its position: the same form always maps to the same ids,
 * which lets answers be translated back without keeping any state.
 */
export function dataIds(values: readonly string[], prefix: string): string[] {
  const taken = new Set(values.filter((value) => DATA_ID.test(value)));
  const used = new Set<string>();
  return values.map((value, index) => {
    let id = DATA_ID.test(value) && !used.has(value) ? value : slug(value, prefix, index);
    while (used.has(id) || (id !== value && taken.has(id))) id = `${prefix}${index + 1}_${used.size}`;
    used.add(id);
    return id;
  });
}

function slug(value: string, prefix: string, index: number): string {
  const words = value.normalize("NFKD").replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^[^A-Za-z]+|-+$/g, "");
  const base = words === "" ? `${prefix}${index + 1}` : words;
  return base.slice(0, 64);
}
