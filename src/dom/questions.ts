/**
 * One question of a form as real, labelled controls, and the answer they hold. The controls do
 * not validate (the form is `novalidate`): formgate's answer check does (render-form.ts).
 */
import type {
  ChoiceField,
  ChoiceOption,
  DirectionCard,
  Field,
  FileField,
  Image,
  NumberField,
  Resource,
  ResourceField,
  TextField,
  TextFormat,
} from "../model/index.js";
import { codePointLength } from "../text/text-length.js";
import { askUserQuestionHeader } from "../protocols/ask-user-question/heading.js";
import { type Attributes, type Child, h } from "./h.js";
import type { RenderStrings } from "./strings.js";
import type { Uploads } from "./uploads.js";

/** What a question held when it is drawn again: its answer, and whether the person changed it. */
export interface QuestionState {
  answer: unknown;
  touched: boolean;
}

/** One rendered question. */
export interface Question {
  element: HTMLElement;
  /** The answer the controls hold, or undefined when the question is unanswered. */
  read(): unknown;
  state(): QuestionState;
  /** Shows the question answered: every control disabled, the ways to change the answer (clear, pick files) gone. */
  settle(): void;
  /** The controls marked `aria-invalid` when the question has a problem; the first takes focus. */
  controls(): HTMLElement[];
  /** Where its problems are shown. */
  error: HTMLElement;
}

/** What drawing a question needs besides its field. */
export interface QuestionContext {
  /** The HTML id of the question's control; its other parts' ids start with it. */
  id: string;
  strings: RenderStrings;
  /** The `lang` of the renderer's own words, where it differs from the form's. */
  wordsLang: string | undefined;
  uploads: Uploads;
  /** What the question held before, when a newer version of the form redraws it. */
  previous: QuestionState | undefined;
}

export function renderQuestion(field: Field, context: QuestionContext): Question {
  const question = build(field, context);
  let touched = context.previous?.touched ?? false;
  const touch = () => void (touched = true);
  question.element.addEventListener("input", touch);
  question.element.addEventListener("change", touch);
  question.element.addEventListener("click", (event) => {
    if ((event.target as Element).closest("button.fg-clear")) touch();
  });
  return { ...question, state: () => ({ answer: question.read(), touched }), settle: () => settle(question.element) };
}

function settle(element: HTMLElement): void {
  for (const control of element.querySelectorAll<HTMLInputElement>("input, select, textarea, button"))
    control.disabled = true;
  for (const change of element.querySelectorAll<HTMLElement>(".fg-clear, .fg-upload-picker")) change.hidden = true;
}

/** What the question starts with: what the person gave it before, else the form's default. */
function startOf(field: Field, context: QuestionContext): unknown {
  return context.previous?.touched ? context.previous.answer : field.default;
}

type Built = Omit<Question, "state" | "settle">;

function build(field: Field, context: QuestionContext): Built {
  switch (field.kind) {
    case "text":
      return textQuestion(field, context);
    case "number":
      return numberQuestion(field, context);
    case "boolean":
      return switchQuestion(field, context);
    case "choice":
      return field.display === "select"
        ? selectQuestion(field, context)
        : groupQuestion(
            field,
            context,
            field.options.map(choiceOption),
            field.custom === undefined ? undefined : customInput(field, context),
          );
    case "resource":
      return groupQuestion(field, context, field.options.map(resourceOption(context.strings)));
    case "file":
      return fileQuestion(field, context);
  }
}

/** The input type of a text format: its own name but for two. */
const inputType = (format: TextFormat | undefined): string =>
  format === undefined ? "text" : format === "uri" ? "url" : format === "date-time" ? "datetime-local" : format;

/**
 * A text question's hints say only what a person can act on: no pattern (a regular expression is for developers;
 * the check's message names a mismatch), no minimum of 1 (what "required" says, and the non-blank rule formgate
 * adds itself), no hint naming the control's kind, and no maximum in words where the count shows it ("8 of 40").
 */
