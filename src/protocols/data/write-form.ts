import type { DataToolInput, Question } from "../../../generated/data-tool-input.js";
import {
  type ChoiceField,
  type Field,
  type FormKey,
  type FormModel,
  type Issue,
  type PathSegment,
  type Result,
  cardOnOption,
  cardWarning,
  failure,
  problem,
  success,
  unwrittenFormKeys,
  named,
  quoted,
  fallbackTitle,
} from "../../model/index.js";
import { codePointLength } from "../../text/text-length.js";
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_MESSAGE_LENGTH,
  MAX_OPTION_DESCRIPTION_LENGTH,
  MAX_OPTION_TITLE_LENGTH,
  MAX_OPTIONS,
  MAX_QUESTIONS,
  MAX_TITLE_LENGTH,
} from "./limits.js";
import { dataIds } from "./ids.js";
import { imageSourceProblem } from "./image-url.js";
import { validateDataInput } from "./validate.js";
import { image, itemBounds, resourceQuestion, singleBounds } from "./write-resource.js";
import { type Common, approximated, dataTitle, dropped, fit, textMaxLength, truncate } from "./write-parts.js";

/**
 * What a number field's text question holds: any number JavaScript writes (formgate's choice, not a contract limit).
 */
const NUMBER_TEXT_MAX_LENGTH = 64;

/** The form keys a Data tool input says (the title as its message). */
const WRITTEN_FORM_KEYS: readonly FormKey[] = ["title", "fields", "extensions"];

/** What a boolean field becomes: a single choice between these two option ids. */
export const BOOLEAN_OPTIONS = { yes: "yes", no: "no" } as const;

/**
 * Writes a model form as a Data tool input. What the Data contract cannot say is a
 * warning naming its model path; what it cannot hold at all (more than MAX_QUESTIONS
 * questions, more than MAX_OPTIONS options) is an error, since dropping a question would lose answers.
 * The result is checked against the contract before it is returned.
 */
export function writeDataForm(form: FormModel): Result<DataToolInput> {
  const warnings: Issue[] = [];
  const errors: Issue[] = [];
  warnings.push(
    ...unwrittenFormKeys(
      form,
      WRITTEN_FORM_KEYS,
      (key) => `The form's ${named(key)} has no place in a Data tool input, so it is dropped.`,
    ),
  );
  droppedExtensions(form.extensions, [], warnings);
  if (form.fields.length > MAX_QUESTIONS)
    errors.push(
      problem(
        "too_many_fields",
        ["fields"],
        `The form has ${form.fields.length} questions, and a Data tool input holds at most ${MAX_QUESTIONS}.`,
      ),
    );
  if (form.fields.length === 0)
    errors.push(
      problem("no_fields", ["fields"], "The form has no questions, and a Data tool input needs at least one."),
    );

  const ids = dataIds(
    form.fields.map((field) => field.id),
    "q",
  );
  const questions = form.fields.map((field, index) => {
    const path = ["fields", index];
    if (ids[index] !== field.id)
      warnings.push(
        approximated([...path, "id"], `Its id is not a valid Data id, so it is written as ${quoted(ids[index])}.`),
      );
    droppedExtensions(field.extensions, path, warnings);
    return toQuestion(field, ids[index] as string, path, warnings, errors);
  });
  if (errors.length > 0) return failure("unsupported_form", errors);

  const input: DataToolInput = { message: message(form, warnings), questions };
  const checked = validateDataInput(input);
  if (!checked.ok) return checked;
  return success(input, warnings);
}

function message(form: FormModel, warnings: Issue[]): string {
  return dataTitle(form.title, fallbackTitle(form), MAX_MESSAGE_LENGTH, ["title"], warnings, "The form has no title");
}

