/**
 * A browser stand-in for the one `node:url` function the `<question-form>` answer reader uses
 * (an absolute path typed in an answer becomes a file:// URI), until the package root is
 * browser-safe. Node's result for an absolute POSIX path; a Windows drive path as Node writes it on
 * Windows.
 */
export function pathToFileURL(path: string): URL {
  const url = new URL("file:///");
  const posix = path.replace(/\\/g, "/");
  url.pathname = (posix.startsWith("/") ? posix : `/${posix}`).replaceAll("%", "%25");
  return url;
}
