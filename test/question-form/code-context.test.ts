/**
 * Where a tag is shown in code, and so stays prose (scan/context.ts), through readMessage and a
 * chunked createMessageReader: what issue 19's mutation pass found no test pinned. A fence opens
 * on a line's run of three or more after at most three spaces, and closes on a line of at least as
 * many of the same character with only spaces after; a code span opens at a backtick run (never a
 * tilde one) and closes at the next run of the same length or at the line break.
 */
import { expect } from "chai";
import { createMessageReader, readMessage } from "../../src/protocols/question-form/index.js";

const form = '<question-form id="a">{"questions":[{"id":"q","label":"Q","type":"text"}]}</question-form>';

/** The ids of the forms read, the message whole and in chunks of 1 to 7 characters. */
function forms(message: string): string[] {
  const whole = readMessage(message).segments.flatMap((s) => (s.kind === "form" ? [s.id] : []));
  for (let size = 1; size <= 7; size++) {
    const reader = createMessageReader();
    const events = [];
    for (let at = 0; at < message.length; at += size) events.push(...reader.push(message.slice(at, at + size)));
    events.push(...reader.end());
    const chunked = events.flatMap((e) => (e.kind === "form" ? [e.segment.id] : []));
    expect(chunked, `in chunks of ${size}`).to.deep.equal(whole);
  }
  return whole;
}

const cases: [string, string, string[]][] = [
  ["a fence after three spaces", `Intro\n   \`\`\`\n${form}\n   \`\`\`\n`, []],
  ["no fence after four spaces (a code span of three)", `Intro\n    \`\`\`\n${form}\n    \`\`\`\n`, ["a"]],
  ["a fence closed with spaces after", `\`\`\`\ncode\n\`\`\`  \n${form}\n`, ["a"]],
  ["a fence closed with a tab after", `\`\`\`\ncode\n\`\`\`\t\n${form}\n`, ["a"]],
  ["a fence not closed by a run with text after", `\`\`\`\ncode\n\`\`\` x\n${form}\n`, []],
  ["no fence from a run in the middle of a line", `Run \`\`\` this\n${form}\n`, ["a"]],
  ["no fence from a single backtick starting a line", `\`code\` first\n${form}\n`, ["a"]],
  ["a fence not closed by a shorter run", `\`\`\`\`\n\`\`\`\n${form}\n\`\`\`\`\n`, []],
  ["a fence not closed by the other character", `\`\`\`\n~~~\n${form}\n\`\`\`\n`, []],
  ["a tilde fence, then a form after it", `~~~\n${form}\n~~~\n${form}\n`, ["a"]],
  ["no code span from a tilde", `About ~5 items: ${form}\n`, ["a"]],
  ["no code span from a tilde starting a line", `~5 items: ${form}\n`, ["a"]],
  ["a code span closed on its line", `Use \`a\` then ${form}\n`, ["a"]],
  ["a code span not closed by a run of another length", `Use \`\`a\`b then ${form}\n`, []],
  ["a code span closed by the line break", `Use \`a\n${form}\n`, ["a"]],
];

describe("question-form: tags in code fences and code spans", () => {
  for (const [name, message, read] of cases)
    it(name, () => {
      expect(forms(message)).to.deep.equal(read);
    });
});
