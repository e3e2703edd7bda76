import { quoted } from "../../model/index.js";
import type * as v from "valibot";
import type { Question } from "../../../generated/data-tool-input.js";
import { DEFAULT_FILES_MAX_ITEMS } from "./limits.js";

/**
 * The Data contract's cross-field rules, which JSON Schema cannot state: unique ids and
 * URIs, and selection bounds against each other and against the option count.
 * They run as valibot `rawCheck`s once a question (or the question list) is well-formed.
 */

type RawCheckContext<T> = v.RawCheckContext<T>;
type PathKey = string | number;

/** Question ids are unique within the form. */
export function checkUniqueQuestionIds({ dataset, addIssue }: RawCheckContext<Question[]>): void {
  if (!dataset.typed) return;
  reportDuplicates(
    dataset.value.map((question) => question.id),
    (index, id) => {
      addIssue({
        message: `Its id ${quoted(id)} is used by an earlier question; question ids must be unique.`,
        path: pathTo(dataset.value, [index, "id"]),
      });
    },
  );
}

/** Option ids/URIs are unique, and selection bounds are consistent. */
export function checkQuestionRules({ dataset, addIssue }: RawCheckContext<Question>): void {
  if (!dataset.typed) return;
  const question = dataset.value;
  if (question.type === "text") return;
  const options = question.options ?? [];
  const identities = options.map((option) => ("uri" in option ? option.uri : option.id));
  const key = question.type === "single_select" || question.type === "multi_select" ? "id" : "uri";
  reportDuplicates(identities, (index, identity) => {
    addIssue({
      message: `Its ${key} ${quoted(identity)} is used by an earlier option; option ${key}s must be unique.`,
      path: pathTo(question, ["options", index, key]),
    });
  });
  if (question.type === "single_select" || question.type === "resource") return;

  const limit = question.type === "files" ? DEFAULT_FILES_MAX_ITEMS : options.length;
  const { minItems, maxItems } = question;
  if (question.required && minItems === 0) {
    addIssue({
      message: "Its `minItems` cannot be 0 on a required question (a required question needs at least one selection).",
      path: pathTo(question, ["minItems"]),
    });
  }
  const effectiveMax = maxItems ?? limit;
  if (minItems !== undefined && minItems > effectiveMax) {
    addIssue({
      message:
        `Its \`minItems\` (${minItems}) cannot exceed its \`maxItems\` ` +
        `(${effectiveMax}${maxItems === undefined ? ", the default" : ""}).`,
      path: pathTo(question, ["minItems"]),
    });
  }
  if (question.type === "files") return;
  if (minItems !== undefined && minItems > options.length) {
    addIssue({
      message: `Its \`minItems\` (${minItems}) cannot exceed the number of options (${options.length}).`,
      path: pathTo(question, ["minItems"]),
    });
  }
  if (maxItems !== undefined && maxItems > options.length) {
    addIssue({
      message: `Its \`maxItems\` (${maxItems}) cannot exceed the number of options (${options.length}).`,
      path: pathTo(question, ["maxItems"]),
    });
  }
}

function reportDuplicates(values: readonly string[], report: (index: number, value: string) => void): void {
  const seen = new Set<string>();
  values.forEach((value, index) => {
    if (seen.has(value)) report(index, value);
    seen.add(value);
  });
}

/** valibot wants full path items; only `key` matters to formgate (see fromValibot). */
function pathTo(root: unknown, keys: PathKey[]): [v.IssuePathItem, ...v.IssuePathItem[]] {
  let input = root as Record<PathKey, unknown>;
  const items = keys.map((key) => {
    const value = input[key];
    const item = { type: "object", origin: "value", input, key, value } as v.IssuePathItem;
    input = value as Record<PathKey, unknown>;
    return item;
  });
  return items as [v.IssuePathItem, ...v.IssuePathItem[]];
}