function textQuestion(field: TextField, context: QuestionContext): Built {
  const { id, strings } = context;
  const counted = field.format === undefined && (field.maxLength !== undefined || field.minLength !== undefined);
  const hints = present([
    field.minLength !== undefined && field.minLength > 1 && strings.atLeastCharacters(field.minLength),
    !counted && field.maxLength !== undefined && strings.atMostCharacters(field.maxLength),
  ]);
  const start = startOf(field, context);
  const attributes = {
    id,
    name: field.id,
    placeholder: field.placeholder,
    dir: "auto",
    "aria-required": field.required,
    "aria-describedby": describedBy(field, id, hints, counted),
  };
  const control = field.multiline
    ? h("textarea", { ...attributes, rows: 4 })
    : h("input", { ...attributes, type: inputType(field.format) });
  control.value = typeof start === "string" ? start : "";
  // A colour input always holds a colour: it answers only once the person picks one (or starts with one).
  const answered = field.format === "color" ? setOnce(control, start !== undefined) : () => true;
  const extras: Child[] = [];
  if (counted) {
    // A live count, in code points as the answer check counts them; announced only when read.
    const count = h("span", { class: "fg-count", id: `${id}-count`, lang: context.wordsLang });
    const show = () => void (count.textContent = strings.count(codePointLength(control.value), field.maxLength));
    control.addEventListener("input", show);
    show();
    extras.push(count);
  }
  return single(
    field,
    context,
    control,
    hints,
    () => (answered() && control.value !== "" ? control.value : undefined),
    extras,
  );
}

function numberQuestion(field: NumberField, context: QuestionContext): Built {
  const { id, strings } = context;
  const hints = present([
    field.integer && strings.wholeNumber,
    field.minimum !== undefined && strings.from(field.minimum),
    field.maximum !== undefined && strings.upTo(field.maximum),
    field.step !== undefined && strings.inSteps(field.step),
  ]);
  const start = startOf(field, context);
  const control = h("input", {
    id,
    name: field.id,
    type: field.slider ? "range" : "number",
    min: field.minimum,
    max: field.maximum,
    step: field.step ?? (field.integer ? 1 : "any"),
    placeholder: field.slider ? undefined : field.placeholder,
    "aria-required": field.required,
    "aria-describedby": describedBy(field, id, hints),
  });
  if (typeof start === "number" && Number.isFinite(start)) control.value = String(start);
  if (!field.slider) {
    // What cannot be read as a number is passed on as NaN, so formgate's check names the problem.
    return single(field, context, control, hints, () =>
      control.value !== "" ? Number(control.value) : control.validity.badInput ? Number.NaN : undefined,
    );
  }
  // A slider always holds a value: it answers only once moved (or when it starts at a value).
  const answered = setOnce(control, typeof start === "number");
  // No value shown until the slider is set: the one its thumb starts at is not an answer.
  const shown = h("output", { for: id, class: "fg-value" }, answered() ? control.value : "");
  control.addEventListener("input", () => void (shown.textContent = control.value));
  return single(field, context, control, hints, () => (answered() ? Number(control.value) : undefined), [shown]);
}

/**
 * A switch (a `<button role="switch">`, as shadcn/ui's) answers what it shows only once the person set it (or when
 * the form gives it a default): an untouched switch without a default is unanswered, like a slider, so nobody answers
 * "no" by not looking (docs/dom.md, "Decisions"). Untouched, it is drawn neither on nor off, its `aria-checked` is
 * "mixed" (announced neither on nor off) and its state is said beside it.
 */
function switchQuestion(field: Field & { kind: "boolean" }, context: QuestionContext): Built {
  const start = startOf(field, context);
  let value = typeof start === "boolean" ? start : undefined;
  const stateId = `${context.id}-state`;
  const state = h("span", { class: "fg-switch-state", id: stateId, lang: context.wordsLang }, context.strings.notSet);
  const control = h(
    "button",
    {
      type: "button",
      role: "switch",
      class: "fg-switch-control",
      id: context.id,
      name: field.id,
      "aria-describedby": `${describedBy(field, context.id, [])} ${stateId}`,
    },
    h("span", { class: "fg-switch-thumb" }),
  );
  const show = () => {
    control.setAttribute("aria-checked", value === undefined ? "mixed" : String(value));
    state.hidden = value !== undefined;
  };
  control.addEventListener("click", () => {
    value = value !== true;
    show();
    control.dispatchEvent(new Event("change", { bubbles: true }));
  });
  show();
  const question = single(field, context, control, [], () => value, [state]);
  question.element.classList.add("fg-switch");
  return question;
}

