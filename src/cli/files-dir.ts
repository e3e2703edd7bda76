import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

/**
 * `--files-dir DIR`: a file named only by its name is the file of that name in DIR. A name
 * with a path separator, or `.`/`..`, is not a plain file name and is left unlocated
 * (an error), so an answer can never point outside DIR.
 */
export function fileLocator(dir: string): (name: string) => string | undefined {
  return (name) => {
    if (/[\\/\0]/.test(name) || name === "." || name === "..") return undefined;
    return pathToFileURL(resolve(dir, name)).href;
  };
}
