/**
 * The playground page: a form's source, its problems, its preview and its answers, and the form
 * in every protocol of the registry. Everything runs here, with the library bundled in.
 */
import { examples } from "playground:examples";
// The package root, as a browser app imports it.
import {
  type Failure,
  type FormModel,
  type FormResponse,
  type FormSummary,
  type Issue,
  type Protocol,
  type ProtocolName,
  type Result,
  formatIssue,
  isProtocolName,
  protocolNames,
  protocols,
  readForm,
  translate,
  validate,
} from "../../index.js";
// The renderer, as a host's page imports it (formgate/dom): the preview is a host showing the form.
import { type FormView, renderForm } from "../../dom/index.js";
import { h } from "../../dom/h.js";
import { byId } from "./by-id.js";
import { type Source, readSource } from "./source.js";

const source = byId<HTMLTextAreaElement>("source");
const gutter = byId<HTMLPreElement>("gutter");
const exampleMenu = byId<HTMLSelectElement>("example");
const protocolMenu = byId<HTMLSelectElement>("protocol");
const formPicker = byId<HTMLSelectElement>("form-picker");
const problemsList = byId<HTMLUListElement>("problems");
const answersStatus = byId<HTMLParagraphElement>("answers-status");
const answersProtocols = byId<HTMLDivElement>("answers-protocols");

/** What the page shows besides the text: the protocol forced (if any) and the form picked in a message of several. */
const state: { as?: ProtocolName; formId?: string } = {};

examples.forEach((example, index) => exampleMenu.append(h("option", { value: index }, example.title)));
for (const name of protocolNames) protocolMenu.append(h("option", { value: name }, protocols[name].title));
const outputs = new Map(protocolNames.map((name) => [name, outputRegion(name)] as const));

source.addEventListener("input", update);
source.addEventListener("scroll", () => void (gutter.scrollTop = source.scrollTop));
exampleMenu.addEventListener("change", () => {
  const example = examples[Number(exampleMenu.value)];
  if (example === undefined) return;
  source.value = example.text;
  Object.assign(state, { as: undefined, formId: undefined });
  freshPreview();
  update();
});
protocolMenu.addEventListener("change", () => {
  state.as = isProtocolName(protocolMenu.value) ? protocolMenu.value : undefined;
  freshPreview();
  update();
});
formPicker.addEventListener("change", () => {
  state.formId = formPicker.value;
  freshPreview();
  update();
});
window.addEventListener("hashchange", () => {
  if (!readFragment()) return;
  freshPreview();
  update();
});

if (!readFragment()) source.value = examples[0]?.text ?? "";
update();

/** Reads the source, its problems and its form, and redraws everything from them. */
function update(): void {
  const text = source.value;
  protocolMenu.value = state.as ?? "";
  const example = examples.findIndex((candidate) => candidate.text === text);
  exampleMenu.value = example === -1 ? "" : String(example);
  gutter.textContent = Array.from({ length: text.split("\n").length }, (_, i) => i + 1).join("\n");
  const read = readSource(text, state.as);
  const found = readFormOf(read);
  byId("detected").textContent =
    found.protocol === undefined
      ? "none"
      : `${protocols[found.protocol].title}${state.as === undefined ? "" : " (forced)"}`;
  showFormPicker(found.forms, found.formId);
  showProblems(found.problems, read);
  // What `formgate translate --to <protocol>` gives: the reading's warnings and the writing's.
  const selection = {
    ...(found.protocol !== undefined && { from: found.protocol }),
    ...(found.formId !== undefined && { formId: found.formId }),
  };
  for (const [name, region] of outputs)
    region.show(found.form && translate(read.input, { ...selection, to: name }), name === found.protocol);
  showPreview(found.form);
  writeFragment(text);
}

