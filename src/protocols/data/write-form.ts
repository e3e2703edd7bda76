import type { DataToolInput, Question } from "../../../generated/data-tool-input.js";
import {
  type ChoiceField,
  type Field,
  type FormKey,
  type FormModel,
  type Result,
  cardOnOption,
  cardWarning,
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
import { Report } from "../report/index.js";
import { type Common, dataTitle, fit, textMaxLength, truncate } from "./write-parts.js";

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
  const report = Report.start();
  report.adopt(
    unwrittenFormKeys(
      form,
      WRITTEN_FORM_KEYS,
      (key) => `The form's ${named(key)} has no place in a Data tool input, so it is dropped.`,
    ),
  );
  droppedExtensions(form.extensions, report);
  if (form.fields.length > MAX_QUESTIONS)
    report
      .at("fields")
      .error(
        "too_many_fields",
        `The form has ${form.fields.length} questions, and a Data tool input holds at most ${MAX_QUESTIONS}.`,
      );
  if (form.fields.length === 0)
    report.at("fields").error("no_fields", "The form has no questions, and a Data tool input needs at least one.");

  const ids = dataIds(
    form.fields.map((field) => field.id),
    "q",
  );
  const questions = form.fields.map((field, index) => {
    const question = report.at("fields", index).question(field.id, index);
    if (ids[index] !== field.id)
      question
        .at("id")
        .warn("approximated", `Its id is not a valid Data id, so it is written as ${quoted(ids[index])}.`);
    droppedExtensions(field.extensions, question);
    return toQuestion(field, ids[index] as string, question);
  });
  if (!report.ok) return report.fail("unsupported_form");

  const input: DataToolInput = { message: message(form, report), questions };
  const checked = validateDataInput(input);
  if (!checked.ok) return checked;
  return report.result("unsupported_form", input);
}

function message(form: FormModel, report: Report): string {
  return dataTitle(form.title, fallbackTitle(form), MAX_MESSAGE_LENGTH, report.at("title"), "The form has no title");
}

/** Writes one field: what every question has, then what its kind becomes (`QUESTION_WRITERS`). */
function toQuestion(field: Field, id: string, report: Report): Question {
  const common = commonOf(field, id, report);
  if ("placeholder" in field && field.placeholder !== undefined)
    report.at("placeholder").warn("dropped", "Its placeholder has no place in a Data tool input, so it is dropped.");
  if ("default" in field && field.default !== undefined)
    report.at("default").warn("dropped", "Its default is dropped: the Data tool never preselects answers.");
  const write = QUESTION_WRITERS[field.kind] as QuestionWriter<Field>;
  return write(field, common, report);
}

/** The id, title, description and required flag; a label too long for a title is given in full in the description. */
function commonOf(field: Field, id: string, report: Report): Common {
  const label = dataTitle(field.label, id, Infinity, report.at("label"), "It has no label");
  const overflow = codePointLength(label) > MAX_TITLE_LENGTH ? `${label}\n\n` : "";
  if (overflow) {
    report
      .at("label")
      .warn(
        "approximated",
        `Its label is longer than ${MAX_TITLE_LENGTH} characters, so it is shortened and given in full in the ` +
          `description.`,
      );
    report
      .at("description")
      .warn("approximated", "Its description begins with its full label, which the title cannot hold.");
  }
  const description = overflow + (field.description ?? "");
  return {
    id,
    title: truncate(label, MAX_TITLE_LENGTH),
    ...((overflow || field.description !== undefined) && {
      description: fit(description, MAX_DESCRIPTION_LENGTH, report.at("description")),
    }),
    required: field.required,
  };
}

type QuestionWriter<F extends Field> = (field: F, common: Common, report: Report) => Question;

/**
 * What each model field kind becomes in a Data tool input, one writer per kind: text and
 * number fields a `text` question, a boolean a `single_select` of yes and no, a choice a
 * single or multi select, a resource or file field a `resource` or `files` question.
 */
