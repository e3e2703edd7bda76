import { type Random, mulberry32, sentence, words } from "./random.js";

/** The seed of the benchmark transcript. */
export const TRANSCRIPT_SEED = 2024;

export interface Transcript {
  text: string;
  /** Readable forms in the text (`<question-form>` blocks outside code). */
  forms: number;
  /** Complete example blocks shown inside code fences: prose to a reader, forms to a naive scan. */
  fencedExamples: number;
}

export interface TranscriptOptions {
  /** UTF-8 size to reach, in bytes (10 MiB by default). */
  bytes?: number;
  forms?: number;
  fencedExamples?: number;
  seed?: number;
}

/**
 * An assistant transcript: prose paragraphs, markdown (headings, lists, tables, inline
 * code, `<` in prose), fenced code (with `<` in generics and JSX) and `forms` question-form
 * blocks spread evenly, with multi-byte characters throughout. A few fenced blocks show a
 * complete example form, which must stay prose.
 */
export function transcript(options: TranscriptOptions = {}): Transcript {
  const { bytes = 10 * 1024 * 1024, forms = 1000, fencedExamples = 10, seed = TRANSCRIPT_SEED } = options;
  const random = mulberry32(seed);
  const blocks = Array.from({ length: forms }, (_, i) => questionFormBlock(random, `form-${i + 1}`));
  const formBytes = blocks.reduce((sum, block) => sum + Buffer.byteLength(block), 0);
  const proseBudget = Math.max(0, bytes - formBytes);
  const exampleEvery = fencedExamples > 0 ? Math.floor(forms / fencedExamples) : Infinity;

  const parts: string[] = [];
  let proseBytes = 0;
  blocks.forEach((block, i) => {
    const target = (proseBudget * (i + 1)) / forms;
    while (proseBytes < target) {
      const piece = prosePiece(random);
      parts.push(piece);
      proseBytes += Buffer.byteLength(piece);
    }
    if (i % exampleEvery === exampleEvery - 1) parts.push(fencedExample(random, i));
    parts.push(`${block}\n\n`);
  });
  return { text: parts.join(""), forms, fencedExamples: Math.min(fencedExamples, forms) };
}

function prosePiece(random: Random): string {
  switch (random.int(10)) {
    case 0:
      return `## ${words(random, 4)}\n\n`;
    case 1:
      return `${Array.from({ length: 3 + random.int(4) }, () => `- **${words(random, 2)}**: ${sentence(random)}`).join(
        "\n",
      )}\n\n`;
    case 2:
      return (
        `| ${words(random, 1)} | ${words(random, 1)} | n |\n| --- | --- | --- ` +
        `|\n${Array.from(
          { length: 4 },
          () => `| ${words(random, 2)} | ${words(random, 3)} | ${random.int(1000)} |`,
        ).join("\n")}\n\n`
      );
    case 3:
      return codeFence(random);
    case 4:
      return (
        `Use \`Array<string>\` when n < 10 and \`a <= b\`; the <br> tag and <div class="x"> are HTML, ` +
        `${words(random, 6)}.\n\n`
      );
    default:
      return `${Array.from({ length: 3 + random.int(5) }, () => sentence(random)).join(" ")}\n\n`;
  }
}

function codeFence(random: Random): string {
  const body = [
    `const rows: Map<string, Array<number>> = new Map(); // ${words(random, 3)}`,
    `if (rows.size < ${random.int(100)} && ok) return <div className="card">{"${words(random, 2)}"}</div>;`,
    "for (let i = 0; i < n; i++) total += values[i] ?? 0;",
    `const label = \`${words(random, 3)}\`;`,
  ].join("\n");
  return random.int(4) === 0
    ? `~~~python\nif a < b:\n    print("${words(random, 3)}")\n~~~\n\n`
    : `\`\`\`tsx\n${body}\n\`\`\`\n\n`;
}

/** A complete example block inside a fence, as an assistant explaining the protocol writes it. */
function fencedExample(random: Random, i: number): string {
  return `Here is what such a form looks like:\n\n\`\`\`html\n${questionFormBlock(random, `example-${i}`)}\n\`\`\`\n\n`;
}

const TYPES = [
  "radio",
  "checkbox",
  "select",
  "text",
  "textarea",
  "number",
  "range",
  "date",
  "email",
  "switch",
  "file",
] as const;

/** A question-form block as models write it: pretty-printed JSON, 2 to 6 questions. */
export function questionFormBlock(random: Random, id: string): string {
  const count = 2 + random.int(5);
  const questions = Array.from({ length: count }, (_, i) => formQuestion(random, i));
  const body = { description: `${words(random, 10)} — skip what doesn't apply.`, questions };
  return `<question-form id="${id}" title="${words(random, 3)}">\n${JSON.stringify(body, null, 2)}\n</question-form>`;
}

function formQuestion(random: Random, i: number): Record<string, unknown> {
  const type = random.pick(TYPES);
  const q: Record<string, unknown> = { id: `q${i + 1}`, label: `${words(random, 5)}?`, type };
  if (random.int(3) === 0) q.required = true;
  if (type === "radio" || type === "checkbox" || type === "select") {
    q.options = Array.from({ length: 3 + random.int(4) }, (_, k) =>
      random.int(2) === 0 ? `${words(random, 2)} ${k}` : { label: `${words(random, 3)} ${k}`, value: `v${k}` },
    );
    if (type === "checkbox") q.maxSelections = 2;
  } else if (type === "number" || type === "range") {
    q.min = 0;
    q.max = 100;
  } else if (type === "text" || type === "textarea") {
    q.placeholder = `e.g. ${words(random, 3)} (budget < 10k)`;
  }
  return q;
}
