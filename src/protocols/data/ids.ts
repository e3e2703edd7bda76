import { ID_PATTERN, MAX_ID_LENGTH } from "./limits.js";

/**
 * Data question and option ids must match ID_PATTERN and be unique.
 * Model ids from other protocols may not (`Mobile (iOS)`, `2024`), so each is given a Data
 * id derived from it alone and its position: the same form always maps to the same ids,
 * which lets answers be translated back without keeping any state.
 */
export function dataIds(values: readonly string[], prefix: string): string[] {
  const taken = new Set(values.filter((value) => ID_PATTERN.test(value)));
  const used = new Set<string>();
  return values.map((value, index) => {
    let id = ID_PATTERN.test(value) && !used.has(value) ? value : slug(value, prefix, index);
    // The counter moves on each try: a numbered id can itself be taken (`x y`, `x-y`, `q1_0`).
    for (let n = used.size; used.has(id) || (id !== value && taken.has(id)); n++) id = `${prefix}${index + 1}_${n}`;
    used.add(id);
    return id;
  });
}

function slug(value: string, prefix: string, index: number): string {
  // Accents are split off (NFKD) and dropped: `naïve` is `naive`, not `nai-ve`.
  const words = value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^[^A-Za-z]+|-+$/g, "");
  const base = words === "" ? `${prefix}${index + 1}` : words;
  return base.slice(0, MAX_ID_LENGTH);
}