function readFormOf(read: Source): {
  protocol?: ProtocolName;
  forms: FormSummary[];
  formId?: string;
  problems: Issue[];
  form?: FormModel;
} {
  if (read.syntaxError !== undefined) return { forms: [], problems: [read.syntaxError] };
  const report = validate(read.input, state.as === undefined ? {} : { as: state.as });
  const { protocol, forms, problems } = report;
  if (protocol === undefined || forms.length === 0)
    return { ...(protocol !== undefined && { protocol }), forms, problems };
  // In a message of several forms, the one picked (the first until one is).
  const formId =
    forms.length < 2 ? undefined : forms.some((form) => form.id === state.formId) ? state.formId : forms[0]?.id;
  const picked = readForm(read.input, { from: protocol, ...(formId !== undefined && { formId }) });
  // validate has already listed what reading the form reports.
  const found = { protocol, forms, ...(formId !== undefined && { formId }) };
  return picked.ok
    ? { ...found, problems, form: picked.value.form }
    : { ...found, problems: [...problems, ...picked.error.issues] };
}

/** The Form menu, for a message of several forms, showing the one previewed. */
function showFormPicker(forms: FormSummary[], formId: string | undefined): void {
  byId("form-picker-label").hidden = formId === undefined;
  formPicker.replaceChildren(
    ...(formId === undefined
      ? []
      : forms.map((form) =>
          h("option", { value: form.id ?? "" }, form.title ? `${form.id} — ${form.title}` : (form.id ?? "")),
        )),
  );
  if (formId !== undefined) formPicker.value = formId;
}

/** Lists every problem; choosing one puts the cursor where it is in the source. */
function showProblems(problems: Issue[], read: Source): void {
  problemsList.replaceChildren(
    ...problems.map((issue) => {
      const button = h(
        "button",
        { type: "button", class: issue.severity },
        h("span", { class: "severity" }, issue.severity),
        ` ${formatIssue(issue)}`,
      );
      button.addEventListener("click", () => moveCursor(read.offsetOf(issue)));
      return h("li", {}, button);
    }),
  );
  if (problems.length === 0) problemsList.append(h("li", { class: "empty" }, "No problems."));
}

function moveCursor(offset: number): void {
  source.focus();
  source.setSelectionRange(offset, offset);
  const line = source.value.slice(0, offset).split("\n").length;
  const lineHeight = parseFloat(getComputedStyle(source).lineHeight) || 18;
  source.scrollTop = Math.max(0, (line - 3) * lineHeight);
}

/** One protocol's output: the form written in it, what the writing lost, and a copy button. */
function outputRegion(name: ProtocolName) {
  const title = protocols[name].title;
  const code = h("pre", { tabindex: 0 });
  const warnings = h("ul", { role: "list", "aria-label": `${title} warnings`, class: "warnings" });
  const copied = h("span", { role: "status", class: "copied" });
  const copy = h("button", { type: "button" }, "Copy");
  copy.addEventListener(
    "click",
    () =>
      void copyText(code.textContent ?? "").then(
        (done) => void (copied.textContent = done ? "Copied." : "Select the text and copy it."),
      ),
  );
  const note = h("p", { class: "note" });
  byId("outputs").append(
    h("section", { "aria-label": title, class: "output" }, h("h3", {}, title, " ", copy, copied), note, code, warnings),
  );
  return {
    show(result: Result<unknown> | undefined, isSource: boolean): void {
      copied.textContent = "";
      note.textContent = isSource ? "The source's own protocol, as formgate writes it back." : "";
      code.textContent =
        result === undefined ? "" : result.ok ? display(result.value) : `${result.error.code}: ${result.error.message}`;
      warnings.replaceChildren(
        ...(result === undefined ? [] : result.ok ? result.warnings : result.error.issues).map(issueItem),
      );
      copy.disabled = result === undefined || !result.ok;
    },
  };
}

function issueItem(issue: Issue): HTMLLIElement {
  return h("li", { class: issue.severity }, formatIssue(issue));
}

