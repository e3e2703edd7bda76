// formgate's own app (ui://formgate/form): the page build.mjs inlines into one HTML document.
import {
  App,
  applyDocumentTheme,
  applyHostFonts,
  applyHostStyleVariables,
  PostMessageTransport,
} from "@modelcontextprotocol/ext-apps";
import type { McpUiHostContext } from "@modelcontextprotocol/ext-apps";
import { dataProtocol } from "../../protocols/data/index.js";
import { mountWith } from "../mount.js";
import { dataPreview } from "../preview.js";

const app = new App({ name: "formgate form", version: "1" });

/** The host's theme, colours and fonts, where its context gives them. */
function follow(context: McpUiHostContext | undefined): void {
  if (context?.theme !== undefined) applyDocumentTheme(context.theme);
  if (context?.styles?.variables !== undefined) applyHostStyleVariables(context.styles.variables);
  if (context?.styles?.css?.fonts !== undefined) applyHostFonts(context.styles.css.fonts);
}

// formgate's server hands its app only Data tool input.
mountWith(app, document.querySelector("main") as HTMLElement, {
  form: (input) => {
    const read = dataProtocol.readForm(input);
    return read.ok ? read.value : undefined;
  },
  preview: dataPreview,
});
app.addEventListener("hostcontextchanged", (context) => follow(context));
await app.connect(new PostMessageTransport(window.parent, window.parent));
follow(app.getHostContext());
