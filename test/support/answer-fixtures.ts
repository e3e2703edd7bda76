import { expect } from "chai";
import type { Issue } from "../../src/model/index.js";
import type { Protocol } from "../../src/protocols/protocol.js";
import { loadFixtures } from "./fixtures.js";

/** An issue as a fixture lists it. */
export interface Expected {
  code: string;
  path: (string | number)[];
}

export const codesAndPaths = (issues: Issue[]): Expected[] => issues.map(({ code, path }) => ({ code, path }));

export interface AnswerCase {
  about: string;
  result: unknown;
  /** The clock the case is read and written at (else the fixture's), for forms that expire. */
  now?: string;
  answers?: Record<string, unknown>;
  action?: "decline" | "cancel";
  warnings?: Expected[];
  errors?: Expected[];
}

/** A standard MCP result: `{action, content}`. */
const standardResult = (item: AnswerCase): unknown =>
  item.action !== undefined ? { action: item.action } : { action: "accept", content: item.answers };

/**
 * The answers/ fixtures of a protocol: each result read to exactly its answers (or its problems),
 * then written back as `written` says (by default as a standard MCP result).
 */
export function describeAnswerFixtures(name: string, protocol: Protocol, written = standardResult): void {
  describe(`${name} fixtures: answers`, () => {
    const fixtures = loadFixtures<{ request: unknown; now?: string; cases: AnswerCase[] }>(`${name}/answers`);
    for (const { name: file, fixture } of fixtures) {
      const form = protocol.readForm(fixture.request);
      for (const item of fixture.cases) {
        it(`${file}: ${item.about}`, () => {
          if (!form.ok) return expect.fail(form.error.message);
          const now = item.now ?? fixture.now;
          const options = now === undefined ? {} : { now: new Date(now) };
          const read = protocol.readAnswers(item.result, form.value, options);
          if (item.errors !== undefined) {
            if (read.ok) return expect.fail(`accepted ${JSON.stringify(read.value)}`);
            expect(read.error.code).to.equal("invalid_response");
            return expect(codesAndPaths(read.error.issues)).to.deep.equal(item.errors);
          }
          if (!read.ok) return expect.fail(JSON.stringify(read.error.issues));
          expect(codesAndPaths(read.warnings)).to.deep.equal(item.warnings ?? []);
          const expected =
            item.action !== undefined ? { action: item.action } : { action: "accept", answers: item.answers };
          expect(read.value).to.deep.equal(expected);
          const wrote = protocol.writeAnswers(read.value, form.value, options);
          expect(wrote.ok && wrote.value).to.deep.equal(written(item));
        });
      }
    }
  });
}