function display(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Where a file picked in the preview is said to be stored: the playground plays the host that stored the upload. */
const UPLOADS = "file:///uploads/";

/** The preview's view: updated while the source is edited, so what was typed stays; drawn anew for another form. */
let preview: FormView | undefined;

function freshPreview(): void {
  preview?.destroy();
  preview = undefined;
}

function showPreview(form: FormModel | undefined): void {
  clearAnswers();
  const pane = byId("preview");
  if (form === undefined) {
    freshPreview();
    return void pane.replaceChildren(h("p", { class: "empty" }, "No form to show."));
  }
  // Another form (another id) is drawn anew; the same form edited keeps what was typed.
  if (shownForm?.id !== form.id) freshPreview();
  shownForm = form;
  if (preview !== undefined) return preview.update(form);
  pane.replaceChildren();
  const view = renderForm(pane, form, {
    onResponse: showAnswers,
    // A folder is stored as one upload, named by the folder.
    files: (file) => `${UPLOADS}${encodeURIComponent(file.webkitRelativePath.split("/")[0] || file.name)}`,
  });
  // Submit with problems: the renderer shows them next to the controls; the answers pane says nothing was sent.
  view.element.addEventListener("submit", () => {
    const checked = view.response();
    if (!checked.ok) showNotSent(checked.error);
  });
  preview = view;
}

/** The form the preview shows now. */
let shownForm: FormModel | undefined;

/** Shows what each protocol carries for what the person did. */
function showAnswers(response: FormResponse): void {
  const form = shownForm as FormModel;
  const count = response.action === "accept" ? Object.keys(response.answers).length : 0;
  answersStatus.textContent =
    response.action === "decline"
      ? "Declined: no answers are sent."
      : response.action === "cancel"
        ? "Cancelled: no answers are sent."
        : `Submitted: ${count} answer${count === 1 ? "" : "s"}.`;
  answersStatus.className = "";
  answersProtocols.replaceChildren(...protocolNames.map((name) => answersRegion(name, response, form)));
}

/** Answers the check rejected: no protocol carries them, as each protocol's writer would say too. */
function showNotSent(error: Failure): void {
  const count = error.issues.length;
  answersStatus.textContent = `Not sent: ${count} problem${count === 1 ? "" : "s"} (shown next to the questions).`;
  answersStatus.className = "error";
  answersProtocols.replaceChildren(
    ...protocolNames.map((name) =>
      h(
        "section",
        { "aria-label": `${protocols[name].title} answers`, class: "output" },
        h("h3", {}, protocols[name].title),
        h("pre", { tabindex: 0 }, `${error.code}: ${error.message}`),
      ),
    ),
  );
}

function answersRegion(name: ProtocolName, response: FormResponse, form: FormModel): HTMLElement {
  const title = protocols[name].title;
  const written = (protocols[name] as Protocol).writeAnswers(response, form);
  const section = h("section", { "aria-label": `${title} answers`, class: "output" }, h("h3", {}, title));
  section.append(
    h("pre", { tabindex: 0 }, written.ok ? display(written.value) : `${written.error.code}: ${written.error.message}`),
  );
  const issues = written.ok ? written.warnings : written.error.issues;
  if (issues.length > 0) section.append(h("ul", { role: "list", class: "warnings" }, ...issues.map(issueItem)));
  return section;
}

function clearAnswers(): void {
  answersStatus.textContent = "Fill in the preview and press Submit, Decline or Cancel.";
  answersStatus.className = "empty";
  answersProtocols.replaceChildren();
}

/** The fragment holds the source (and the forced protocol and picked form), so a link reproduces the page. */
function writeFragment(text: string): void {
  const params = new URLSearchParams({ source: text });
  if (state.as !== undefined) params.set("as", state.as);
  if (state.formId !== undefined) params.set("form", state.formId);
  const hash = `#${params}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
  byId<HTMLAnchorElement>("share").href = hash;
}

/** Reads a fragment written by writeFragment; false when it holds no source. */
function readFragment(): boolean {
  const params = new URLSearchParams(location.hash.slice(1));
  const text = params.get("source");
  if (text === null) return false;
  if (text === source.value && (params.get("as") ?? undefined) === state.as) return false;
  source.value = text;
  const as = params.get("as");
  state.as = as !== null && isProtocolName(as) ? as : undefined;
  state.formId = params.get("form") ?? undefined;
  return true;
}
