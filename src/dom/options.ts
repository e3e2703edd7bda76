/** The options of a choice, a resource or a file question, drawn as a group of radios or checkboxes. */
import type {
  ChoiceField,
  ChoiceOption,
  DirectionCard,
  FileField,
  Image,
  Resource,
  ResourceField,
} from "../model/index.js";
import { type Attributes, h } from "./h.js";
import { present, startOf } from "./question-parts.js";
import type { QuestionContext } from "./questions.js";
import type { RenderStrings } from "./strings.js";

/** One option as the renderer shows it, whatever kind of question offers it. */
export interface ShownOption {
  value: string;
  label: string;
  description: string | undefined;
  details: string[];
  thumbnail: Image | undefined;
  icons: Image[];
  card?: DirectionCard | undefined;
}

export function choiceOption({
  value,
  label = value,
  description,
  thumbnail,
  icons = [],
  card,
}: ChoiceOption): ShownOption {
  return { value, label, description, details: [], thumbnail, icons, card };
}

export function resourceOption(strings: RenderStrings) {
  return ({ uri, name, title = name, description, mimeType, size, thumbnail, icons = [] }: Resource): ShownOption => ({
    value: uri,
    label: title,
    description,
    details: present([mimeType, size !== undefined && strings.bytes(size)]),
    thumbnail,
    icons,
  });
}

/** Splits a starting answer into the values among the options and the one typed. */
export function startingValues(
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

/** The options' radios (one answer) or checkboxes (several), with a Clear button for radios. */
export function optionGroup(
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
  const clear = !field.multiple && options.length > 0 ? clearButton(inputs, context) : undefined;
  if (clear !== undefined) element.append(clear);
  return { element, inputs, clear, picked: () => inputs.filter((input) => input.checked).map((input) => input.value) };
}

/**
 * A radio cannot be unchecked by a click: this puts the question back to unanswered. Shown only while an option is
 * chosen: there is nothing to clear before.
 */
function clearButton(inputs: HTMLInputElement[], context: QuestionContext): HTMLButtonElement {
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
  return button;
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
