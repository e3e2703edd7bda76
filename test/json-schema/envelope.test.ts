import { expect } from "chai";
import { readFileSync } from "node:fs";
import {
  ELICITATION_METHOD,
  type FormModel,
  NATIVE_EXTENSION,
  NATIVE_METHOD,
  dataProtocol,
  mcpProtocol,
  nativeProtocol,
  questionFormProtocol,
} from "../../src/index.js";
import { wrapMrtr } from "../../src/protocols/json-schema/index.js";
import { FORM_KEYS } from "../../src/model/index.js";
import { nativePath } from "../../src/server/form-paths.js";

describe("json-schema envelopes", () => {
  it("names each wire string once, as the protocols that own it export it", () => {
    expect([ELICITATION_METHOD, NATIVE_METHOD, NATIVE_EXTENSION]).to.deep.equal([
      "elicitation/create",
      "openai/elicitation/create",
      "openai/elicitation",
    ]);
  });

  it("wraps a native form for MRTR the same way in the writer and the server", () => {
    const form: FormModel = { title: "T", fields: [{ kind: "text", id: "a", required: true }] };
    const written = nativeProtocol.writeForm(form);
    if (!written.ok) throw new Error("not written");
    const params = written.value as unknown as Record<string, unknown>;
    const wrapped = wrapMrtr({ ...params, _meta: { [NATIVE_EXTENSION]: { kept: 1 }, other: 2 } });
    expect(wrapped).to.deep.equal({
      mode: "form",
      message: "T",
      requestedSchema: { type: "object", properties: {} },
      _meta: { other: 2, [NATIVE_EXTENSION]: { kept: 1, requestedSchema: params.requestedSchema } },
    });
    expect(nativePath.inputRequestParams(params)).to.deep.equal(wrapMrtr(params));
    // What the server sends reads as a native form, which native writes back the same way.
    const read = nativeProtocol.readForm({ method: ELICITATION_METHOD, params: wrapMrtr(params) });
    if (!read.ok) throw new Error("not read");
    const again = nativeProtocol.writeForm(read.value);
    expect(again.ok && again.value).to.deep.equal(wrapMrtr(params));
  });

  it("lists every form key of the model schema", () => {
    const schema = JSON.parse(readFileSync("schemas/form-model.schema.json", "utf8")) as {
      properties: Record<string, unknown>;
    };
    expect([...FORM_KEYS].sort()).to.deep.equal(Object.keys(schema.properties).sort());
  });

  for (const protocol of [dataProtocol, nativeProtocol, mcpProtocol, questionFormProtocol]) {
    it(`${protocol.name}: a form key no writer knows is a dropped warning, never silent`, () => {
      const form = { title: "T", fields: [{ kind: "text", id: "a", required: true }], theme: "dark" } as FormModel;
      const written = protocol.writeForm(form);
      if (!written.ok) throw new Error(written.error.message);
      expect(written.warnings.map((w) => [w.code, w.path])).to.deep.include(["dropped", ["theme"]]);
    });
  }
});
