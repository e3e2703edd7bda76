/** The questions answered by one typed or set value: text, a number (or a slider), a switch. */
import type { Field, NumberField, TextField } from "../model/index.js";
import { codePointLength } from "../text/text-length.js";
import { type Child, h } from "./h.js";
import { describedBy, inputType, present, setOnce, single, startOf } from "./question-parts.js";
import type { Built, QuestionContext } from "./questions.js";

/**
 * A text question's hints say only what a person can act on: no pattern (a regular expression is for developers;
 * the check's message names a mismatch), no minimum of 1 (what "required" says, and the non-blank rule formgate
 * adds itself), no hint naming the control's kind, and no maximum in words where the count shows it ("8 of 40").
 */
export function textQuestion(field: TextField, context: QuestionContext): Built {
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
  const extras: Child[] = counted ? [liveCount(control, field, context)] : [];
  const read = () => (answered() && control.value !== "" ? control.value : undefined);
  return single(field, context, control, hints, read, extras);
}

/** A live count, in code points as the answer check counts them; announced only when read. */
function liveCount(control: HTMLInputElement | HTMLTextAreaElement, field: TextField, context: QuestionContext) {
  const count = h("span", { class: "fg-count", id: `${context.id}-count`, lang: context.wordsLang });
  const show = () => void (count.textContent = context.strings.count(codePointLength(control.value), field.maxLength));
  control.addEventListener("input", show);
  show();
  return count;
}

export function numberQuestion(field: NumberField, context: QuestionContext): Built {
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
export function switchQuestion(field: Field & { kind: "boolean" }, context: QuestionContext): Built {
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
