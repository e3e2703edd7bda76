/**
 * The Data contract's image rule (native-form-api.md, "Thumbnail sources and image
 * validation"): HTTPS URLs without credentials, or base64 data URIs of raster types.
 * Returns what is wrong with `src`, or undefined when it is acceptable.
 */
export function imageSourceProblem(src: string): string | undefined {
  if (src.startsWith("data:")) return dataUriProblem(src);
  // Most URLs: https, nothing to refuse, nothing that can carry a credential; one scan.
  if (PLAIN_HTTPS.test(src)) return URL.canParse(src) ? undefined : "is not a well-formed URL";
  if (!/^https:\/\//i.test(src))
    return "must be an https:// URL or a base64 data:image URI (no http:, file: or other schemes)";
  // WHATWG parsing drops tabs and line breaks and reads `\` as `/`; other parsers do not,
  // so such a URL could name one host here and another where it is fetched.
  if (/[\s\u0000-\u001f\u007f-\u009f\\]/.test(src))
    return "must not contain whitespace, control characters or backslashes (percent-encode them)";
  if (!mayCarryCredentials(src)) return URL.canParse(src) ? undefined : "is not a well-formed URL";
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return "is not a well-formed URL";
  }
  const signedScreenshotHost = url.search !== "" && SITES_SCREENSHOT_HOST.test(url.hostname);
  return credentialProblem(url, signedScreenshotHost);
}

/**
 * The spec's credential rule on a parsed URL: no user name or password, and no
 * credential-like parameter in the query or the fragment, except `sig` where `allowSig`
 * (the image-only exception for Sites' signed screenshots).
 */
export function credentialProblem(url: URL, allowSig = false): string | undefined {
  if (url.username !== "" || url.password !== "") return "must not contain a user name or password";
  for (const name of url.search === "" ? [] : new Set(url.searchParams.keys())) {
    if (!isCredentialLike(name)) continue;
    if (allowSig && name === "sig") continue;
    return `must not carry the credential-like query parameter ${JSON.stringify(name)}`;
  }
  // OAuth's implicit flow returns tokens in the fragment: the host would still store and show them.
  for (const name of url.hash === "" ? [] : new URLSearchParams(url.hash.slice(1)).keys()) {
    if (isCredentialLike(name))
      return `must not carry the credential-like parameter ${JSON.stringify(name)} in its fragment`;
  }
  return undefined;
}

/**
 * The credential rule on a resource's identity URI, which "does not receive the image-only
 * exception" (native-form-api.md): the rule applies, `sig` included. A URI that does not
 * parse is left to the absolute-URI check.
 */
export function resourceUriProblem(uri: string): string | undefined {
  if (!mayCarryCredentials(uri)) return undefined;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  return credentialProblem(url);
}

/**
 * A user name or password needs an `@`, a query a `?`, a fragment a `#`, written as such
 * (percent-encoded, they are data): a URL without any of them needs no URL object for the
 * credential rule. Most image and resource URLs are such.
 */
function mayCarryCredentials(url: string): boolean {
  return /[@?#]/.test(url);
}

/** https with none of the characters the checks below look for. */
const PLAIN_HTTPS = /^https:\/\/[^\s\u0000-\u001f\u007f-\u009f\\@?#]*$/i;

/** Sites returns expiring signed screenshot URLs on these hosts; only their `sig` is allowed. */
const SITES_SCREENSHOT_HOST = /^sdmntpr[a-z0-9]*\.oaiusercontent\.com$/i;

const RASTER_DATA_URI = /^data:image\/(?:png|jpeg|jpg|gif|webp|avif);base64,/;

function dataUriProblem(src: string): string | undefined {
  const header = RASTER_DATA_URI.exec(src);
  if (header === null) {
    return (
      "must be a base64 data URI of image/png, image/jpeg, image/jpg, image/gif, image/webp or image/avif " +
      "(SVG is not accepted)"
    );
  }
  if (!isPaddedBase64(src.slice(header[0].length))) return "has a base64 part that is empty or not valid base64";
  return undefined;
}

/**
 * True for non-empty base64 with its padding (`/^[A-Za-z0-9+/]*={0,2}$/`, a multiple of 4
 * long). Thumbnails run to hundreds of kilobytes, so the native decoder checks the
 * characters; it forgives whitespace, which would make its output shorter than the
 * length says, so the output length rules that out.
 */
function isPaddedBase64(payload: string): boolean {
  if (payload.length === 0 || payload.length % 4 !== 0) return false;
  const padding = payload.endsWith("==") ? 2 : payload.endsWith("=") ? 1 : 0;
  try {
    return atob(payload).length === (payload.length / 4) * 3 - padding;
  } catch {
    return false;
  }
}

/**
 * Parameter names (query or fragment) treated as credentials. Names are compared case-insensitively
 * with everything but letters and digits removed, so `X-Amz-Signature`, `access_token`,
 * `API-KEY` and `key%00` all match.
 * The list is documented in docs/data-tool.md.
 */
const CREDENTIAL_NAMES = new Set([
  "key",
  "apikey",
  "sig",
  "auth",
  "authorization",
  "pass",
  "passwd",
  "pwd",
  "password",
  "secret",
  "jwt",
  "bearer",
  "code",
  "session",
  "sessionid",
  "credential",
  "credentials",
]);
const CREDENTIAL_SUFFIXES = [
  "token",
  "secret",
  "password",
  "signature",
  "credential",
  "credentials",
  "apikey",
  "accesskey",
  "privatekey",
  "sessionid",
];

export function isCredentialLike(name: string): boolean {
  const normalized = name.toLowerCase().replace(/[^a-z0-9]/g, "");
  return CREDENTIAL_NAMES.has(normalized) || CREDENTIAL_SUFFIXES.some((suffix) => normalized.endsWith(suffix));
}
