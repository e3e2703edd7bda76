/**
 * The rule for files a person adds from their own machine, from the native form spec:
 * a `file:` URI with an empty or `localhost` authority, an absolute path, and no user
 * name, password, query or fragment. Returns what is wrong, or undefined when it is fine.
 */
export function localFileUriProblem(uri: string): string | undefined {
  if (!/^file:/i.test(uri)) return "is not a file:// URI";
  if (!/^file:\/\//i.test(uri)) return "must be written file:///absolute/path (with an authority part)";
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
  try {
    new URL(uri);
  } catch {
    return "is not a well-formed URI";
  }
  return undefined;
}
