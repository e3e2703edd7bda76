/**
 * The preview: a model form as a person sees it, built from real, labelled form controls, and
 * the answers those controls hold. The controls do not validate (the form is `novalidate`):
 * formgate's answer check does, and its problems are shown next to the controls.
 */
import type {
  ChoiceField,
  DirectionCard,
  Field,
  FileField,
  FormModel,
  Image,
  Issue,
  NumberField,
  Resource,
  ResourceField,
  TextField,
  TextFormat,
} from "../../model/index.js";
import { h } from "./dom.js";

/** The preview of one form. */
export interface Preview {
  /** The `<form>`, named by the form's title. */
  element: HTMLFormElement;
  /** What the controls hold now, one entry per answered field, exactly as the controls give it. */
  answers(): Record<string, unknown>;
  /** Shows each problem next to the field it is about; returns those about no field. */
  showProblems(issues: readonly Issue[]): Issue[];
}

/** What the person did with the form. */
export type PreviewAction = "accept" | "decline" | "cancel";

/** One rendered question: its element, its answer, and where its problems go. */
interface Question {
  element: HTMLElement;
  /** The answer the controls hold, or undefined when the question is unanswered. */
  read(): unknown;
  /** The controls marked invalid when the question has a problem. */
  controls: HTMLElement[];
  error: HTMLElement;
}

/** Where a file picked in the preview is said to be stored: the playground plays the host that stored the upload. */
export const UPLOADS = "file:///uploads/";

export function renderPreview(form: FormModel, act: (action: PreviewAction) => void): Preview {
  const questions = new Map<string, Question>();
  const title = form.title || form.id || "Form";
  const element = h(
    "form",
    { "aria-label": title, novalidate: true, lang: form.lang },
    h("h3", {}, title),
    form.description && h("p", { class: "description" }, form.description),
  );
  form.fields.forEach((field, index) => {
    const question = renderQuestion(field, `q${index}`);
    questions.set(field.id, question);
    element.append(question.element);
  });
  const button = (action: PreviewAction, text: string) => {
    const b = h("button", { type: action === "accept" ? "submit" : "button", class: action }, text);
    if (action !== "accept") b.addEventListener("click", () => act(action));
    return b;
  };
  element.append(
    h(
      "div",
      { class: "actions" },
      button("accept", form.submitLabel || "Submit"),
      button("decline", "Decline"),
      button("cancel", "Cancel"),
    ),
  );
  element.addEventListener("submit", (event) => {
    event.preventDefault();
    act("accept");
  });

  return {
    element,
    answers() {
      const answers: Record<string, unknown> = {};
      for (const [id, question] of questions) {
        const value = question.read();
        if (value !== undefined) answers[id] = value;
      }
      return answers;
    },
    showProblems(issues) {
      const byField = new Map<Question, string[]>();
      const elsewhere: Issue[] = [];
      for (const issue of issues) {
        const question = typeof issue.path[0] === "string" ? questions.get(issue.path[0]) : undefined;
        if (question === undefined) elsewhere.push(issue);
        else byField.set(question, [...(byField.get(question) ?? []), issue.message]);
      }
      for (const question of questions.values()) {
        const messages = byField.get(question);
        question.error.hidden = messages === undefined;
        question.error.textContent = messages === undefined ? "" : `This answer ${messages.join("; ")}.`;
        for (const control of question.controls) {
          if (messages === undefined) control.removeAttribute("aria-invalid");
          else control.setAttribute("aria-invalid", "true");
        }
      }
      return elsewhere;
    },
  };
}

function renderQuestion(field: Field, id: string): Question {
  switch (field.kind) {
    case "text":
      return textQuestion(field, id);
    case "number":
      return numberQuestion(field, id);
    case "boolean": {
      const control = h("input", {
        type: "checkbox",
        role: "switch",
        id,
        checked: field.default === true,
        "aria-describedby": describedBy(field, id, []),
      });
      return single(field, id, control, [], () => control.checked);
    }
    case "choice":
      return field.display === "select"
        ? selectQuestion(field, id)
        : groupQuestion(
            field,
            id,
            field.options.map(choiceOption),
            field.custom === undefined ? undefined : customInput(field, id),
          );
    case "resource":
      return groupQuestion(field, id, field.options.map(resourceOption));
    case "file":
      return fileQuestion(field, id);
  }
}

