import { type PathSegment, pathSubject } from "../../model/index.js";

/** What an issue is about: the question (by its id, or by its number when it has none) and the option. */
export interface About {
  /** The question's id, as its author wrote it. */
  question?: string;
  /** The question's place in its form (0-based), naming it ("Question 3") when it has no usable id. */
  index?: number;
  /** The option's id or value (a resource's URI). */
  option?: string;
}

/**
 * The one wording rule (docs/issue-codes.md, "Messages"): what a reader or writer says at a path
 * becomes the sentence a person reads. A predicate ("must be a string", "is required but missing":
 * a small letter first, not a common word) is said of what its path names ("The `title` must be
 * a string."); a sentence ("it is never closed", "Its `x` …") keeps its words, with a capital
 * first and a period last; inside a question, "Question `id`, option
 * `value`: " comes first, unless the sentence names its question itself ("Question `logo` asks
 * for …").
 */
export function inWords(message: string, path: readonly PathSegment[], about: About = {}): string {
  const said = message.trim();
  const predicate = /^[a-z]/.test(said) && !COMMON.test(said);
  return aboutFirst(sentence(predicate ? `${pathSubject(path)} ${said}` : said), about);
}

/** A sentence led by the question (and option) it is about, unless it names its question itself. */
export function aboutFirst(text: string, about: About = {}): string {
  const name = questionName(about);
  if (name === undefined || text.startsWith(name)) return text;
  const option = about.option === undefined ? "" : `, option \`${about.option}\``;
  return `${name}${option}: ${lowerFirst(text)}`;
}

/** How a message names a question: "Question `id`", or "Question 3" for one with no usable id. */
function questionName({ question, index }: About): string | undefined {
  if (question !== undefined) return `Question \`${question}\``;
  return index === undefined ? undefined : `Question ${index + 1}`;
}

/** A sentence with its first letter a capital and a period last. */
export function sentence(message: string): string {
  const text = message.trim();
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${text.endsWith(".") ? "" : "."}`;
}

/** The words a sentence may start with that are not a name: lower-cased after the question, never a predicate. */
const COMMON = /^(it|its|the|this|a|an|no|nothing|one|every|each|some|both|neither|only)\b/i;

/** Lower-cases a sentence's first word after the question: a common word (`Its`, `The`), not a name (`Data`). */
function lowerFirst(text: string): string {
  return COMMON.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
