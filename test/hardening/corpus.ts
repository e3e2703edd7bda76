import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { PathSegment } from "../../src/model/index.js";
import { type ProtocolName, protocolNames } from "../../src/protocols/index.js";
import { expand } from "../support/fixtures.js";

/**
 * The hostile corpus (test/fixtures/hostile/): one JSON file per input, each with the exact
 * result it must get. Folders name the protocol (`data`, `native`, `ask-user-question`, …) and, under
 * `answers/`, the protocol of the answers; `forms/` holds the forms answers are read against.
 */
export const HOSTILE_DIR = new URL("../fixtures/hostile/", import.meta.url).pathname;

/** An expected problem or warning: code and path, and for text protocols optionally where. */
export interface ExpectedIssue {
  code: string;
  path: PathSegment[];
  line?: number;
  column?: number;
  /** The question the issue names (checked where the expectation gives it). */
  question?: string;
}

/**
 * What a reader must return: a failure with exactly these issues, or a success with exactly
 * these warnings (and, for answers, exactly this response).
 */
export type Expected =
  | { error: string; issues: ExpectedIssue[] }
  | { ok: true; warnings: ExpectedIssue[]; value?: unknown };

/** A block of a `<question-form>` message: a form or an error segment, with its warnings or problems. */
export interface ExpectedSegment {
  kind: "form" | "error";
  id?: string;
  issues: ExpectedIssue[];
}

export interface HostileEntry {
  /** Path under test/fixtures/hostile, e.g. `data/structure-deep-array.json`. */
  name: string;
  description: string;
  protocol: ProtocolName;
  read: "form" | "answers";
  /** The input as a value (JSON protocols), expanded from `$repeat`, `$concat`, `$deep`, `$times`. */
  input?: unknown;
  /**
   * Or the input as text: JSON text for JSON protocols (so escaped spellings reach the parser), a message for
   * question-form.
   */
  text?: string;
  /** Or raw bytes (base64), decoded as UTF-8 the way the CLI and the streaming reader decode them. */
  bytes?: string;
  /**
   * For answers: the form file under forms/ (its protocol from its folder name prefix: data-, native-, question-form-).
   */
  form?: string;
  expect: Expected;
  /** When the CLI must see it otherwise (text that is not JSON is `invalid_json` there). */
  cli?: Expected;
  /** When the server must see it otherwise, and why (see docs/security.md). */
  server?:
    | { rpcError: true; why: string }
    | { result: unknown; why: string }
    | { issuePaths: PathSegment[][]; why: string };
  /** question-form: every block of the message (readForm reads the first form only). */
  segments?: ExpectedSegment[];
  /** native: translating to native must give the input back unchanged (nothing lost, nothing invented). */
  identity?: boolean;
}

export function loadCorpus(): HostileEntry[] {
  const entries: HostileEntry[] = [];
  const walk = (dir: string) => {
    for (const item of readdirSync(join(HOSTILE_DIR, dir), { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const name = dir === "" ? item.name : `${dir}/${item.name}`;
      if (item.isDirectory()) {
        if (name !== "forms") walk(name);
      } else if (item.name.endsWith(".json")) {
        const raw = JSON.parse(readFileSync(join(HOSTILE_DIR, name), "utf8")) as Record<string, unknown>;
        const [folder, sub] = name.split("/");
        const answers = folder === "answers";
        entries.push({
          ...(raw as unknown as HostileEntry),
          name,
          protocol: (answers ? sub : folder) as ProtocolName,
          read: answers ? "answers" : "form",
          ...(Object.hasOwn(raw, "input") && { input: expand(raw.input) }),
          ...(Object.hasOwn(raw, "text") && { text: expand(raw.text) as string }),
        });
      }
    }
  };
  walk("");
  return entries;
}

/** A form of forms/: its protocol and its contents (text for question-form, else JSON). */
export function loadForm(file: string): { protocol: ProtocolName; path: string; value: unknown } {
  const path = join(HOSTILE_DIR, "forms", file);
  // The longest name first: `question-form-…` is not a form of a protocol named `question`.
  const names = [...protocolNames].sort((a, b) => b.length - a.length);
  const protocol = names.find((name) => file.startsWith(`${name}-`));
  if (protocol === undefined) throw new Error(`forms/${file}: name it <protocol>-… (${protocolNames.join(", ")})`);
  const text = readFileSync(path, "utf8");
  return { protocol, path, value: protocol === "question-form" ? text : JSON.parse(text) };
}