const INPUT_TYPES: Record<TextFormat, string> = {
  email: "email",
  uri: "url",
  date: "date",
  time: "time",
  "date-time": "datetime-local",
  color: "color",
  tel: "tel",
};
const FORMAT_NAMES: Record<TextFormat, string> = {
  email: "An e-mail address",
  uri: "A URL",
  date: "A date",
  time: "A time",
  "date-time": "A date and time",
  color: "A colour",
  tel: "A phone number",
};

function textQuestion(field: TextField, id: string): Question {
  const hints = [
    field.format && FORMAT_NAMES[field.format],
    field.minLength !== undefined && `at least ${characters(field.minLength)}`,
    field.maxLength !== undefined && `at most ${characters(field.maxLength)}`,
    field.pattern !== undefined && `matching /${field.pattern}/`,
  ].filter((hint): hint is string => typeof hint === "string");
  const attributes = {
    id,
    placeholder: field.placeholder,
    "aria-required": field.required,
    "aria-describedby": describedBy(field, id, hints),
  };
  if (field.multiline) {
    const control = h("textarea", { ...attributes, rows: 4 });
    control.value = field.default ?? "";
    return single(field, id, control, hints, () => control.value || undefined);
  }
  const control = h("input", { ...attributes, type: field.format === undefined ? "text" : INPUT_TYPES[field.format] });
  control.value = field.default ?? "";
  // A colour input always holds a colour: it answers only once the person picks one (or starts with a default).
  const answered = untouched(control, field.format !== "color" || field.default !== undefined);
  return single(field, id, control, hints, () => (answered() && control.value !== "" ? control.value : undefined));
}

function numberQuestion(field: NumberField, id: string): Question {
  const hints = [
    field.integer && "A whole number",
    field.minimum !== undefined && `from ${field.minimum}`,
    field.maximum !== undefined && `up to ${field.maximum}`,
    field.step !== undefined && `in steps of ${field.step}`,
  ].filter((hint): hint is string => typeof hint === "string");
  const attributes = {
    id,
    type: field.slider ? "range" : "number",
    min: field.minimum,
    max: field.maximum,
    step: field.step ?? (field.integer ? 1 : "any"),
    placeholder: field.slider ? undefined : field.placeholder,
    "aria-required": field.required,
    "aria-describedby": describedBy(field, id, hints),
  };
  const control = h("input", attributes);
  if (field.default !== undefined) control.value = String(field.default);
  if (!field.slider) {
    // What cannot be read as a number is passed on as NaN, so formgate's check names the problem.
    return single(field, id, control, hints, () =>
      control.value !== "" ? Number(control.value) : control.validity.badInput ? Number.NaN : undefined,
    );
  }
  // A slider always holds a value: it answers only once moved (or when it starts at a default).
  const answered = untouched(control, field.default !== undefined);
  const shown = h("output", { for: id }, answered() ? control.value : "not set");
  control.addEventListener("input", () => void (shown.textContent = control.value));
  const question = single(field, id, control, hints, () => (answered() ? Number(control.value) : undefined));
  control.after(shown);
  return question;
}

/** A question answered by one labelled control. */
function single(field: Field, id: string, control: HTMLElement, hints: string[], read: () => unknown): Question {
  const error = errorSlot(id);
  const element = h(
    "div",
    { class: `question ${field.kind}` },
    h("label", { for: id }, ...labelText(field)),
    control,
    ...notes(field, id, hints),
    error,
  );
  if (control.getAttribute("role") === "switch") element.classList.add("switch");
  return { element, read, controls: [control], error };
}

/** One option as the preview shows it, whatever kind of question offers it. */
interface ShownOption {
  value: string;
  label: string;
  description?: string;
  details: string[];
  thumbnail?: Image;
  icons: Image[];
  card?: DirectionCard;
}

