/**
 * Lists written on one line, their items joined by ", ": several choices in a `<question-form>` answer, the labels of
 * a multi-select AskUserQuestion answer (docs/question-form.md, "Answers"; docs/ask-user-question.md). Each protocol
 * reads the items by its own rules (which options they name, how typed text stands among them); where a list can be
 * cut into items is this one rule.
 */

/** Between the items of a list. */
export const ITEM_SEPARATOR = ", ";

/** One item of a list as written: its text (decoded when JSON-quoted), and where it is in the list. */
export interface ListItem {
  text: string;
  quoted: boolean;
  start: number;
  end: number;
}

/**
 * The items of a list: the text between its separators, a JSON-quoted item whole (its ", " inside it) when a
 * separator or the end follows its closing quote, unless `quoted` is false (a reader that tries every reading, JSON
 * strings across separators among them, as `<question-form>`'s does). Several items may be one label or typed answer
 * that holds ", ".
 */
export function splitItems(list: string, quoted = true): ListItem[] {
  const items: ListItem[] = [];
  let at = 0;
  while (at <= list.length) {
    const quotedEnd = quoted && list[at] === '"' ? closingQuote(list, at) : -1;
    if (quotedEnd !== -1) {
      const after = quotedEnd + 1;
      if (after === list.length || list.startsWith(ITEM_SEPARATOR, after)) {
        items.push({ text: JSON.parse(list.slice(at, after)) as string, quoted: true, start: at, end: after });
        if (after === list.length) break;
        at = after + ITEM_SEPARATOR.length;
        continue;
      }
    }
    const next = list.indexOf(ITEM_SEPARATOR, at);
    const end = next === -1 ? list.length : next;
    items.push({ text: list.slice(at, end), quoted: false, start: at, end });
    if (next === -1) break;
    at = next + ITEM_SEPARATOR.length;
  }
  return items;
}

/** The index of the quote closing a JSON string starting at `start`, or -1 when it is not one. */
function closingQuote(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === '"') {
      try {
        JSON.parse(text.slice(start, i + 1));
        return i;
      } catch {
        return -1;
      }
    }
  }
  return -1;
}