const QUESTION_WRITERS: { [K in Field["kind"]]: QuestionWriter<Extract<Field, { kind: K }>> } = {
  text(field, common, report) {
    // A required Data text answer is non-blank already: `minLength: 1` and `pattern: "\\S"` say nothing more then.
    if (field.minLength !== undefined && field.minLength > (field.required ? 1 : 0))
      report.at("minLength").warn("dropped", "Its minimum length is dropped: a Data text question has none.");
    if (field.pattern !== undefined && !(field.required && field.pattern === "\\S"))
      report
        .at("pattern")
        .warn(
          "dropped",
          "Its pattern is dropped: a Data text question has none, so answers are not checked against it.",
        );
    if (field.format !== undefined)
      report
        .at("format")
        .warn(
          "dropped",
          `Its format ${quoted(field.format)} is dropped: a Data text question has none, so answers are not ` +
            `checked against it.`,
        );
    if (field.multiline)
      report.at("multiline").warn("dropped", "Its multi-line hint is dropped: a Data text question has none.");
    return { type: "text", ...common, ...textMaxLength(field.maxLength, report) };
  },
  number(field, common, report) {
    report.warn(
      "approximated",
      `It asks for a number, which Data asks as a text question; answers are read back as ` +
        `numbers${bounds(field.minimum, field.maximum)}.`,
    );
    for (const key of ["step", "slider"] as const)
      if (field[key] !== undefined)
        report.at(key).warn("dropped", `Its ${named(key)} is dropped: a Data text question has none.`);
    return { type: "text", ...common, maxLength: NUMBER_TEXT_MAX_LENGTH };
  },
  boolean(_field, common, report) {
    report.warn("approximated", 'It is a yes/no switch, which Data asks as a single choice between "Yes" and "No".');
    return {
      type: "single_select",
      ...common,
      options: [
        { id: BOOLEAN_OPTIONS.yes, title: "Yes" },
        { id: BOOLEAN_OPTIONS.no, title: "No" },
      ],
    };
  },
  choice(field, common, report) {
    singleBounds(field, report);
    return choiceQuestion(field, common, report);
  },
  resource(field, common, report) {
    singleBounds(field, report);
    return resourceQuestion(field, common, report);
  },
  file(field, common, report) {
    singleBounds(field, report);
    return resourceQuestion(field, common, report);
  },
};

function choiceQuestion(field: ChoiceField, common: Common, report: Report): Question {
  if (field.options.length === 0 || field.options.length > MAX_OPTIONS) {
    report
      .at("options")
      .error(
        "unsupported_options",
        `It has ${field.options.length} options, and a Data choice needs 1 to ${MAX_OPTIONS}.`,
      );
  }
  if (field.custom !== undefined)
    report
      .at("custom")
      .warn("dropped", "It takes typed answers, which a Data choice cannot, so only the listed options can be chosen.");
  if (field.display !== undefined)
    report
      .at("display")
      .warn(
        "dropped",
        `Its display hint ${quoted(field.display)} has no place in a Data tool input, so it is dropped.`,
      );
  const ids = dataOptionIds(field);
  const options = field.options.map((option, index) => {
    const here = report.at("options", index).option(option.value);
    if (ids[index] !== option.value)
      here
        .at("value")
        .warn("approximated", `Its value is not a valid Data id, so it is written as ${quoted(ids[index])}.`);
    if (option.icons !== undefined)
      here.at("icons").warn("dropped", "Its icons are dropped: a Data choice option has none.");
    const card = cardOnOption(option, (src) => imageSourceProblem(src) === undefined);
    if (card) here.adopt([cardWarning(card, "a Data option", ["card"])]);
    const thumbnail = option.thumbnail ? image(option.thumbnail, here.at("thumbnail")) : card?.thumbnail;
    const description = option.description ?? card?.description;
    return {
      id: ids[index] as string,
      // An option without a label shows its value, in Data as elsewhere: only a blank label is worth a warning.
      title: dataTitle(
        option.label ?? (option.value.trim() || ids[index]),
        option.value.trim() || (ids[index] as string),
        MAX_OPTION_TITLE_LENGTH,
        here.at("label"),
      ),
      ...(description !== undefined && {
        description: fit(description, MAX_OPTION_DESCRIPTION_LENGTH, here.at("description")),
      }),
      ...(thumbnail && { thumbnail }),
    };
  });
  if (!field.multiple) return { type: "single_select", ...common, options };
  return { type: "multi_select", ...common, options, ...itemBounds(field, options.length, report) };
}

/** The Data option ids a choice field is written with (see ids.ts). */
export function dataOptionIds(field: ChoiceField): string[] {
  return dataIds(
    field.options.map((option) => option.value),
    "o",
  );
}

function droppedExtensions(extensions: FormModel["extensions"], report: Report): void {
  for (const protocol of Object.keys(extensions ?? {})) {
    if (protocol !== "data")
      report
        .at("extensions", protocol)
        .warn(
          "dropped",
          `${report.path.length === 0 ? "The form's" : "Its"} details only ${protocol} can say are dropped.`,
        );
  }
}

function bounds(minimum: number | undefined, maximum: number | undefined): string {
  if (minimum === undefined && maximum === undefined) return "";
  return ` (between ${minimum ?? "-∞"} and ${maximum ?? "∞"})`;
}