function choiceOption(option: ChoiceField["options"][number]): ShownOption {
  const { value, label = value, description, thumbnail, icons = [], card } = option;
  return {
    value,
    label,
    details: [],
    icons,
    ...(description !== undefined && { description }),
    ...(thumbnail && { thumbnail }),
    ...(card && { card }),
  };
}

function resourceOption(resource: Resource): ShownOption {
  const { uri, name, title = name, description, mimeType, size, thumbnail, icons = [] } = resource;
  const details = [mimeType, size !== undefined ? `${size} bytes` : undefined].filter(
    (detail): detail is string => detail !== undefined,
  );
  return {
    value: uri,
    label: title,
    details,
    icons,
    ...(description !== undefined && { description }),
    ...(thumbnail && { thumbnail }),
  };
}

/** A typed answer beside a choice's options. */
interface CustomInput {
  element: HTMLElement;
  input: HTMLInputElement;
}

function customInput(field: ChoiceField, id: string): CustomInput {
  const custom = field.custom ?? {};
  const input = h("input", {
    type: custom.format === undefined ? "text" : INPUT_TYPES[custom.format],
    id: `${id}-custom`,
    placeholder: custom.placeholder,
  });
  return {
    input,
    element: h("div", { class: "custom" }, h("label", { for: `${id}-custom` }, custom.label || "Other answer"), input),
  };
}

/** A group of radios (one answer) or checkboxes (several): choices, resources, offered files. */
function groupQuestion(
  field: ChoiceField | ResourceField,
  id: string,
  options: ShownOption[],
  custom?: CustomInput,
): Question {
  const hints = boundsHints(field);
  const group = optionGroup(field, id, options);
  const error = errorSlot(id);
  // Host-catalog direction cards: the host draws its own style catalog, which the playground does not have.
  const catalog =
    field.kind === "choice" &&
    field.catalog === "host" &&
    field.options.length === 0 &&
    h("p", { class: "note" }, "The host shows its own catalog of directions here; the playground has none.");
  const element = h(
    "fieldset",
    {
      class: `question ${field.kind}${field.kind === "choice" && field.display === "cards" ? " cards" : ""}`,
      "aria-describedby": describedBy(field, id, hints),
    },
    h("legend", {}, ...labelText(field)),
    ...notes(field, id, hints),
    catalog,
    group.element,
    custom?.element,
    error,
  );
  if (custom !== undefined && !field.multiple) {
    // One answer: typing one clears the picked option, picking an option clears the typed one.
    custom.input.addEventListener("input", () => group.inputs.forEach((input) => void (input.checked = false)));
    group.inputs.forEach((input) => input.addEventListener("change", () => void (custom.input.value = "")));
  }
  const read = () => {
    const picked = group.picked();
    const typed = custom?.input.value ? [custom.input.value] : [];
    return answerOf(field.multiple, [...picked, ...typed]);
  };
  return { element, read, controls: [element], error };
}

function optionGroup(field: ChoiceField | ResourceField | FileField, id: string, options: ShownOption[]) {
  const preset = new Set(startingValues(field));
  const inputs = options.map((option, i) => {
    const labelId = `${id}-o${i}`;
    return h("input", {
      type: field.multiple ? "checkbox" : "radio",
      name: id,
      value: option.value,
      checked: preset.has(option.value),
      "aria-labelledby": labelId,
      "aria-describedby": option.description === undefined ? undefined : `${labelId}-d`,
    });
  });
  const list = h(
    "div",
    { class: "options" },
    ...options.map((option, i) => renderOption(option, inputs[i] as HTMLInputElement, `${id}-o${i}`)),
  );
  const element = h("div", {}, list);
  if (!field.multiple) {
    // A radio cannot be unchecked by a click: this puts the question back to unanswered.
    const clear = h("button", { type: "button", class: "clear" }, "Clear choice");
    clear.addEventListener("click", () => inputs.forEach((input) => void (input.checked = false)));
    element.append(clear);
  }
  return { element, inputs, picked: () => inputs.filter((input) => input.checked).map((input) => input.value) };
}

