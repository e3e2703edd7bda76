import { existsSync, readFileSync } from "node:fs";

/** Where build.mjs writes the app: one self-contained document. */
const APP_FILE = "dist/mcp-app/form.html";

let cached: string | undefined;

/**
 * The app's HTML, read once from the package's dist/ (the server runs from dist/node/ when
 * installed, from src/ in the repository: both find the package root above them).
 */
export function formAppHtml(): string {
  if (cached !== undefined) return cached;
  for (let dir = new URL("./", import.meta.url); ; dir = new URL("../", dir)) {
    const candidate = new URL(APP_FILE, dir);
    if (existsSync(candidate)) {
      cached = readFileSync(candidate, "utf8");
      return cached;
    }
    if (dir.pathname === "/") throw new Error(`formgate's app is not built: ${APP_FILE} is missing (npm run build)`);
  }
}