/** A question answered by one labelled control. */
function single(
  field: Field,
  context: QuestionContext,
  control: HTMLElement,
  hints: string[],
  read: () => unknown,
  extras: Child[] = [],
): Built {
  const error = errorSlot(context);
  const element = h(
    "div",
    { class: `fg-question fg-${field.kind}`, "data-question": field.id },
    h("label", { for: context.id, class: "fg-label", dir: "auto" }, ...labelText(field, context)),
    ...notes(field, context, hints),
    error,
    control,
    ...extras,
  );
  return { element, read, controls: () => [control], error };
}

/** One option as the renderer shows it, whatever kind of question offers it. */
interface ShownOption {
  value: string;
  label: string;
  description: string | undefined;
  details: string[];
  thumbnail: Image | undefined;
  icons: Image[];
  card?: DirectionCard | undefined;
}

function choiceOption({ value, label = value, description, thumbnail, icons = [], card }: ChoiceOption): ShownOption {
  return { value, label, description, details: [], thumbnail, icons, card };
}

function resourceOption(strings: RenderStrings) {
  return ({ uri, name, title = name, description, mimeType, size, thumbnail, icons = [] }: Resource): ShownOption => ({
    value: uri,
    label: title,
    description,
    details: present([mimeType, size !== undefined && strings.bytes(size)]),
    thumbnail,
    icons,
  });
}

/** A typed answer beside a choice's options. */
interface CustomInput {
  element: HTMLElement;
  input: HTMLInputElement;
}

function customInput(field: ChoiceField, context: QuestionContext): CustomInput {
  const custom = field.custom ?? {};
  const id = `${context.id}-custom`;
  const input = h("input", {
    type: inputType(custom.format),
    id,
    dir: "auto",
    placeholder: custom.placeholder,
  });
  const label = custom.label
    ? h("label", { for: id, dir: "auto" }, custom.label)
    : h("label", { for: id, lang: context.wordsLang }, context.strings.otherAnswer);
  return { input, element: h("div", { class: "fg-custom" }, label, input) };
}

/** Splits a starting answer into the values among the options and the one typed. */
function startingValues(
  field: ChoiceField | ResourceField | FileField,
  context: QuestionContext,
  values: string[],
): { picked: Set<string>; typed: string } {
  const start = startOf(field, context);
  const given =
    start === undefined && !context.previous?.touched && field.kind !== "choice" && field.selection === "implicit"
      ? values
      : typeof start === "string"
        ? [start]
        : Array.isArray(start)
          ? start.filter((value): value is string => typeof value === "string")
          : [];
  const offered = new Set(values);
  return {
    picked: new Set(given.filter((value) => offered.has(value))),
    typed: given.find((value) => !offered.has(value)) ?? "",
  };
}

/** A group of radios (one answer) or checkboxes (several): choices, resources, offered files. */
function groupQuestion(
  field: ChoiceField | ResourceField,
  context: QuestionContext,
  options: ShownOption[],
  custom?: CustomInput,
): Built {
  const hints = boundsHints(field, context.strings);
  const start = startingValues(
    field,
    context,
    options.map((option) => option.value),
  );
  const group = optionGroup(field, context, options, start.picked);
  if (custom !== undefined) custom.input.value = start.typed;
  const error = errorSlot(context);
  const catalog =
    field.kind === "choice" &&
    field.catalog === "host" &&
    field.options.length === 0 &&
    h("p", { class: "fg-note", lang: context.wordsLang }, context.strings.hostCatalog);
  const element = h(
    "fieldset",
    {
      class: `fg-question fg-${field.kind}${field.kind === "choice" && field.display === "cards" ? " fg-cards" : ""}`,
      "data-question": field.id,
      "aria-describedby": describedBy(field, context.id, hints),
    },
    h("legend", { class: "fg-label", dir: "auto" }, ...labelText(field, context)),
    ...notes(field, context, hints),
    error,
    catalog,
    group.element,
    custom?.element,
  );
  if (custom !== undefined && !field.multiple) {
    // One answer: typing one clears the picked option, picking an option clears the typed one.
    custom.input.addEventListener("input", () => {
      group.inputs.forEach((input) => void (input.checked = false));
      if (group.clear !== undefined) group.clear.hidden = true;
    });
    group.inputs.forEach((input) => input.addEventListener("change", () => void (custom.input.value = "")));
    group.clear?.addEventListener("click", () => void (custom.input.value = ""));
  }
  const read = () =>
    answerOf(field.multiple, [...group.picked(), ...(custom?.input.value ? [custom.input.value] : [])]);
  return {
    element,
    read,
    controls: () => [...group.inputs, ...typedControl(custom, group.inputs.length)],
    error,
  };
}