function renderOption(option: ShownOption, input: HTMLInputElement, labelId: string): HTMLElement {
  const { card } = option;
  return h(
    "label",
    { class: "option" },
    input,
    option.thumbnail && image(option.thumbnail, "thumbnail"),
    h(
      "span",
      { class: "option-body" },
      h("span", { class: "option-label", id: labelId }, option.label),
      option.description !== undefined &&
        h("span", { class: "option-description", id: `${labelId}-d` }, option.description),
      option.details.length > 0 && h("span", { class: "option-details" }, option.details.join(" · ")),
      option.icons.length > 0 && h("span", { class: "icons" }, ...option.icons.map((icon) => image(icon, "icon"))),
      card && renderCard(card),
    ),
  );
}

/** A direction card: its mood, references, palette swatches and fonts. */
function renderCard(card: DirectionCard): HTMLElement {
  const element = h("span", { class: "card" }, card.mood && h("span", { class: "mood" }, card.mood));
  if (card.palette && card.palette.length > 0) {
    const swatches = card.palette.map((colour) => {
      const swatch = h("span", { class: "swatch", title: colour });
      swatch.style.background = colour;
      return swatch;
    });
    element.append(
      h("span", { class: "palette", role: "img", "aria-label": `Palette: ${card.palette.join(", ")}` }, ...swatches),
    );
  }
  for (const [font, name] of [
    [card.displayFont, "Display"],
    [card.bodyFont, "Body"],
  ] as const) {
    if (font === undefined) continue;
    const sample = h("span", { class: "font" }, `${name}: ${font}`);
    sample.style.fontFamily = font;
    element.append(sample);
  }
  if (card.references && card.references.length > 0) {
    const items = card.references.map((reference) =>
      h("li", {}, /^(https:|data:image\/)/.test(reference) ? image({ src: reference }, "reference") : reference),
    );
    element.append(h("span", { class: "references" }, "References:", h("ul", {}, ...items)));
  }
  return element;
}

function selectQuestion(field: ChoiceField, id: string): Question {
  const hints = boundsHints(field);
  const preset = new Set(startingValues(field));
  const control = h(
    "select",
    {
      id,
      multiple: field.multiple,
      "aria-required": field.required,
      "aria-describedby": describedBy(field, id, hints),
    },
    !field.multiple && h("option", { value: "" }, field.placeholder ?? "Choose…"),
    ...field.options.map((option) =>
      h("option", { value: option.value, selected: preset.has(option.value) }, option.label ?? option.value),
    ),
  );
  const custom = field.custom === undefined ? undefined : customInput(field, id);
  const question = single(field, id, control, hints, () => {
    const picked = [...control.selectedOptions].map((option) => option.value).filter((value) => value !== "");
    const typed = custom?.input.value ? [custom.input.value] : [];
    return answerOf(field.multiple, [...(field.multiple || typed.length === 0 ? picked : []), ...typed]);
  });
  if (custom !== undefined) {
    control.after(custom.element);
    if (!field.multiple) control.addEventListener("change", () => void (custom.input.value = ""));
  }
  return question;
}

