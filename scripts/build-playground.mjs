// Builds the playground's static page (index.html, style.css, form.css, app.js) into a folder that can be
// served by `formgate playground` or published as files. Run alone: node scripts/build-playground.mjs OUTDIR
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const page = join(root, "src/playground/page");

/** The bundled examples: the manifest's entries with their text, as the page imports them. */
const examplesPlugin = {
  name: "playground-examples",
  setup(build) {
    build.onResolve({ filter: /^playground:examples$/ }, () => ({ path: "examples", namespace: "playground" }));
    build.onLoad({ filter: /.*/, namespace: "playground" }, () => {
      const manifest = JSON.parse(readFileSync(join(root, "src/playground/examples.json"), "utf8"));
      const examples = manifest.map(({ title, file }) => ({ title, text: readFileSync(join(root, file), "utf8") }));
      return {
        contents: `export const examples = ${JSON.stringify(examples)};`,
        loader: "js",
        watchFiles: manifest.map(({ file }) => join(root, file)),
      };
    });
  },
};

/** Builds the page into `outdir` (created when missing). */
export async function buildPlayground(outdir) {
  mkdirSync(outdir, { recursive: true });
  await build({
    entryPoints: [join(page, "app.ts")],
    outfile: join(outdir, "app.js"),
    bundle: true,
    platform: "browser",
    // A classic script, so the page also works opened from disk (file:// forbids module scripts).
    format: "iife",
    target: "es2022",
    // Small to serve and to publish; no source map, so the folder is only what the page needs.
    minify: true,
    sourcemap: false,
    logLevel: "warning",
    plugins: [examplesPlugin],
  });
  for (const file of ["index.html", "style.css"]) copyFileSync(join(page, file), join(outdir, file));
  // The preview's look: formgate/dom's default stylesheet, as a host ships it.
  copyFileSync(join(root, "src/dom/style.css"), join(outdir, "form.css"));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outdir = process.argv[2];
  if (outdir === undefined) {
    console.error("usage: node scripts/build-playground.mjs OUTDIR");
    process.exit(2);
  }
  await buildPlayground(outdir);
}