function optionGroup(
  field: ChoiceField | ResourceField | FileField,
  context: QuestionContext,
  options: ShownOption[],
  picked: Set<string>,
) {
  const inputs = options.map((option, i) => {
    const labelId = `${context.id}-o${i}`;
    return h("input", {
      type: field.multiple ? "checkbox" : "radio",
      id: `${labelId}-input`,
      name: context.id,
      value: option.value,
      checked: picked.has(option.value),
      "aria-labelledby": labelId,
      "aria-describedby": option.description === undefined ? undefined : `${labelId}-d`,
    });
  });
  const list = h(
    "div",
    { class: "fg-options" },
    ...options.map((option, i) => renderOption(option, inputs[i] as HTMLInputElement, `${context.id}-o${i}`, context)),
  );
  const element = h("div", {}, list);
  let clear: HTMLButtonElement | undefined;
  if (!field.multiple && options.length > 0) {
    // A radio cannot be unchecked by a click: this puts the question back to unanswered.
    // Shown only while an option is chosen: there is nothing to clear before.
    const button = h(
      "button",
      { type: "button", class: "fg-clear", lang: context.wordsLang },
      context.strings.clearChoice,
    );
    const show = () => void (button.hidden = !inputs.some((input) => input.checked));
    button.addEventListener("click", () => {
      inputs.forEach((input) => void (input.checked = false));
      show();
      // The focus does not vanish with the button: it goes back to the options.
      inputs[0]?.focus();
    });
    for (const input of inputs) input.addEventListener("change", show);
    show();
    element.append(button);
    clear = button;
  }
  return { element, inputs, clear, picked: () => inputs.filter((input) => input.checked).map((input) => input.value) };
}

function renderOption(option: ShownOption, input: HTMLInputElement, labelId: string, context: QuestionContext) {
  const { card } = option;
  return h(
    "label",
    { class: "fg-option" },
    input,
    option.thumbnail && image(option.thumbnail, "thumbnail"),
    h(
      "span",
      { class: "fg-option-body" },
      h("span", { class: "fg-option-label", id: labelId, dir: "auto" }, option.label),
      option.description !== undefined &&
        h("span", { class: "fg-option-description", id: `${labelId}-d`, dir: "auto" }, option.description),
      option.details.length > 0 && h("span", { class: "fg-option-details" }, option.details.join(" · ")),
      option.icons.length > 0 && h("span", { class: "fg-icons" }, ...option.icons.map((icon) => image(icon, "icon"))),
      card && renderCard(card, context),
    ),
  );
}

/** A direction card: its mood, references, palette swatches and fonts. */
function renderCard(card: DirectionCard, context: QuestionContext): HTMLElement {
  const { strings, wordsLang } = context;
  const element = h("span", { class: "fg-card" }, card.mood && h("span", { class: "fg-mood", dir: "auto" }, card.mood));
  if (card.palette && card.palette.length > 0) {
    const swatches = card.palette.map((colour) => {
      const swatch = h("span", { class: "fg-swatch", title: colour });
      swatch.style.background = colour;
      return swatch;
    });
    element.append(
      h("span", { class: "fg-palette", role: "img", "aria-label": strings.palette(card.palette) }, ...swatches),
    );
  }
  for (const [font, name] of [
    [card.displayFont, strings.displayFont],
    [card.bodyFont, strings.bodyFont],
  ] as const) {
    if (font === undefined) continue;
    const sample = h("span", { class: "fg-font" }, name(font));
    sample.style.fontFamily = font;
    element.append(sample);
  }
  if (card.references && card.references.length > 0) {
    // Images only from what the form carries, and only https: or data: images.
    const items = card.references.map((reference) =>
      h("li", {}, /^(https:|data:image\/)/.test(reference) ? image({ src: reference }, "reference") : reference),
    );
    element.append(
      h("span", { class: "fg-references" }, h("span", { lang: wordsLang }, strings.references), h("ul", {}, ...items)),
    );
  }
  return element;
}

