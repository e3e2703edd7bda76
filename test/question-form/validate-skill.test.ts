import { expect } from "chai";
import { runCli } from "../support/cli.js";

const file = "test/fixtures/question-form/peer/skill-forms.md";

describe("formgate validate: the forms open-design's skills produce", () => {
  it("reads each of them, the host-catalog direction-cards question included", async () => {
    const run = await runCli(["validate", "--json", "--as", "question-form", file]);
    expect(run.status, run.stderr).to.equal(0);
    const printed = JSON.parse(run.stdout) as {
      ok: boolean;
      forms: { id: string; fields: number }[];
      problems: { code: string; severity: string }[];
    };
    expect(printed.ok).to.equal(true);
    expect(printed.forms.map((form) => [form.id, form.fields])).to.deep.equal([
      ["discovery", 1],
      ["visual-direction", 1],
      ["languages", 1],
    ]);
    // The skill's optional `group` and `trailingLabel` on select options are the protocol's: nothing to report.
    expect(printed.problems).to.deep.equal([]);
  });
});
