/** A file question: the person's own files, stored by the host as they are picked, and any resources it offers. */
import type { FileField } from "../model/index.js";
import { h } from "./h.js";
import { optionGroup, resourceOption, startingValues } from "./options.js";
import { answerOf, boundsHints, describedBy, fieldset, present, single } from "./question-parts.js";
import type { Built, QuestionContext } from "./questions.js";

export function fileQuestion(field: FileField, context: QuestionContext): Built {
  const { id, strings, uploads } = context;
  const accept = field.pick.accept ?? [];
  const hints = present([accept.length > 0 && strings.accepted(accept), ...boundsHints(field, strings)]);
  const offered = field.options.length > 0;
  const pickerId = offered ? `${id}-upload` : id;
  const picker = filePicker(field, context, hints, pickerId);
  const status = uploadList(field, context);
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
  const pickerLabel =
    uploads.canStore &&
    h(
      "label",
      { for: pickerId, class: "fg-upload-picker", lang: context.wordsLang },
      field.pick.kind === "directory" ? strings.addFolder : strings.addFiles,
    );
  const upload = h("div", { class: "fg-upload" }, pickerLabel, picker, status);
  const { element, error } = fieldset(field, context, hints, "fg-question fg-file", group.element, upload);
  return {
    element,
    read: () => answerOf(field.multiple, [...group.picked(), ...stored()]),
    controls: () => [...group.inputs, picker],
    error,
  };
}

/** The file input, or, without a file store, a note saying files cannot be picked. */
function filePicker(field: FileField, context: QuestionContext, hints: string[], pickerId: string): HTMLElement {
  const { id, strings, uploads } = context;
  if (!uploads.canStore)
    return h("p", { class: "fg-note fg-upload-picker", id: pickerId, lang: context.wordsLang }, strings.noFileStore);
  const offered = field.options.length > 0;
  const input = h("input", {
    type: "file",
    class: "fg-upload-picker",
    id: pickerId,
    name: field.id,
    accept: (field.pick.accept ?? []).join(",") || undefined,
    multiple: field.multiple,
    webkitdirectory: field.pick.kind === "directory",
    "aria-describedby": offered ? `${id}-uploads` : describedBy(field, id, hints, false, `${id}-uploads`),
  });
  input.addEventListener("change", () => uploads.pick(field.id, [...(input.files ?? [])]));
  return input;
}

/** The question's files and how their storing goes, kept up to date as the host stores them. */
function uploadList(field: FileField, context: QuestionContext): HTMLElement {
  const { strings, uploads } = context;
  const status = h("ul", { class: "fg-uploads", id: `${context.id}-uploads`, lang: context.wordsLang });
  // An answer given before this page held its uploads (a form drawn answered) lists its files by name.
  const given = context.previous?.touched ? stringsOf(context.previous.answer) : [];
  const offeredUris = new Set(field.options.map((option) => option.uri));
  const earlier = given.filter((uri) => !offeredUris.has(uri)).map((uri) => h("li", {}, fileName(uri)));
  const show = () =>
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
  uploads.watch(field.id, show);
  show();
  return status;
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
