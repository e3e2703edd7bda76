import { expect } from "chai";
import fc from "fast-check";
import { copyJson, copyJsonWithout, inspectJson } from "../../src/model/index.js";

/** JSON values with every kind of string (escapes, lone surrogates) and undefined where JSON drops it. */
const jsonish = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.string({ unit: "binary" }),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value")),
    fc.dictionary(fc.string({ unit: "binary" }), fc.option(tie("value"), { nil: undefined })),
  ),
})).value;

describe("inspectJson", () => {
  it(
    "bounds the serialized length from above, for any JSON value (so that the 1 MiB check can skip " + "serializing)",
    () => {
      fc.assert(
        fc.property(jsonish, (value) => {
          const inspected = inspectJson(value);
          if (inspected.problem !== undefined) throw new Error(inspected.problem.message);
          expect(inspected.serializedLengthBound).to.be.at.least(JSON.stringify(value)?.length ?? 0);
        }),
      );
    },
  );

  it("gives no bound for what serializes otherwise: undefined, a toJSON method", () => {
    for (const value of [undefined, { a: undefined }, [undefined], new Date(0)]) {
      const inspected = inspectJson(value);
      expect(inspected.problem).to.equal(undefined);
      expect(inspected).to.have.property("serializedLengthBound", Infinity);
    }
  });

  it("finds the problem at its path, and no bound then", () => {
    expect(inspectJson({ a: [1, () => 1] })).to.deep.include({
      problem: {
        code: "not_json",
        path: ["a", 1],
        message: "Item 2 of `a` is a function, which is not a JSON value.",
        severity: "error",
      },
    });
    const cycle: Record<string, unknown> = {};
    cycle.self = { back: cycle };
    expect(inspectJson(cycle).problem).to.include({ code: "not_json" });
    expect(inspectJson(cycle).problem?.path).to.deep.equal(["self", "back"]);
    expect(inspectJson(10n).problem?.path).to.deep.equal([]);
  });
});

describe("copyJsonWithout", () => {
  it("is object rest then copyJson, sharing no object with the input", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("a", "b", "c", "__proto__", "d"), fc.jsonValue()), (value) => {
        const { a, b, ...rest } = value;
        const copy = copyJsonWithout(value, "a", "b");
        expect(copy).to.deep.equal(copyJson(rest));
        expect(Object.keys(copy)).to.deep.equal(Object.keys(rest));
        for (const key of Object.keys(copy)) {
          const item = (copy as Record<string, unknown>)[key];
          if (typeof item === "object" && item !== null) expect(item).to.not.equal(value[key]);
        }
        void a, void b;
      }),
    );
  });
});
