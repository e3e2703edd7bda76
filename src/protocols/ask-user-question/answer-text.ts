import { ITEM_SEPARATOR, type ListItem, splitItems } from "../../text/item-list.js";

/**
 * A multi-select answer as text (docs/ask-user-question.md, "Reading a multi-select answer"):
 * Claude Code joins the chosen labels with ", " (the tool's output: "multi-select answers are
 * comma-separated") and JSON-quotes a label that itself contains ", " or a quote; the typed
 * "Other" answer stands beside them. Where the answer can be cut is `splitItems`'s one rule.
 */

/** One piece of an answer: an offered label, or the typed answer. */
export type AnswerPart = { label: string } | { typed: string };

/** Joins labels (and a typed answer) as Claude Code does. */
export function joinAnswer(parts: readonly string[]): string {
  return parts.map(quoted).join(ITEM_SEPARATOR);
}

/** A label or typed answer as it is joined: JSON-quoted when it holds ", " or `"` (or would read as quoted). */
export function quoted(text: string): string {
  return text.includes(ITEM_SEPARATOR) || text.includes('"') ? JSON.stringify(text) : text;
}

/** How an answer reads: its parts, or `ok: false` when it reads more than one way. */
export type SplitAnswer = { ok: true; parts: AnswerPart[] } | { ok: false };

/**
 * Reads a multi-select answer against the question's labels. Whole labels are matched, a
 * quoted label is taken as it is, and what no label covers is the one typed answer: labels
 * are taken from its ends (`Email, call me` is "Email" and the typed "call me"), and text on
 * both sides of a label is one typed answer holding it (a person types one "Other" answer).
 * An answer that reads as labels in more than one way (`Email, SMS` when "Email", "SMS" and
 * "Email, SMS" are all offered), or whose typed part could be in more than one place, is ambiguous.
 */
export function splitAnswer(answer: string, labels: readonly string[], typedAllowed: boolean): SplitAnswer {
  const tokens = splitItems(answer);
  const n = tokens.length;
  const labelSet = new Set(labels);
  // A label spans at most as many tokens as it has ", " separators plus one.
  const span = Math.max(1, ...labels.map((label) => label.split(ITEM_SEPARATOR).length));
  const segmentIsLabel = (i: number, j: number): boolean => {
    const first = tokens[i] as ListItem;
    if (first.quoted) return j === i + 1 && labelSet.has(first.text);
    for (let k = i; k < j; k++) if ((tokens[k] as ListItem).quoted) return false;
    return labelSet.has(answer.slice(first.start, (tokens[j - 1] as ListItem).end));
  };
  // prefix[i]: the ways tokens [0, i) read as labels only (capped at 2); suffix[j]: the same for [j, n).
  const prefix = new Array<number>(n + 1).fill(0);
  prefix[0] = 1;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j <= Math.min(n, i + span); j++)
      if (prefix[i] && segmentIsLabel(i, j)) prefix[j] = Math.min(2, (prefix[j] as number) + (prefix[i] as number));
  const suffix = new Array<number>(n + 1).fill(0);
  suffix[n] = 1;
  for (let j = n; j > 0; j--)
    for (let i = j - 1; i >= Math.max(0, j - span); i--)
      if (suffix[j] && segmentIsLabel(i, j)) suffix[i] = Math.min(2, (suffix[i] as number) + (suffix[j] as number));

  if (prefix[n] === 1) return { ok: true, parts: labelsOf(tokens, 0, n, span, segmentIsLabel, answer) };
  if ((prefix[n] as number) > 1) return { ok: false };
  if (!typedAllowed) return { ok: true, parts: [{ typed: answer }] };
  // One typed run [i, j) between labels: the shortest (labels win); ambiguous when several tie.
  // There is always one: the whole answer typed.
  let best = Number.POSITIVE_INFINITY;
  let ways = 0;
  let run: [number, number] = [0, n];
  const nextSuffix = new Array<number>(n + 1).fill(n + 1);
  for (let j = n; j >= 0; j--) nextSuffix[j] = suffix[j] ? j : (nextSuffix[j + 1] ?? n + 1);
  for (let i = 0; i < n; i++) {
    if (!prefix[i]) continue;
    const j = nextSuffix[i + 1] as number;
    if (j > n) continue;
    const length = j - i;
    if (length < best) [best, ways, run] = [length, 0, [i, j]];
    if (length === best) ways += (prefix[i] as number) * (suffix[j] as number);
  }
  if (ways > 1) return { ok: false };
  const [i, j] = run;
  const first = tokens[i] as ListItem;
  const typed = j === i + 1 && first.quoted ? first.text : answer.slice(first.start, (tokens[j - 1] as ListItem).end);
  return {
    ok: true,
    parts: [
      ...labelsOf(tokens, 0, i, span, segmentIsLabel, answer),
      { typed },
      ...labelsOf(tokens, j, n, span, segmentIsLabel, answer),
    ],
  };
}

/** The labels of tokens [from, to), which read as labels one way only. */
function labelsOf(
  tokens: ListItem[],
  from: number,
  to: number,
  span: number,
  segmentIsLabel: (i: number, j: number) => boolean,
  answer: string,
): AnswerPart[] {
  // ends[k]: tokens [k, to) read as labels.
  const ends = new Array<boolean>(to + 1).fill(false);
  ends[to] = true;
  for (let k = to - 1; k >= from; k--)
    for (let j = k + 1; j <= Math.min(to, k + span) && !ends[k]; j++)
      ends[k] = ends[j] === true && segmentIsLabel(k, j);
  const parts: AnswerPart[] = [];
  for (let i = from; i < to; ) {
    let j = i + 1;
    while (j < to && !(ends[j] && segmentIsLabel(i, j))) j++;
    const first = tokens[i] as ListItem;
    parts.push({ label: first.quoted ? first.text : answer.slice(first.start, (tokens[j - 1] as ListItem).end) });
    i = j;
  }
  return parts;
}
