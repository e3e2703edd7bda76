/**
 * Length in Unicode code points, as JSON Schema's `minLength`/`maxLength` count it.
 * The UTF-16 length bounds it from both sides, so most strings need no scan.
 */
export function codePointLength(text: string): number {
  let surrogatePairs = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        surrogatePairs++;
        i++;
      }
    }
  }
  return text.length - surrogatePairs;
}

/** True when `text` has at most `max` code points, scanning only when the UTF-16 length cannot decide. */
export function fitsMaxLength(text: string, max: number): boolean {
  if (text.length <= max) return true;
  if (text.length > 2 * max) return false;
  return codePointLength(text) <= max;
}

/** True when `text` has at least `min` code points. */
export function meetsMinLength(text: string, min: number): boolean {
  if (text.length < min) return false;
  if (text.length >= 2 * min) return true;
  return codePointLength(text) >= min;
}
