import * as v from "valibot";
import { isAbsoluteUri } from "../../model/index.js";
import { codePointLength, fitsMaxLength } from "../../text/text-length.js";
import { formatCount } from "../../text/count.js";
import { imageSourceProblem, resourceUriProblem } from "./image-url.js";
import {
  ACCEPT_PATTERN,
  ID_PATTERN,
  MAX_ACCEPT_ENTRIES,
  MAX_DESCRIPTION_LENGTH,
  MAX_ICONS,
  MAX_ID_LENGTH,
  MAX_IMAGE_SRC_LENGTH,
  MAX_MESSAGE_LENGTH,
  MAX_MIME_TYPE_LENGTH,
  MAX_OPTION_DESCRIPTION_LENGTH,
  MAX_OPTION_TITLE_LENGTH,
  MAX_OPTIONS,
  MAX_QUESTIONS,
  MAX_TEXT_MAX_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_URI_LENGTH,
  TRIMMED_PATTERN,
} from "./limits.js";
import { checkQuestionRules, checkUniqueQuestionIds } from "./rules.js";

/**
 * The Data tool input (`form_elicitation_v2_request`) in valibot, rule for rule with
 * schemas/data-tool-input.schema.json, its numbers and patterns from limits.ts. The rules
 * JSON Schema cannot state are `rawCheck`s:
 * uniqueness and bounds against option counts from rules.ts, URL rules from image-url.ts.
 */

/**
 * valibot's `maxLength`, counting Unicode code points as JSON Schema does rather than
 * UTF-16 units, so both validators agree on astral characters.
 */
function maxChars(max: number): v.MaxLengthAction<string, number, string> {
  return {
    kind: "validation",
    type: "max_length",
    reference: v.maxLength,
    async: false,
    expects: `<=${max}`,
    requirement: max,
    message: `must be at most ${formatCount(max)} characters`,
    "~run"(dataset, config) {
      if (dataset.typed && !fitsMaxLength(dataset.value, max)) {
        v._addIssue(this, "length", dataset, config, { received: `${codePointLength(dataset.value)}` });
      }
      return dataset;
    },
  };
}

/** valibot's object schemas take arrays for objects; JSON Schema's `type: "object"` does not. */
const notArray = v.custom<unknown>((value) => !Array.isArray(value), "must be an object, got an array");

/** A string rule that says what is wrong (or undefined), its words the issue's message. */
function problemCheck(problemOf: (value: string) => string | undefined) {
  return v.rawCheck<string>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const wrong = problemOf(dataset.value);
    if (wrong !== undefined) addIssue({ message: wrong });
  });
}

const ID = v.pipe(
  v.string(),
  v.regex(
    ID_PATTERN,
    `must start with a letter and use only letters, digits, _ and - (at most ${MAX_ID_LENGTH} characters)`,
  ),
);

/**
 * TRIMMED_PATTERN on a non-empty string, said with `trim` (which removes exactly what `\s`
 * matches) at a fraction of the regex's cost; still a pattern issue.
 */
const TRIMMED: v.RegexAction<string, string> = {
  ...v.regex(TRIMMED_PATTERN, "must not start or end with whitespace"),
  "~run"(dataset, config) {
    if (dataset.typed && dataset.value.trim().length !== dataset.value.length)
      v._addIssue(this, "format", dataset, config);
    return dataset;
  },
};

/** A string of 1 to `max` characters. */
const nonEmptyText = (max: number) => v.pipe(v.string(), v.minLength(1, "must not be empty"), maxChars(max));

/** Trimmed and non-empty: written without leading or trailing whitespace (docs/data-tool.md). */
const trimmedText = (max: number) => v.pipe(v.string(), v.minLength(1, "must not be empty"), TRIMMED, maxChars(max));

const IMAGE = v.pipe(
  notArray,
  v.strictObject({
    src: v.pipe(nonEmptyText(MAX_IMAGE_SRC_LENGTH), problemCheck(imageSourceProblem)),
    mimeType: v.optional(v.pipe(v.string(), maxChars(MAX_MIME_TYPE_LENGTH))),
  }),
);

const CHOICE_OPTION = v.pipe(
  notArray,
  v.strictObject({
    id: ID,
    title: trimmedText(MAX_OPTION_TITLE_LENGTH),
    description: v.optional(v.pipe(v.string(), maxChars(MAX_OPTION_DESCRIPTION_LENGTH))),
    thumbnail: v.optional(IMAGE),
    preview: v.optional(IMAGE),
  }),
  v.check(
    (option) => option.thumbnail === undefined || option.preview === undefined,
    "cannot have both `thumbnail` and its older alias `preview`",
  ),
);

