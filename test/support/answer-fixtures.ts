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

interface AnswerCase {
  about: string;
  result: unknown;
  answers?: Record<string, unknown>;
  action?: "decline" | "cancel";
  warnings?: Expected[];
  errors?: Expected[];
}

/**
 * The answers/ fixtures of a protocol whose results are standard MCP results: each result read
 * to exactly its answers (or its problems), then written back as `{action, content}`.
 */
export function describeStandardAnswerFixtures(name: string, protocol: Protocol): void {
  describe(`${name} fixtures: answers`, () => {
    for (const { name: file, fixture } of loadFixtures<{ request: unknown; cases: AnswerCase[] }>(`${name}/answers`)) {
      const form = protocol.readForm(fixture.request);
      for (const item of fixture.cases) {
        it(`${file}: ${item.about}`, () => {
          if (!form.ok) return expect.fail(form.error.message);
          const read = protocol.readAnswers(item.result, form.value);
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
          const written = protocol.writeAnswers(read.value, form.value);
          expect(written.ok && written.value).to.deep.equal(
            item.action !== undefined ? { action: item.action } : { action: "accept", content: item.answers },
          );
        });
      }
    }
  });
}
