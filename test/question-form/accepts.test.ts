import { expect } from "chai";
import fc from "fast-check";
import * as v from "valibot";
import { accepts } from "../../src/protocols/question-form/accepts.js";
import { BODY_SCHEMAS } from "../../src/protocols/question-form/schema.js";

/** Keys of every body schema, a few strangers, and prototype names: values land where the schemas look. */
const KEYS = [
  ...new Set(
    Object.values(BODY_SCHEMAS).flatMap((schema) =>
      "entries" in schema ? Object.keys(schema.entries) : ["label", "value"],
    ),
  ),
];
const key = fc.constantFrom(...KEYS, "extra", "toString", "__proto__", "constructor");

/** JSON values shaped like bodies: objects with the schemas' keys, holding values of every type. */
const bodyish = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.string({ maxLength: 4 }),
    fc.constantFrom("", " ", "1", "-2.5", "x", "<"),
    fc.double(),
    fc.integer({ min: -2, max: 30 }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(key, tie("value"), { maxKeys: 8 }),
    // The keys a card requires, so that some objects are cards.
    fc
      .tuple(
        fc.record({ id: fc.string({ maxLength: 3 }), label: fc.string({ maxLength: 3 }) }),
        fc.dictionary(key, tie("value"), { maxKeys: 4 }),
      )
      .map(([card, rest]) => ({ ...card, ...rest })),
  ),
})).value;

describe("accepts (the fast path before valibot for <question-form> bodies)", () => {
  for (const [name, schema] of Object.entries(BODY_SCHEMAS)) {
    it(`says true for the ${name} schema only where valibot does, and says it often`, () => {
      let accepted = 0;
      fc.assert(
        fc.property(bodyish, (value) => {
          if (!accepts(schema, value)) return;
          accepted++;
          expect(v.is(schema, value), JSON.stringify(value)).to.equal(true);
        }),
        { numRuns: 3000 },
      );
      // The property must not hold vacuously: random values pass these loose schemas often.
      expect(accepted).to.be.above(100);
    });
  }

  it("leaves piped and defaulted schemas to valibot, saying false rather than guessing", () => {
    const schema = v.looseObject({
      step: v.optional(
        v.union([
          v.pipe(v.number(), v.finite()),
          v.pipe(
            v.string(),
            v.check((s) => s.trim() !== ""),
          ),
        ]),
      ),
      size: v.optional(v.number(), 3),
      name: v.pipe(v.string(), v.minLength(2)),
    });
    expect(accepts(schema, { name: "ab", step: "<" }), "a default is valibot's to apply").to.equal(false);
    expect(accepts(v.omit(schema, ["size"]), { name: "ab", step: "<" }), "a string that passes its pipe").to.equal(
      true,
    );
    for (const value of [
      { name: "ab", step: "<" },
      { name: "ab", step: " " },
      { name: "a" },
      { name: "ab", size: "3" },
      { name: "ab", step: Infinity },
      { name: "ab", step: 2 },
    ]) {
      if (accepts(schema, value)) expect(v.is(schema, value), JSON.stringify(value)).to.equal(true);
    }
  });
});