/** Writes one field: what every question has, then what its kind becomes (`QUESTION_WRITERS`). */
function toQuestion(field: Field, id: string, path: PathSegment[], warnings: Issue[], errors: Issue[]): Question {
  const common = commonOf(field, id, path, warnings);
  if ("placeholder" in field && field.placeholder !== undefined)
    warnings.push(
      dropped([...path, "placeholder"], "Its placeholder has no place in a Data tool input, so it is dropped."),
    );
  if ("default" in field && field.default !== undefined)
    warnings.push(dropped([...path, "default"], "Its default is dropped: the Data tool never preselects answers."));
  const write = QUESTION_WRITERS[field.kind] as QuestionWriter<Field>;
  return write(field, common, path, warnings, errors);
}

/** The id, title, description and required flag; a label too long for a title is given in full in the description. */
function commonOf(field: Field, id: string, path: PathSegment[], warnings: Issue[]): Common {
  const label = dataTitle(field.label, id, Infinity, [...path, "label"], warnings, "It has no label");
  const overflow = codePointLength(label) > MAX_TITLE_LENGTH ? `${label}\n\n` : "";
  if (overflow) {
    warnings.push(
      approximated(
        [...path, "label"],
        `Its label is longer than ${MAX_TITLE_LENGTH} characters, so it is shortened and given in full in the ` +
          `description.`,
      ),
    );
    warnings.push(
      approximated(
        [...path, "description"],
        "Its description begins with its full label, which the title cannot hold.",
      ),
    );
  }
  const description = overflow + (field.description ?? "");
  return {
    id,
    title: truncate(label, MAX_TITLE_LENGTH),
    ...((overflow || field.description !== undefined) && {
      description: fit(description, MAX_DESCRIPTION_LENGTH, [...path, "description"], warnings),
    }),
    required: field.required,
  };
}

type QuestionWriter<F extends Field> = (
  field: F,
  common: Common,
  path: PathSegment[],
  warnings: Issue[],
  errors: Issue[],
) => Question;

/**
 * What each model field kind becomes in a Data tool input, one writer per kind: text and
 * number fields a `text` question, a boolean a `single_select` of yes and no, a choice a
 * single or multi select, a resource or file field a `resource` or `files` question.
 */
const QUESTION_WRITERS: { [K in Field["kind"]]: QuestionWriter<Extract<Field, { kind: K }>> } = {
  text(field, common, path, warnings) {
    // A required Data text answer is non-blank already: `minLength: 1` and `pattern: "\\S"` say nothing more then.
    if (field.minLength !== undefined && field.minLength > (field.required ? 1 : 0))
      warnings.push(dropped([...path, "minLength"], "Its minimum length is dropped: a Data text question has none."));
    if (field.pattern !== undefined && !(field.required && field.pattern === "\\S"))
      warnings.push(
        dropped(
          [...path, "pattern"],
          "Its pattern is dropped: a Data text question has none, so answers are not checked against it.",
        ),
      );
    if (field.format !== undefined)
      warnings.push(
        dropped(
          [...path, "format"],
          `Its format ${quoted(field.format)} is dropped: a Data text question has none, so answers are not ` +
            `checked against it.`,
        ),
      );
    if (field.multiline)
      warnings.push(dropped([...path, "multiline"], "Its multi-line hint is dropped: a Data text question has none."));
    return { type: "text", ...common, ...textMaxLength(field.maxLength, path, warnings) };
  },
  number(field, common, path, warnings) {
    warnings.push(
      approximated(
        path,
        `It asks for a number, which Data asks as a text question; answers are read back as ` +
          `numbers${bounds(field.minimum, field.maximum)}.`,
      ),
    );
    for (const key of ["step", "slider"] as const)
      if (field[key] !== undefined)
        warnings.push(dropped([...path, key], `Its ${named(key)} is dropped: a Data text question has none.`));
    return { type: "text", ...common, maxLength: NUMBER_TEXT_MAX_LENGTH };
  },
  boolean(_field, common, path, warnings) {
    warnings.push(
      approximated(path, 'It is a yes/no switch, which Data asks as a single choice between "Yes" and "No".'),
    );
    return {
      type: "single_select",
      ...common,
      options: [
        { id: BOOLEAN_OPTIONS.yes, title: "Yes" },
        { id: BOOLEAN_OPTIONS.no, title: "No" },
      ],
    };
  },
  choice(field, common, path, warnings, errors) {
    singleBounds(field, path, warnings);
    return choiceQuestion(field, common, path, warnings, errors);
  },
  resource(field, common, path, warnings, errors) {
    singleBounds(field, path, warnings);
    return resourceQuestion(field, common, path, warnings, errors);
  },
  file(field, common, path, warnings, errors) {
    singleBounds(field, path, warnings);
    return resourceQuestion(field, common, path, warnings, errors);
  },
};

