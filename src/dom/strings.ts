import type { FormResponse, Issue } from "../model/index.js";

/**
 * Every word the renderer writes itself (the form's own text comes from the form). A host
 * that shows forms in another language passes its own, with `lang` naming their language.
 */
export interface RenderStrings {
  /** The submit button, when the form has no `submitLabel`. */
  submit: string;
  decline: string;
  cancel: string;
  /** The accessible name of the required mark (shown as `*`). */
  required: string;
  /** Beside a switch the person has not set yet (drawn neither on nor off). */
  notSet: string;
  /** Puts a single-choice question back to unanswered. */
  clearChoice: string;
  /** The empty entry of a single select. */
  choose: string;
  /** The label of a typed answer beside a choice's options, when the form names none. */
  otherAnswer: string;
  /** The file picker beside offered resources. */
  addFiles: string;
  addFolder: string;
  /** A file question when the host passed no `files` option: nothing can be picked from the machine. */
  noFileStore: string;
  /** A picked file while the host stores it, once stored, and when storing failed. */
  fileStoring: (name: string) => string;
  fileStored: (name: string) => string;
  fileFailed: (name: string) => string;
  /** Said while Submit waits for files still being stored. */
  waitingForFiles: string;
  /** The line under a form shown answered (`settle`): it was sent, declined or cancelled. */
  outcome: (action: FormResponse["action"]) => string;
  /** A form still arriving cannot be submitted yet. */
  stillArriving: string;
  /** A `catalog: "host"` direction question whose catalog the host has not filled. */
  hostCatalog: string;
  /** What a text control's count says: its characters, and its limit when it has one. */
  count: (characters: number, max?: number) => string;
  /** The hints under a label, joined into one sentence by `hints`. */
  atLeastCharacters: (count: number) => string;
  atMostCharacters: (count: number) => string;
  wholeNumber: string;
  from: (minimum: number) => string;
  upTo: (maximum: number) => string;
  inSteps: (step: number) => string;
  accepted: (accept: string[]) => string;
  atLeastItems: (count: number, item: "choice" | "file") => string;
  atMostItems: (count: number, item: "choice" | "file") => string;
  hints: (hints: string[]) => string;
  /** A resource's details: its size. */
  bytes: (size: number) => string;
  /** A direction card's palette, fonts and references. */
  palette: (colours: string[]) => string;
  displayFont: (font: string) => string;
  bodyFont: (font: string) => string;
  references: string;
  /**
   * The message beside a control: formgate's answer check's problems with it (each `issue.message` names the problem in
   * English; `issue.code` says which).
   */
  problem: (issues: Issue[]) => string;
  /** Read before each message beside a control, hidden from sight (the colour and the summary say it to the eye). */
  errorPrefix: string;
  /** The heading of the summary of problems at the top of a form whose Submit failed. */
  problemsHeading: string;
  /** A link of that summary: the question's label (its id when it has none) and its problems' message. */
  summaryLink: (question: string, problem: string) => string;
  /** The problems of the form as a whole (none about one question), shown above the buttons. */
  formProblem: (issues: Issue[]) => string;
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`;

/** The renderer's own words in English (`lang` "en"). */
export const ENGLISH: RenderStrings = {
  submit: "Submit",
  decline: "Decline",
  cancel: "Cancel",
  required: "required",
  notSet: "Not answered yet",
  clearChoice: "Clear choice",
  choose: "Choose…",
  otherAnswer: "Other answer",
  addFiles: "Add from your machine",
  addFolder: "Add a folder",
  noFileStore: "This page cannot take files from your machine.",
  fileStoring: (name) => `${name}: storing…`,
  fileStored: (name) => `${name}: stored.`,
  fileFailed: (name) => `${name} could not be stored; pick it again.`,
  waitingForFiles: "Waiting for the files to be stored…",
  outcome: (action) => (action === "accept" ? "Answers sent." : action === "decline" ? "Declined." : "Cancelled."),
  stillArriving: "The form is still arriving.",
  hostCatalog: "The host shows its own catalog of directions here.",
  count: (characters, max) => (max === undefined ? plural(characters, "character") : `${characters} of ${max}`),
  atLeastCharacters: (count) => `at least ${plural(count, "character")}`,
  atMostCharacters: (count) => `at most ${plural(count, "character")}`,
  wholeNumber: "A whole number",
  from: (minimum) => `from ${minimum}`,
  upTo: (maximum) => `up to ${maximum}`,
  inSteps: (step) => `in steps of ${step}`,
  accepted: (accept) => `accepted: ${accept.join(", ")}`,
  atLeastItems: (count, item) => `at least ${plural(count, item)}`,
  atMostItems: (count, item) => `at most ${plural(count, item)}`,
  hints: (hints) => {
    const sentence = hints.join(", ");
    return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
  },
  bytes: (size) => {
    if (size < 1000) return plural(size, "byte");
    const [value, unit] = size < 1e6 ? [size / 1e3, "KB"] : size < 1e9 ? [size / 1e6, "MB"] : [size / 1e9, "GB"];
    return `${Number(value.toPrecision(3))} ${unit}`;
  },
  palette: (colours) => `Palette: ${colours.join(", ")}`,
  displayFont: (font) => `Display: ${font}`,
  bodyFont: (font) => `Body: ${font}`,
  references: "References:",
  problem: (issues) => issues.map((issue) => issue.message).join(" "),
  errorPrefix: "Error:",
  problemsHeading: "There is a problem",
  summaryLink: (question, problem) => `${question}${/[?!.:…]$/.test(question) ? "" : ":"} ${problem}`,
  formProblem: (issues) => issues.map((issue) => issue.message).join(" "),
};
