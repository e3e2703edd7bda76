import { type IssueCode, named, quoted } from "../../model/index.js";
import type { Report } from "../report/index.js";
import { ignoredKeyword, ignoredMessage } from "./ignored.js";

/** A plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Typed access to the keywords of one schema object, each problem reported into its `report`
 * (which stands at the object, about its question). A getter returns undefined both when the
 * keyword is absent and when it is wrong (after reporting the problem), so readers can go on
 * and report every problem at once.
 */
export class Keywords {
  constructor(
    readonly object: Record<string, unknown>,
    readonly report: Report,
    /** Said after every keyword `only` rejects (mcp: where the forms with extensions go). */
    readonly hint?: string,
    /**
     * True for a schema object: `only` reads past, with a warning, the keywords that change
     * nothing a person can answer (annotations and keywords JSON Schema does not have). In a
     * request envelope, every keyword outside the allowed ones is rejected.
     */
    readonly schema = false,
  ) {}

  has(key: string): boolean {
    return Object.hasOwn(this.object, key);
  }

  /** The report at `key` of this object. */
  at(key: string): Report {
    return this.report.at(key);
  }

  /**
   * Reports a problem with `key` (or the object itself): a whole sentence, or what is wrong with
   * it ("must be a string"), which the wording rule says of it ("The `title` must be a string.").
   */
  fail(key: string | undefined, code: IssueCode, message: string): undefined {
    return (key === undefined ? this.report : this.at(key)).error(code, message);
  }

  string(key: string): string | undefined {
    const value = this.object[key];
    if (!this.has(key) || typeof value === "string") return value as string | undefined;
    return this.fail(key, "invalid_type", "must be a string");
  }

  /** A string a person will see (a title, a description): warned about where it hides text. */
  text(key: string): string | undefined {
    return this.report.text(key, this.string(key));
  }

  count(key: string): number | undefined {
    const value = this.object[key];
    if (!this.has(key) || (typeof value === "number" && Number.isInteger(value) && value >= 0))
      return value as number | undefined;
    return this.fail(key, "invalid_type", "must be a whole number, 0 or more");
  }

  number(key: string): number | undefined {
    const value = this.object[key];
    if (!this.has(key) || (typeof value === "number" && Number.isFinite(value))) return value as number | undefined;
    return this.fail(key, "invalid_type", "must be a finite number");
  }

  boolean(key: string): boolean | undefined {
    const value = this.object[key];
    if (!this.has(key) || typeof value === "boolean") return value as boolean | undefined;
    return this.fail(key, "invalid_type", "must be true or false");
  }

  /** An array of finite numbers. */
  numbers(key: string): number[] | undefined {
    const value = this.object[key];
    if (!this.has(key)) return undefined;
    if (Array.isArray(value) && value.every((item) => typeof item === "number" && Number.isFinite(item)))
      return [...(value as number[])];
    return this.fail(key, "invalid_type", "must be an array of finite numbers");
  }

  /**
   * Reads a pair of bounds (`minLength` and `maxLength`: whole numbers; `minimum` and `maximum`:
   * finite numbers) into `into`, each when it is there, and checks their order: a lower bound
   * above its upper bound is an error naming the lower one.
   */
  bounds<K extends string>(
    low: K,
    high: K,
    into: Partial<Record<K, number>>,
    read: "count" | "number" = "count",
  ): void {
    const min = this[read](low);
    const max = this[read](high);
    if (min !== undefined) into[low] = min;
    if (max !== undefined) into[high] = max;
    if (min !== undefined && max !== undefined && min > max)
      this.fail(low, "invalid_range", `is ${min}, above its ${high} ${max}, so no answer could satisfy both`);
  }

  strings(key: string): string[] | undefined {
    const value = this.object[key];
    if (!this.has(key)) return undefined;
    if (Array.isArray(value) && value.every((item) => typeof item === "string")) return [...(value as string[])];
    return this.fail(key, "invalid_type", "must be an array of strings");
  }

  /** A regular expression that compiles as formgate validates answers (ECMA-262, `u` flag). */
  pattern(key: string): string | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    try {
      new RegExp(value, "u");
      return value;
    } catch {
      return this.fail(key, "invalid_pattern", `is not a valid regular expression: ${quoted(value)}`);
    }
  }

  /** Reads past the members outside `known`, an `ignored` warning each (`message` says why), as a peer SDK does. */
  ignoreOthers(known: readonly string[], message: (key: string) => string): void {
    for (const key of Object.keys(this.object)) if (!known.includes(key)) this.at(key).warn("ignored", message(key));
  }

  /**
   * Rejects every keyword outside `allowed` (and outside `handled`, reported elsewhere); in a
   * schema object, one that changes nothing a person can answer is ignored with a warning.
   */
  only(allowed: readonly string[], where: string, handled: readonly string[] = [], owner = "Its"): void {
    for (const key of Object.keys(this.object)) {
      if (allowed.includes(key) || handled.includes(key)) continue;
      const ignored = this.schema ? ignoredKeyword(key) : undefined;
      if (ignored !== undefined) {
        this.at(key).warn(
          ignored === "annotation" ? "ignored_key" : "unknown_key",
          ignoredMessage(owner, key, ignored),
        );
        continue;
      }
      this.fail(
        key,
        "unknown_key",
        `The keyword ${named(key)} has no place in ${where}, so formgate refuses the form rather than read it ` +
          `partially${this.hint === undefined ? "" : ` (${this.hint})`}.`,
      );
    }
  }
}
