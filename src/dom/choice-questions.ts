/** Choice and resource questions: a group of options (with a typed answer beside them) or a `<select>`. */
import type { ChoiceField, ResourceField } from "../model/index.js";
import { h } from "./h.js";
import { type ShownOption, choiceOption, optionGroup, startingValues } from "./options.js";
import { answerOf, boundsHints, describedBy, fieldset, inputType, single } from "./question-parts.js";
import type { Built, QuestionContext } from "./questions.js";

export function choiceQuestion(field: ChoiceField, context: QuestionContext): Built {
  if (field.display === "select") return selectQuestion(field, context);
  const custom = field.custom === undefined ? undefined : customInput(field, context);
  return groupQuestion(field, context, field.options.map(choiceOption), custom);
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

/** A group of radios (one answer) or checkboxes (several): choices, resources. */
export function groupQuestion(
  field: ChoiceField | ResourceField,
  context: QuestionContext,
  options: ShownOption[],
  custom?: CustomInput,
): Built {
  const start = startingValues(
    field,
    context,
    options.map((option) => option.value),
  );
  const group = optionGroup(field, context, options, start.picked);
  if (custom !== undefined) custom.input.value = start.typed;
  const catalog =
    field.kind === "choice" &&
    field.catalog === "host" &&
    field.options.length === 0 &&
    h("p", { class: "fg-note", lang: context.wordsLang }, context.strings.hostCatalog);
  const cards = field.kind === "choice" && field.display === "cards" ? " fg-cards" : "";
  const hints = boundsHints(field, context.strings);
  const { element, error } = fieldset(
    field,
    context,
    hints,
    `fg-question fg-${field.kind}${cards}`,
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

/**
 * The typed answer's box, among the controls a problem marks invalid, only when something is typed in it or there
 * are no options: a required choice left empty is the group's problem, not its "Other answer" box's.
 */
function typedControl(custom: CustomInput | undefined, options: number): HTMLInputElement[] {
  return custom !== undefined && (custom.input.value !== "" || options === 0) ? [custom.input] : [];
}