const RESOURCE_OPTION = v.pipe(
  notArray,
  v.strictObject({
    uri: v.pipe(
      nonEmptyText(MAX_URI_LENGTH),
      v.check(
        (uri) => isAbsoluteUri(uri),
        "must be an absolute URI (a scheme such as https: followed by the rest, with no spaces)",
      ),
      // A host may open a card's URI: these schemes would run script or show content the URI itself carries.
      v.check(
        (uri) => !/^(?:javascript|vbscript|data):/i.test(uri),
        "must not be a javascript:, vbscript: or data: URI (a resource is named, not carried or run)",
      ),
      problemCheck(resourceUriProblem),
    ),
    name: trimmedText(MAX_OPTION_TITLE_LENGTH),
    title: trimmedText(MAX_OPTION_TITLE_LENGTH),
    description: v.optional(v.pipe(v.string(), maxChars(MAX_OPTION_DESCRIPTION_LENGTH))),
    mimeType: v.optional(v.pipe(v.string(), maxChars(MAX_MIME_TYPE_LENGTH))),
    icons: v.optional(v.pipe(v.array(IMAGE), v.maxLength(MAX_ICONS, `allows at most ${MAX_ICONS} icons`))),
    thumbnail: v.optional(IMAGE),
  }),
);

const common = {
  id: ID,
  title: trimmedText(MAX_TITLE_LENGTH),
  description: v.optional(v.pipe(v.string(), maxChars(MAX_DESCRIPTION_LENGTH))),
  required: v.boolean("must be true or false (there is no default)"),
};

const options = <T extends v.GenericSchema>(item: T, min: number) =>
  v.pipe(
    v.array(item),
    v.minLength(min, `needs at least ${min} option${min === 1 ? "" : "s"}`),
    v.maxLength(MAX_OPTIONS, `allows at most ${MAX_OPTIONS} options`),
  );

const wholeNumber = (min: number, max: number) =>
  v.optional(
    v.pipe(
      v.number(),
      v.integer("must be a whole number"),
      v.minValue(min, `must be at least ${min}`),
      v.maxValue(max, `must be at most ${formatCount(max)}`),
    ),
  );

const minItems = wholeNumber(0, MAX_OPTIONS);
const maxItems = wholeNumber(1, MAX_OPTIONS);

const ACCEPT_ENTRY = v.pipe(
  v.string(),
  maxChars(MAX_MIME_TYPE_LENGTH),
  v.regex(ACCEPT_PATTERN, "must be a filename extension such as .csv or a MIME type such as text/csv or image/*"),
);

const QUESTION = v.pipe(
  v.variant(
    "type",
    [
      v.strictObject({
        ...common,
        type: v.literal("text"),
        maxLength: wholeNumber(1, MAX_TEXT_MAX_LENGTH),
      }),
      v.strictObject({ ...common, type: v.literal("single_select"), options: options(CHOICE_OPTION, 1) }),
      v.strictObject({
        ...common,
        type: v.literal("multi_select"),
        options: options(CHOICE_OPTION, 1),
        minItems,
        maxItems,
      }),
      v.strictObject({ ...common, type: v.literal("resource"), options: options(RESOURCE_OPTION, 1) }),
      v.strictObject({
        ...common,
        type: v.literal("resources"),
        options: options(RESOURCE_OPTION, 1),
        minItems,
        maxItems,
      }),
      v.strictObject({
        ...common,
        type: v.literal("files"),
        options: v.optional(options(RESOURCE_OPTION, 0)),
        minItems,
        maxItems,
        accept: v.optional(
          v.pipe(
            v.array(ACCEPT_ENTRY),
            v.minLength(1, "needs at least one entry when given"),
            v.maxLength(MAX_ACCEPT_ENTRIES, `allows at most ${MAX_ACCEPT_ENTRIES} entries`),
          ),
        ),
      }),
    ],
    'must be one of "text", "single_select", "multi_select", "resource", "resources", "files"',
  ),
  v.rawCheck(checkQuestionRules),
);

export const DATA_TOOL_INPUT = v.pipe(
  notArray,
  v.strictObject({
    message: nonEmptyText(MAX_MESSAGE_LENGTH),
    questions: v.pipe(
      v.array(QUESTION),
      v.minLength(1, "needs at least one question"),
      v.maxLength(MAX_QUESTIONS, `allows at most ${MAX_QUESTIONS} questions`),
      v.rawCheck(checkUniqueQuestionIds),
    ),
  }),
);
