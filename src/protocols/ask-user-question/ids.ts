/**
 * Model ids for AskUserQuestion's questions, which have none (answers are keyed by the
 * question's text): each is its header in lower-case words joined by `-` (`Auth method` is
 * `auth-method`), `q<n>` when the header has no letter or digit, and numbered when taken
 * (`auth-method-2`). The same form always gets the same ids.
 */
export function fieldIds(headers: readonly string[]): string[] {
  const used = new Set<string>();
  return headers.map((header, index) => {
    const base = slug(header) || `q${index + 1}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  });
}

function slug(text: string): string {
  // Accents are split off (NFKD) and dropped: `Thème` is `theme`.
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}
