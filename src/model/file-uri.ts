/**
 * An absolute URI: a scheme, then nothing a URI cannot hold (white space, control characters),
 * and one that URL parsers read. The identity of an offered resource in every protocol.
 */
export function isAbsoluteUri(uri: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:[^\s\u0000-\u001f\u007f]*$/.test(uri) && URL.canParse(uri);
}

/**
 * The rule for files a person adds from their own machine, from the native form spec:
 * a `file:` URI with an empty or `localhost` authority, an absolute path, and no user
 * name, password, query or fragment; and, formgate's addition, nothing that disguises the path
 * (dot segments, encoded separators or NUL, network shares, control characters).
 * Returns what is wrong, or undefined when it is fine.
 */
export function localFileUriProblem(uri: string): string | undefined {
  if (!/^file:/i.test(uri)) return "is not a file:// URI";
  if (!/^file:\/\//i.test(uri)) return "must be written file:///absolute/path (with an authority part)";
  // URL parsers drop or rewrite these (a `\` is read as `/`), so the file meant would be in doubt.
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(uri)) return "must not contain control characters or backslashes";
  const afterScheme = uri.slice("file://".length);
  const slash = afterScheme.indexOf("/");
  const authority = slash === -1 ? afterScheme : afterScheme.slice(0, slash);
  const path = slash === -1 ? "" : afterScheme.slice(slash);
  if (authority.includes("@")) return "must not carry a user name or password";
  if (authority !== "" && authority.toLowerCase() !== "localhost") {
    return `must have an empty or localhost authority, not "${authority}"`;
  }
  if (path === "") return "must have an absolute path";
  if (uri.includes("?")) return "must not have a query";
  if (uri.includes("#")) return "must not have a fragment";
  // A picker gives a plain absolute path: these only disguise which file is meant (docs/security.md).
  if (path.startsWith("//")) return "must not name a network share (a path starting with //)";
  if (/%(?:00|2f|5c)/i.test(path))
    return "must not contain an encoded NUL, / or \\ (%00, %2F, %5C), which no file name holds";
  if (/(?:^|\/)(?:\.|%2e){1,2}(?=\/|$)/i.test(path))
    return "must not contain . or .. segments, written plainly or percent-encoded";
  if (!URL.canParse(uri)) return "is not a well-formed URI";
  return undefined;
}

/**
 * The `file:` URI of an absolute path, POSIX (`/srv/a b.png`) or Windows (`C:\data\a.png`),
 * as Node's `pathToFileURL` writes it on that system, without `node:url`, so the library
 * runs in browsers: `%`, `\` (POSIX), tab, CR and LF are escaped first, the URL parser
 * escapes the rest.
 */
export function fileUrlFromPath(path: string): string {
  const windows = /^[A-Za-z]:\\/.test(path);
  const escaped = path.replace(
    windows ? /[%\t\n\r]/g : /[%\\\t\n\r]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
  );
  const url = new URL("file:///");
  url.pathname = windows ? `/${escaped.replaceAll("\\", "/")}` : escaped;
  return url.href;
}

/**
 * A file picker's `accept` token as the native form spec describes it: a filename extension
 * (`.csv`) or a MIME type (`text/csv`, `image/*`). Browsers also take bare words; the spec does not.
 */
export const ACCEPT_TOKEN =
  /^(?:\.[A-Za-z0-9][A-Za-z0-9_+.-]*|[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/(?:\*|[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*))$/;
export const ACCEPT_TOKEN_MESSAGE =
  "must be a filename extension such as .csv or a MIME type such as text/csv or image/*";
