import { expect } from "chai";
import type { FormModel } from "../../src/model/index.js";
import { langGraphProtocol as lg, resumeCommand } from "../../src/protocols/langgraph/index.js";

/** `resumeCommand`: one value, a map, and every way a command cannot be made (the graphs themselves: graph.test.ts). */

function form(id: string): FormModel {
  const read = lg.readForm({
    id,
    value: "Ship?",
    response_schema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
  });
  if (!read.ok) throw new Error(JSON.stringify(read.error));
  return read.value;
}

const yes = { action: "accept", answers: { ok: true } } as const;

describe("langgraph: resumeCommand", () => {
  it("resumes one interrupt with its value, or with a map when asked, keyed safely by any id", () => {
    expect(resumeCommand([{ form: form("a"), response: yes }])).to.deep.equal({
      ok: true,
      value: { resume: { ok: true } },
      warnings: [],
    });
    const mapped = resumeCommand([{ form: form("__proto__"), response: yes }], { map: true });
    if (!mapped.ok) return expect.fail(JSON.stringify(mapped.error));
    expect(Object.getPrototypeOf(mapped.value.resume)).to.equal(null);
    expect(Object.keys(mapped.value.resume)).to.deep.equal(["__proto__"]);
    expect(Object.getPrototypeOf({})).to.equal(Object.prototype);
  });

  it("makes no command when an interrupt is answered twice, an answer is invalid, or nothing is answered", () => {
    const twice = resumeCommand([
      { form: form("a"), response: yes },
      { form: form("a"), response: yes },
    ]);
    expect(twice.ok || twice.error.issues.map((i) => `${i.code} ${i.path.join(".")}`)).to.deep.equal([
      "duplicate_answer 1",
    ]);
    const invalid = resumeCommand([
      { form: form("a"), response: yes },
      { form: form("b"), response: { action: "accept", answers: { ok: "yes" } } },
    ]);
    expect(invalid.ok || [invalid.error.code, invalid.error.issues.map((i) => i.path.join("."))]).to.deep.equal([
      "invalid_response",
      ["1.answers.ok"],
    ]);
    const none = resumeCommand([]);
    expect(none.ok || none.error.code).to.equal("invalid_response");
  });
});