function selectQuestion(field: ChoiceField, context: QuestionContext): Built {
  const { id, strings } = context;
  const hints = boundsHints(field, strings);
  const start = startingValues(
    field,
    context,
    field.options.map((option) => option.value),
  );
  const control = h(
    "select",
    {
      id,
      name: field.id,
      multiple: field.multiple,
      "aria-required": field.required,
      "aria-describedby": describedBy(field, id, hints),
    },
    !field.multiple &&
      (field.placeholder !== undefined
        ? h("option", { value: "" }, field.placeholder)
        : h("option", { value: "", lang: context.wordsLang }, strings.choose)),
    ...field.options.map((option) =>
      h("option", { value: option.value, selected: start.picked.has(option.value) }, option.label ?? option.value),
    ),
  );
  const custom = field.custom === undefined ? undefined : customInput(field, context);
  if (custom !== undefined) custom.input.value = start.typed;
  const question = single(field, context, control, hints, () => {
    const picked = [...control.selectedOptions].map((option) => option.value).filter((value) => value !== "");
    const typed = custom?.input.value ? [custom.input.value] : [];
    return answerOf(field.multiple, [...(field.multiple || typed.length === 0 ? picked : []), ...typed]);
  });
  if (custom !== undefined) {
    control.after(custom.element);
    if (!field.multiple) {
      control.addEventListener("change", () => void (custom.input.value = ""));
      custom.input.addEventListener("input", () => void (control.value = ""));
    }
  }
  return { ...question, controls: () => [control, ...typedControl(custom, field.options.length)] };
}

function fileQuestion(field: FileField, context: QuestionContext): Built {
  const { id, strings, uploads } = context;
  const directory = field.pick.kind === "directory";
  const accept = field.pick.accept ?? [];
  const hints = present([accept.length > 0 && strings.accepted(accept), ...boundsHints(field, strings)]);
  const offered = field.options.length > 0;
  const pickerId = offered ? `${id}-upload` : id;
  const status = h("ul", { class: "fg-uploads", id: `${id}-uploads`, lang: context.wordsLang });
  let picker: HTMLElement;
  if (uploads.canStore) {
    const input = h("input", {
      type: "file",
      class: "fg-upload-picker",
      id: pickerId,
      name: field.id,
      accept: accept.join(",") || undefined,
      multiple: field.multiple,
      webkitdirectory: directory,
      "aria-describedby": offered ? `${id}-uploads` : describedBy(field, id, hints, false, `${id}-uploads`),
    });
    input.addEventListener("change", () => uploads.pick(field.id, [...(input.files ?? [])]));
    picker = input;
  } else {
    picker = h("p", { class: "fg-note fg-upload-picker", id: pickerId, lang: context.wordsLang }, strings.noFileStore);
  }
  // An answer given before this page held its uploads (a form drawn answered) lists its files by name.
  const given = context.previous?.touched ? stringsOf(context.previous.answer) : [];
  const offeredUris = new Set(field.options.map((option) => option.uri));
  const earlier = given.filter((uri) => !offeredUris.has(uri)).map((uri) => h("li", {}, fileName(uri)));
  const showUploads = () =>
    status.replaceChildren(
      ...(uploads.of(field.id).length === 0 ? earlier : []),
      ...uploads
        .of(field.id)
        .map((upload) =>
          h(
            "li",
            { class: upload.state === "failed" ? "fg-upload-failed" : undefined },
            upload.state === "storing"
              ? strings.fileStoring(upload.name)
              : upload.state === "stored"
                ? strings.fileStored(upload.name)
                : strings.fileFailed(upload.name),
          ),
        ),
    );
  uploads.watch(field.id, showUploads);
  showUploads();
  const stored = () => uploads.uris(field.id);
  if (!offered) {
    const question = single(field, context, picker, hints, () => answerOf(field.multiple, stored()), [status]);
    return { ...question, controls: () => [picker] };
  }
  // Offered resources beside the person's own files: a group of both.
  const start = startingValues(
    field,
    context,
    field.options.map((option) => option.uri),
  );
  const group = optionGroup(field, context, field.options.map(resourceOption(strings)), start.picked);
  const error = errorSlot(context);
  const element = h(
    "fieldset",
    {
      class: "fg-question fg-file",
      "data-question": field.id,
      "aria-describedby": describedBy(field, id, hints),
    },
    h("legend", { class: "fg-label", dir: "auto" }, ...labelText(field, context)),
    ...notes(field, context, hints),
    error,
    group.element,
    h(
      "div",
      { class: "fg-upload" },
      uploads.canStore &&
        h(
          "label",
          { for: pickerId, class: "fg-upload-picker", lang: context.wordsLang },
          directory ? strings.addFolder : strings.addFiles,
        ),
      picker,
      status,
    ),
  );
  return {
    element,
    read: () => answerOf(field.multiple, [...group.picked(), ...stored()]),
    controls: () => [...group.inputs, picker],
    error,
  };
}

