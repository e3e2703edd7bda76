import type { App } from "@modelcontextprotocol/ext-apps";
import { readForm } from "../gateway/translate.js";
import { type FormApp, type FormAppOptions, mountWith } from "./mount.js";

/**
 * Shows the form of the tool call's input (any protocol formgate reads; a preview while it
 * streams) in `element`, and returns the person's answer through the server's submit tool, or as
 * their message where the host cannot call server tools. Call before `app.connect(transport)`,
 * so the tool input is not missed.
 */
export function mountFormApp(app: App, element: HTMLElement, options: FormAppOptions = {}): FormApp {
  return mountWith(
    app,
    element,
    (input) => {
      const read = readForm(input);
      return read.ok ? read.value.form : undefined;
    },
    options,
  );
}
