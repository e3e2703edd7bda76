const SCALAR = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)$/;

/**
 * A JSON text cut anywhere, closed into valid JSON: what has arrived of it, as far as it can
 * be read. An unterminated string value is closed where it stops (a key is dropped, with its
 * member); a number or literal is kept when complete; containers are closed. Undefined when
 * nothing of it can be read.
 */
export function closeJsonPrefix(text: string): string | undefined {
  const closers: string[] = [];
  let expectKey = false; // in an object, before a member's name
  let inString = false;
  let escaped = false;
  let stringIsKey = false;
  let token = -1; // start of a number or literal being read
  let safe = -1; // the longest prefix that, closed, is valid
  let safeClosers = "";
  const mark = (at: number): void => {
    safe = at;
    safeClosers = closers.slice().reverse().join("");
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (inString) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') {
        inString = false;
        if (!stringIsKey) mark(i + 1);
      }
      continue;
    }
    if (token >= 0) {
      if (/[\w.+-]/.test(c)) continue;
      if (!SCALAR.test(text.slice(token, i))) break;
      token = -1;
      mark(i);
    }
    if (c === '"') {
      inString = true;
      stringIsKey = expectKey && closers[closers.length - 1] === "}";
      expectKey = false;
    } else if (c === "{" || c === "[") {
      closers.push(c === "{" ? "}" : "]");
      expectKey = c === "{";
      mark(i + 1);
    } else if (c === "}" || c === "]") {
      closers.pop();
      expectKey = false;
      mark(i + 1);
    } else if (c === ",") expectKey = closers[closers.length - 1] === "}";
    else if (c === ":") expectKey = false;
    else if (/[-0-9tfn]/.test(c)) token = i;
  }
  const end = closers.slice().reverse().join("");
  const candidates: string[] = [];
  if (inString && !stringIsKey)
    candidates.push(`${text.slice(0, escaped ? -1 : text.length).replace(/\\u[0-9a-fA-F]{0,3}$/, "")}"${end}`);
  else if (!inString && token >= 0 && SCALAR.test(text.slice(token))) candidates.push(text + end);
  if (safe >= 0) candidates.push(text.slice(0, safe) + safeClosers);
  for (const candidate of candidates) {
    try {
      JSON.parse(candidate);
      return candidate;
    } catch {
      // the next, shorter reading
    }
  }
  return undefined;
}