function fileQuestion(field: FileField, id: string): Question {
  const directory = field.pick.kind === "directory";
  const accept = field.pick.accept ?? [];
  const hints = [
    directory ? "A folder" : field.multiple ? "Files" : "A file",
    accept.length > 0 && `accepted: ${accept.join(", ")}`,
    ...boundsHints(field),
  ].filter((hint): hint is string => typeof hint === "string");
  const picker = h("input", {
    type: "file",
    accept: accept.join(",") || undefined,
    multiple: field.multiple,
    webkitdirectory: directory,
  });
  const uploads = () => {
    const files = [...(picker.files ?? [])];
    const names = directory
      ? [...new Set(files.map((file) => file.webkitRelativePath.split("/")[0] ?? file.name))]
      : files.map((file) => file.name);
    return names.map((name) => `${UPLOADS}${encodeURIComponent(name)}`);
  };
  if (field.options.length === 0) {
    picker.id = id;
    picker.setAttribute("aria-describedby", describedBy(field, id, hints) ?? "");
    return single(field, id, picker, hints, () => answerOf(field.multiple, uploads()));
  }
  // Offered resources beside the person's own files: a group of both.
  const group = optionGroup(field, id, field.options.map(resourceOption));
  picker.id = `${id}-upload`;
  const error = errorSlot(id);
  const element = h(
    "fieldset",
    { class: "question file", "aria-describedby": describedBy(field, id, hints) },
    h("legend", {}, ...labelText(field)),
    ...notes(field, id, hints),
    group.element,
    h(
      "div",
      { class: "upload" },
      h("label", { for: picker.id }, directory ? "Add a folder" : "Add from your machine"),
      picker,
    ),
    error,
  );
  return {
    element,
    read: () => answerOf(field.multiple, [...group.picked(), ...uploads()]),
    controls: [element],
    error,
  };
}

/** A list answer for a multiple question, one value for a single one; undefined when nothing is given. */
function answerOf(multiple: boolean, values: string[]): unknown {
  if (values.length === 0) return undefined;
  // Two values for a single question go on as a list: formgate's check says what is wrong.
  return multiple || values.length > 1 ? values : values[0];
}

/** What a choice, resource or file question starts with: its default, or every option when selection is implicit. */
function startingValues(field: ChoiceField | ResourceField | FileField): string[] {
  if (field.kind !== "choice" && field.selection === "implicit") return field.options.map((option) => option.uri);
  return field.default === undefined ? [] : Array.isArray(field.default) ? field.default : [field.default];
}

function boundsHints(field: ChoiceField | ResourceField | FileField): string[] {
  if (!field.multiple) return [];
  return [
    field.minItems !== undefined && field.minItems > 0 && `at least ${field.minItems}`,
    field.maxItems !== undefined && `at most ${field.maxItems}`,
  ].filter((hint): hint is string => typeof hint === "string");
}

/** A control that always holds a value answers only once the person changed it, unless it starts answered. */
function untouched(control: HTMLInputElement, startsAnswered: boolean): () => boolean {
  let answered = startsAnswered;
  control.addEventListener("input", () => void (answered = true));
  return () => answered;
}

/** The question's label (its id when it has none) and a required mark that is not part of its name. */
function labelText(field: Field): (string | Node)[] {
  return [
    field.label ?? field.id,
    field.required ? h("span", { class: "required", "aria-hidden": "true", title: "required" }, " *") : "",
  ];
}

function notes(field: Field, id: string, hints: string[]): HTMLElement[] {
  return [
    ...(field.description !== undefined
      ? [h("p", { class: "description", id: `${id}-description` }, field.description)]
      : []),
    ...(hints.length > 0 ? [h("p", { class: "hint", id: `${id}-hint` }, `${capitalised(hints.join(", "))}.`)] : []),
  ];
}

function describedBy(field: Field, id: string, hints: string[]): string | undefined {
  const ids = [
    field.description !== undefined && `${id}-description`,
    hints.length > 0 && `${id}-hint`,
    `${id}-error`,
  ].filter((ref): ref is string => typeof ref === "string");
  return ids.join(" ");
}

function errorSlot(id: string): HTMLElement {
  return h("p", { class: "error", id: `${id}-error`, hidden: true });
}

function image(source: Image, role: "thumbnail" | "icon" | "reference"): HTMLImageElement {
  const img = h("img", {
    class: role,
    src: source.src,
    alt: "",
    loading: "lazy",
    referrerpolicy: "no-referrer",
    decoding: "async",
  });
  // An image that does not load leaves its place empty rather than a broken-image sign.
  img.addEventListener("error", () => img.replaceWith(h("span", { class: `${role} missing` })), { once: true });
  return img;
}

function characters(count: number): string {
  return `${count} character${count === 1 ? "" : "s"}`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
