import { expect } from "chai";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { dataProtocol } from "../../src/protocols/data/index.js";
import { nativeProtocol } from "../../src/protocols/native/index.js";
import type { FormModel } from "../../src/model/index.js";
import { loadFixtures } from "../support/fixtures.js";
import { dataInput, withComputedDefaults } from "../support/data-arbitraries.js";

/** Data tool input → model → native, against the goldens, and the Data round trip through native. */

const GOLDEN_DIR = new URL("../fixtures/native/compile/", import.meta.url);

describe("native: compiling Data tool inputs", () => {
  for (const { name, fixture } of loadFixtures<{ data?: unknown; model: FormModel }>("native/compile").filter(
    (f) => f.fixture.data !== undefined,
  )) {
    it(`${name}: the Data reader gives the fixture's model, which compiles to the golden`, () => {
      const model = dataProtocol.readForm(fixture.data);
      if (!model.ok) expect.fail(JSON.stringify(model.error.issues));
      expect(model.value).to.deep.equal(fixture.model);
      const written = nativeProtocol.writeForm(model.value);
      if (!written.ok) expect.fail(JSON.stringify(written.error));
      expect(written.value).to.deep.equal(JSON.parse(readFileSync(new URL(`${name}.golden.json`, GOLDEN_DIR), "utf8")));
    });
  }

  it("Data → native → model → Data is the identity up to the computed defaults written out", () => {
    fc.assert(
      fc.property(dataInput, (input) => {
        const model = dataProtocol.readForm(input);
        if (!model.ok) throw new Error(JSON.stringify(model.error));
        const native = nativeProtocol.writeForm(model.value);
        if (!native.ok) throw new Error(JSON.stringify(native.error));
        expect(native.warnings).to.deep.equal([]);
        const back = nativeProtocol.readForm(JSON.parse(JSON.stringify(native.value)));
        if (!back.ok) throw new Error(JSON.stringify(back.error));
        const data = dataProtocol.writeForm(back.value);
        if (!data.ok) throw new Error(JSON.stringify(data.error));
        expect(data.value).to.deep.equal(withComputedDefaults(input));
      }),
      { numRuns: 150 },
    );
  });

  it("a single text question titled like the message survives the empty native header", () => {
    const input = {
      message: "What would you like to understand?",
      questions: [
        { id: "goal", type: "text", title: "What would you like to understand?", required: true, maxLength: 4000 },
      ],
    };
    const model = dataProtocol.readForm(input);
    if (!model.ok) expect.fail(JSON.stringify(model.error));
    const native = nativeProtocol.writeForm(model.value);
    if (!native.ok) expect.fail(JSON.stringify(native.error));
    expect(native.value.message).to.equal("");
    const back = nativeProtocol.readForm(native.value);
    if (!back.ok) expect.fail(JSON.stringify(back.error));
    expect(back.value.title).to.equal(undefined);
    const data = dataProtocol.writeForm(back.value);
    if (!data.ok) expect.fail(JSON.stringify(data.error));
    expect(data.value).to.deep.equal(input);
  });

  it("native answers → model → Data tool result → model give back the same answers", () => {
    const input = {
      message: "Pick",
      questions: [
        { id: "t", type: "text", title: "Note", required: true },
        {
          id: "m",
          type: "multi_select",
          title: "Sections",
          required: false,
          options: [
            { id: "a", title: "A" },
            { id: "b", title: "B" },
          ],
        },
        { id: "f", type: "files", title: "Upload", required: false },
      ],
    };
    const model = dataProtocol.readForm(input);
    if (!model.ok) expect.fail(JSON.stringify(model.error));
    const native = nativeProtocol.readAnswers(
      { action: "accept", content: { t: "x", m: ["b"], f: ["file:///tmp/a.csv"] } },
      model.value,
    );
    if (!native.ok) expect.fail(JSON.stringify(native.error));
    const result = dataProtocol.writeAnswers(native.value, model.value);
    if (!result.ok) expect.fail(JSON.stringify(result.error));
    expect(result.value).to.deep.equal({ action: "accept", content: { t: "x", m: ["b"], f: ["file:///tmp/a.csv"] } });
    const again = dataProtocol.readAnswers(result.value, model.value);
    if (!again.ok) expect.fail(JSON.stringify(again.error));
    expect(again.value).to.deep.equal(native.value);
  });
});
