import type { Issue } from "../../model/index.js";

/**
 * Keys other protocols (or the model) use for what the Data tool input says with another key,
 * where they stand: an unknown key found here gets "did you mean" with the Data key. One table,
 * read only for the message; what is allowed is the schema's business (schema.ts).
 */
const DATA_KEY_FOR = {
  form: {
    fields: "questions", // the model
    title: "message", // <question-form>'s title attribute; native and mcp say `message`
    description: "message", // <question-form>
  },
  question: {
    label: "title", // <question-form>, the model
    prompt: "title", // <question-form>'s older word
    question: "title", // Claude's AskUserQuestion
    help: "description", // <question-form>
    kind: "type", // the model
    maxSelections: "maxItems", // <question-form>
  },
  option: {
    label: "title", // <question-form>, the model, AskUserQuestion
    value: "id", // <question-form>, the model
  },
  resourceOption: {
    label: "title",
    value: "uri",
  },
} as const satisfies Record<string, Readonly<Record<string, string>>>;

type Place = keyof typeof DATA_KEY_FOR;

/** The Data key for an unknown key at `path` of `input`, when another protocol uses that key for it. */
export function dataKeyFor(path: readonly (string | number)[], input: unknown): string | undefined {
  const key = path.at(-1);
  if (typeof key !== "string") return undefined;
  const place = placeOf(path.slice(0, -1), input);
  const table: Readonly<Record<string, string>> | undefined = place && DATA_KEY_FOR[place];
  return table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

function placeOf(at: readonly (string | number)[], input: unknown): Place | undefined {
  if (at.length === 0) return "form";
  if (at.length === 2 && at[0] === "questions") return "question";
  if (at.length === 4 && at[0] === "questions" && at[2] === "options") {
    const question = (input as { questions?: { type?: unknown }[] }).questions?.[at[1] as number];
    const type = question?.type;
    return type === "resource" || type === "resources" || type === "files" ? "resourceOption" : "option";
  }
  return undefined;
}

/** An unknown-key issue of the Data reader, with "did you mean" when the key is another protocol's word. */
export function withKeyHint(issue: Issue, input: unknown): Issue {
  if (issue.code !== "unknown_key") return issue;
  const hint = dataKeyFor(issue.path, input);
  if (hint === undefined) return issue;
  const said = `did you mean \`${hint}\`? It is the Data tool's word for it.`;
  return { ...issue, message: `${issue.message.replace(/\.$/, "")}: ${said}` };
}