function choiceQuestion(
  field: ChoiceField,
  common: Common,
  path: PathSegment[],
  warnings: Issue[],
  errors: Issue[],
): Question {
  if (field.options.length === 0 || field.options.length > MAX_OPTIONS) {
    errors.push(
      problem(
        "unsupported_options",
        [...path, "options"],
        `It has ${field.options.length} options, and a Data choice needs 1 to ${MAX_OPTIONS}.`,
      ),
    );
  }
  if (field.custom !== undefined)
    warnings.push(
      dropped(
        [...path, "custom"],
        "It takes typed answers, which a Data choice cannot, so only the listed options can be chosen.",
      ),
    );
  if (field.display !== undefined)
    warnings.push(
      dropped(
        [...path, "display"],
        `Its display hint ${quoted(field.display)} has no place in a Data tool input, so it is dropped.`,
      ),
    );
  const ids = dataOptionIds(field);
  const options = field.options.map((option, index) => {
    const optionPath = [...path, "options", index];
    if (ids[index] !== option.value)
      warnings.push(
        approximated(
          [...optionPath, "value"],
          `Its value is not a valid Data id, so it is written as ${quoted(ids[index])}.`,
        ),
      );
    if (option.icons !== undefined)
      warnings.push(dropped([...optionPath, "icons"], "Its icons are dropped: a Data choice option has none."));
    const card = cardOnOption(option, (src) => imageSourceProblem(src) === undefined);
    if (card) warnings.push(cardWarning(card, "a Data option", [...optionPath, "card"]));
    const thumbnail = option.thumbnail
      ? image(option.thumbnail, [...optionPath, "thumbnail"], warnings)
      : card?.thumbnail;
    const description = option.description ?? card?.description;
    return {
      id: ids[index] as string,
      // An option without a label shows its value, in Data as elsewhere: only a blank label is worth a warning.
      title: dataTitle(
        option.label ?? (option.value.trim() || ids[index]),
        option.value.trim() || (ids[index] as string),
        MAX_OPTION_TITLE_LENGTH,
        [...optionPath, "label"],
        warnings,
      ),
      ...(description !== undefined && {
        description: fit(description, MAX_OPTION_DESCRIPTION_LENGTH, [...optionPath, "description"], warnings),
      }),
      ...(thumbnail && { thumbnail }),
    };
  });
  if (!field.multiple) return { type: "single_select", ...common, options };
  return { type: "multi_select", ...common, options, ...itemBounds(field, options.length, path, warnings) };
}

/** The Data option ids a choice field is written with (see ids.ts). */
export function dataOptionIds(field: ChoiceField): string[] {
  return dataIds(
    field.options.map((option) => option.value),
    "o",
  );
}

function droppedExtensions(extensions: FormModel["extensions"], path: PathSegment[], warnings: Issue[]): void {
  for (const protocol of Object.keys(extensions ?? {})) {
    if (protocol !== "data")
      warnings.push(
        dropped(
          [...path, "extensions", protocol],
          `${path.length === 0 ? "The form's" : "Its"} details only ${protocol} can say are dropped.`,
        ),
      );
  }
}

function bounds(minimum: number | undefined, maximum: number | undefined): string {
  if (minimum === undefined && maximum === undefined) return "";
  return ` (between ${minimum ?? "-∞"} and ${maximum ?? "∞"})`;
}
