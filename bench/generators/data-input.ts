import type { DataQuestion, DataToolInput } from "../../src/index.js";
import { type Random, mulberry32, words } from "./random.js";

/** The seed of the benchmark's Data tool input. */
export const DATA_SEED = 7;

const TYPES = ["text", "single_select", "multi_select", "resource", "resources", "files"] as const;
const OPTIONS_PER_QUESTION = 6;
/** 1,536 random bytes: 2,048 characters of base64, the ~2 KB thumbnail of the issue. */
const THUMBNAIL_BYTES = 1536;

/**
 * A realistic 12-question Data tool input: each of the six question types twice, six
 * options per question with options, resource options with a logo icon and a ~2 KB
 * base64 PNG thumbnail, titles and descriptions with multi-byte characters.
 */
export function dataToolInput(seed = DATA_SEED): DataToolInput {
  const random = mulberry32(seed);
  const questions = Array.from({ length: 12 }, (_, index) =>
    question(random, TYPES[index % TYPES.length] as (typeof TYPES)[number], index),
  );
  return { message: "Set up the quarterly report 📊", questions };
}

/**
 * The same input made distinct by `n`: the message, every question id and every option id
 * and URI carry `n`, so no two forms share a schema (for the memory figure).
 */
export function distinctDataInput(base: DataToolInput, n: number): DataToolInput {
  return {
    message: `Form ${n}: ${base.message}`.slice(0, 80),
    questions: base.questions.map((q) => {
      const id = `${q.id}_${n}`.slice(0, 64);
      if (q.type === "text") return { ...q, id, maxLength: 2000 + (n % 14000) };
      if (q.type === "single_select" || q.type === "multi_select")
        return { ...q, id, options: q.options.map((o) => ({ ...o, id: `${o.id}_${n}` })) };
      if (q.type === "files")
        return { ...q, id, options: (q.options ?? []).map((o) => ({ ...o, uri: `${o.uri}/${n}` })) };
      return { ...q, id, options: q.options.map((o) => ({ ...o, uri: `${o.uri}/${n}` })) } as DataQuestion;
    }),
  };
}

function question(random: Random, type: (typeof TYPES)[number], index: number): DataQuestion {
  const common = {
    id: `${type.replace("_", "")}${index + 1}`,
    title: title(random, `Q${index + 1} ·`),
    description: `${words(random, 12)}.`,
    required: index % 3 === 0,
  };
  switch (type) {
    case "text":
      return { ...common, type, maxLength: 2000 };
    case "single_select":
      return { ...common, type, options: choiceOptions(random) };
    case "multi_select":
      return { ...common, type, options: choiceOptions(random), maxItems: 4 };
    case "resource":
      return { ...common, type, options: resourceOptions(random, index) };
    case "resources":
      return { ...common, type, options: resourceOptions(random, index), maxItems: 3 };
    case "files":
      return {
        ...common,
        type,
        options: resourceOptions(random, index),
        accept: [".csv", "text/csv", "image/*"],
        maxItems: 8,
      };
  }
}

function title(random: Random, prefix: string): string {
  return `${prefix} ${words(random, 4)}`.slice(0, 70).trim();
}

function choiceOptions(random: Random) {
  return Array.from({ length: OPTIONS_PER_QUESTION }, (_, i) => ({
    id: `opt${i + 1}`,
    title: title(random, `Option ${i + 1}:`),
    description: words(random, 6),
    ...(i === 0 && { thumbnail: { src: `https://cdn.example.com/choices/${random.int(1e6)}.png` } }),
  }));
}

function resourceOptions(random: Random, question: number) {
  return Array.from({ length: OPTIONS_PER_QUESTION }, (_, i) => ({
    uri: `https://drive.example.com/q${question + 1}/doc-${i + 1}-${random.int(1e9).toString(36)}`,
    name: `doc-${question + 1}-${i + 1}`,
    title: title(random, "Document ·"),
    description: words(random, 8),
    mimeType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    icons: [{ src: "https://cdn.example.com/logos/slides.png", mimeType: "image/png" }],
    thumbnail: { src: pngDataUri(random), mimeType: "image/png" },
  }));
}

function pngDataUri(random: Random): string {
  return `data:image/png;base64,${Buffer.from(random.bytes(THUMBNAIL_BYTES)).toString("base64")}`;
}
