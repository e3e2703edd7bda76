import type { ChoiceOption, Field, Resource } from "../../model/index.js";
import type { Report } from "../report/index.js";

// What a <question-form> block has no words for, kind by kind: write-form.ts drops each with a warning, in the order
// of these tables.

/** Says a loss at the report of what was lost. */
export type Say = (at: Report, what: string) => void;

/**
 * A key dropped with a warning saying `what` cannot be said: at `key` (a path below the value's), when `when` holds,
 * else when the value has it.
 */
type Drop<T> = readonly [
  key: string | readonly string[],
  what: string | ((value: T) => string),
  when?: (value: T) => boolean,
];

type FieldOf<K extends Field["kind"]> = Extract<Field, { kind: K }>;

/** Drops each key of `value` (reported at `at`) that `drops` names; whether any was. */
export function dropAll<T extends object>(value: T, drops: readonly Drop<T>[], at: Report, drop: Say): boolean {
  let dropped = false;
  for (const [key, what, when] of drops) {
    if (when === undefined ? (value as Record<string, unknown>)[key as string] === undefined : !when(value)) continue;
    drop(at.at(...[key].flat()), typeof what === "string" ? what : what(value));
    dropped = true;
  }
  return dropped;
}

export const TEXT_DROPS: Drop<FieldOf<"text">>[] = [
  ["multiline", "a multi-line text with a format", (f) => f.format !== undefined && f.multiline === true],
  ["maxLength", "a length limit"],
  // A character, one that is not a space, is what `required` says already.
  ["minLength", "a minimum length", (f) => (f.minLength ?? 0) > 0 && !(f.required && f.minLength === 1)],
  ["pattern", "a pattern", (f) => f.pattern !== undefined && !(f.required && f.pattern === "\\S")],
];

export const NUMBER_DROPS: Drop<FieldOf<"number">>[] = [
  [
    "maximum",
    "a maximum below the minimum",
    (f) => f.maximum !== undefined && f.minimum !== undefined && f.minimum > f.maximum,
  ],
];

/** A choice without options, written as the text input it amounts to. */
export const FREE_CHOICE_DROPS: Drop<FieldOf<"choice">>[] = [
  ["default", "a starting list of typed answers", (f) => f.default !== undefined && typeof f.default !== "string"],
  ["display", (f) => `a ${f.display} display`],
  ["maxItems", "a most-answers limit"],
  ["minItems", "a fewest-answers limit", (f) => (f.minItems ?? 0) > (f.required ? 1 : 0)],
];

/** The rules on typed answers, which a block has no words for (a `minLength` of 0 is none). */
export const CUSTOM_RULE_DROPS: Drop<NonNullable<FieldOf<"choice">["custom"]>>[] = [
  ["minLength", "a rule on typed answers (minLength)", (c) => (c.minLength ?? 0) !== 0],
  ["maxLength", "a rule on typed answers (maxLength)"],
  ["pattern", "a rule on typed answers (pattern)"],
  ["format", "a rule on typed answers (format)"],
];
/** A typed answer's copy and rules, which a text input has no place for. */
export const CUSTOM_DROPS: Drop<NonNullable<FieldOf<"choice">["custom"]>>[] = [
  ["label", "the typed answer's label"],
  ["placeholder", "the typed answer's placeholder"],
  ...CUSTOM_RULE_DROPS,
];

export const IMAGE_DROPS: Drop<ChoiceOption>[] = [
  ["thumbnail", "an option thumbnail"],
  ["icons", "option icons"],
];
export const OPTION_DROPS: Drop<ChoiceOption>[] = [
  ...IMAGE_DROPS,
  ["card", "a direction card outside a direction-cards question"],
];
export const CARD_DROPS: Drop<ChoiceOption>[] = [...IMAGE_DROPS, ["description", "a card description"]];

export const RESOURCE_DROPS: Drop<Resource>[] = (
  ["thumbnail", "icons", "mimeType", "size", "annotations", "meta"] as const
).map((key) => [key, `a resource's ${key}`]);

export const FILE_DROPS: Drop<FieldOf<"file">>[] = [
  ["options", "offered resources on a file question", (f) => f.options.length > 0],
  [["pick", "kind"], "picking directories", (f) => f.pick.kind === "directory"],
];
export const FILE_LATER_DROPS: Drop<FieldOf<"file">>[] = [
  ["maxItems", "a most-files limit"],
  ["default", "a starting value of a file question"],
];

/** What `writeBounds` is given. */
export interface Bounded {
  multiple: boolean;
  required: boolean;
  minItems?: number | undefined;
  maxItems?: number | undefined;
  selection?: string;
}

/** The bounds and selection modes the text protocol has no words for (`maxSelections` says a most of 1 or more). */
export const BOUND_DROPS: Drop<Bounded>[] = [
  ...(["minItems", "maxItems"] as const).map(
    (key): Drop<Bounded> => [
      key,
      "a selection bound on a question that takes one answer",
      (f) => !f.multiple && f[key] !== undefined,
    ],
  ),
  ["maxItems", "a most-selections limit of 0", (f) => f.multiple && f.maxItems !== undefined && f.maxItems < 1],
  // One selection at least is what `required` says already.
  ["minItems", "a fewest-selections limit", (f) => f.multiple && (f.minItems ?? 0) > (f.required ? 1 : 0)],
  ["selection", "implicit selection (every option starting selected)", (f) => f.selection === "implicit"],
];
