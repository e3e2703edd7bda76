/**
 * A tiny seeded PRNG (mulberry32) and the helpers the generators draw from, so every
 * benchmark input is the same on every run and every machine.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  /** `count` bytes, for image payloads. */
  bytes(count: number): Uint8Array;
}

export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  return {
    next,
    int,
    pick: (items) => items[int(items.length)] as (typeof items)[number],
    bytes: (count) => Uint8Array.from({ length: count }, () => int(256)),
  };
}

/** Words with accents, CJK and emoji, so texts are multi-byte in UTF-8 and some UTF-16 pairs. */
const WORDS = [
  "report",
  "quarter",
  "revenue",
  "draft",
  "review",
  "template",
  "slide",
  "outline",
  "budget",
  "launch",
  "customer",
  "summary",
  "détail",
  "café",
  "naïve",
  "Zürich",
  "résumé",
  "façade",
  "日本語",
  "資料",
  "データ",
  "报告",
  "😀",
  "🚀",
  "📊",
  "—",
  "the",
  "a",
  "of",
  "and",
  "for",
  "with",
  "on",
  "in",
  "to",
  "team",
  "plan",
  "metrics",
  "roadmap",
  "design",
  "Straße",
  "España",
  "Øresund",
  "Ελλάδα",
  "Москва",
];

/** `count` words joined by spaces. */
export function words(random: Random, count: number): string {
  return Array.from({ length: count }, () => random.pick(WORDS)).join(" ");
}

/** A sentence: capitalised, ending in a full stop. */
export function sentence(random: Random, count = 8 + random.int(12)): string {
  const text = words(random, count);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