function stringsOf(answer: unknown): string[] {
  const values = Array.isArray(answer) ? answer : [answer];
  return values.filter((value): value is string => typeof value === "string");
}

/** The name a file URI ends with, as the person picked it. */
function fileName(uri: string): string {
  const last = uri.slice(uri.lastIndexOf("/") + 1);
  try {
    return decodeURIComponent(last) || uri;
  } catch {
    return last || uri;
  }
}

/**
 * The typed answer's box, among the controls a problem marks invalid, only when something is typed in it or there
 * are no options: a required choice left empty is the group's problem, not its "Other answer" box's.
 */
function typedControl(custom: CustomInput | undefined, options: number): HTMLInputElement[] {
  return custom !== undefined && (custom.input.value !== "" || options === 0) ? [custom.input] : [];
}

/** A list answer for a multiple question, one value for a single one; undefined when nothing is given. */
function answerOf(multiple: boolean, values: string[]): unknown {
  if (values.length === 0) return undefined;
  // Two values for a single question go on as a list: formgate's check says what is wrong.
  return multiple || values.length > 1 ? values : values[0];
}

function boundsHints(field: ChoiceField | ResourceField | FileField, strings: RenderStrings): string[] {
  if (!field.multiple) return [];
  return present([
    field.minItems !== undefined && field.minItems > 0 && strings.atLeastItems(field.minItems),
    field.maxItems !== undefined && strings.atMostItems(field.maxItems),
  ]);
}

/** A control that always holds a value answers only once the person changed it, unless it starts answered. */
function setOnce(control: HTMLInputElement | HTMLTextAreaElement, startsAnswered: boolean): () => boolean {
  let answered = startsAnswered;
  const set = () => void (answered = true);
  control.addEventListener("input", set);
  control.addEventListener("change", set);
  return () => answered;
}

/**
 * The question's label (its id when it has none) and a required mark that is not part of its name (`aria-required` says
 * it).
 */
function labelText(field: Field, context: QuestionContext): Child[] {
  const chip = askUserQuestionHeader(field);
  return [
    // Out of the question's name, which stays its text: the form's heading says the headers.
    chip !== undefined && chip !== "" && h("span", { class: "fg-chip", dir: "auto", "aria-hidden": "true" }, chip),
    field.label ?? field.id,
    field.required &&
      h(
        "span",
        { class: "fg-required", "aria-hidden": "true", title: context.strings.required, lang: context.wordsLang },
        " *",
      ),
  ];
}

function notes(field: Field, context: QuestionContext, hints: string[]): HTMLElement[] {
  const { id } = context;
  return [
    ...(field.description !== undefined
      ? [h("p", { class: "fg-description", id: `${id}-description`, dir: "auto" }, field.description)]
      : []),
    ...(hints.length > 0
      ? [h("p", { class: "fg-hint", id: `${id}-hint`, lang: context.wordsLang }, context.strings.hints(hints))]
      : []),
  ];
}

function describedBy(field: Field, id: string, hints: string[], counted = false, extra?: string): string {
  return present([
    field.description !== undefined && `${id}-description`,
    hints.length > 0 && `${id}-hint`,
    counted && `${id}-count`,
    extra,
    `${id}-error`,
  ]).join(" ");
}

function errorSlot(context: QuestionContext): HTMLElement {
  return h("p", { class: "fg-error", id: `${context.id}-error`, hidden: true });
}

function image(source: Image, role: "thumbnail" | "icon" | "reference"): HTMLImageElement {
  const attributes: Attributes = {
    class: `fg-${role}`,
    src: source.src,
    alt: "",
    loading: "lazy",
    referrerpolicy: "no-referrer",
    decoding: "async",
  };
  const img = h("img", attributes);
  // An image that does not load leaves its place empty rather than a broken-image sign.
  img.addEventListener("error", () => img.replaceWith(h("span", { class: `fg-${role} fg-missing` })), { once: true });
  return img;
}

function present(items: (string | false | undefined | 0)[]): string[] {
  return items.filter((item): item is string => typeof item === "string");
}
