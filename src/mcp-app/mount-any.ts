import type { App } from "@modelcontextprotocol/ext-apps";
import { readForm } from "../gateway/translate.js";
import type { FormModel, PartialForm } from "../model/types.js";
import { dataProtocol } from "../protocols/data/index.js";
import { type FormApp, type FormAppOptions, mountWith } from "./mount.js";
import { dataPreview } from "./preview.js";

/**
 * Shows the form of the tool call's input (any protocol formgate reads; a preview while it
 * streams) in `element`, and returns the person's answer through the server's submit tool, or as
 * their message where the host cannot call server tools. Call before `app.connect(transport)`,
 * so the tool input is not missed.
 */
export function mountFormApp(app: App, element: HTMLElement, options: FormAppOptions = {}): FormApp {
  return mountWith(app, element, { form: readAny, preview: previewAny }, options);
}

function readAny(input: unknown): FormModel | undefined {
  const read = readForm(input);
  return read.ok ? read.value.form : undefined;
}

/**
 * A streaming input as far as it has arrived: a Data input's whole questions (as formgate/ai-sdk
 * shows one); any other form once it reads, without its last question, which may still be arriving.
 */
function previewAny(input: unknown): PartialForm | undefined {
  if (dataProtocol.detect(input) > 0) return dataPreview(input);
  const read = readAny(input);
  if (read === undefined) return undefined;
  const { id, title, description, submitLabel, lang, fields } = read;
  return { kind: "partial", id: id ?? "", title, description, submitLabel, lang, fields: fields.slice(0, -1) };
}
