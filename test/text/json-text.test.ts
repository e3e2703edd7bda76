import { expect } from "chai";
import fc from "fast-check";
import { type JsonValue, readJsonPrefix } from "../../src/text/json-text.js";

/** `part` is what a prefix of `full`'s text may read as: each value as far as it had arrived. */
function arrivedOf(part: JsonValue, full: JsonValue | undefined): boolean {
  if (typeof part === "string") return typeof full === "string" && full.startsWith(part);
  if (part === null || typeof part !== "object") return part === full;
  if (Array.isArray(part))
    return Array.isArray(full) && part.length <= full.length && part.every((item, i) => arrivedOf(item, full[i]));
  if (full === null || typeof full !== "object" || Array.isArray(full)) return false;
  return Object.entries(part).every(([key, value]) => Object.hasOwn(full, key) && arrivedOf(value, full[key]));
}

describe("model: readJsonPrefix, JSON text cut anywhere", () => {
  it("reads a whole object or array as JSON.parse does (a number the text ends in may go on)", () => {
    const container = fc.oneof(fc.array(fc.jsonValue()), fc.dictionary(fc.string(), fc.jsonValue()));
    fc.assert(
      fc.property(container, fc.boolean(), (value, indent) => {
        const text = JSON.stringify(value, null, indent ? 2 : undefined);
        expect(readJsonPrefix(text, 200)).to.deep.equal(JSON.parse(text));
      }),
    );
  });

  it("reads every prefix of a text as what had arrived of its value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, indent) => {
        const text = JSON.stringify(value, null, indent ? 2 : undefined);
        for (let end = 0; end <= text.length; end++) {
          const part = readJsonPrefix(text.slice(0, end), 200);
          if (part !== undefined && !arrivedOf(part, value as JsonValue))
            throw new Error(`${JSON.stringify(text.slice(0, end))} read as ${JSON.stringify(part)}`);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("closes a string value where it stops, leaving out an escape cut short", () => {
    expect(readJsonPrefix('{"a":["x","y', 64)).to.deep.equal({ a: ["x", "y"] });
    expect(readJsonPrefix('{"a":"line\\', 64)).to.deep.equal({ a: "line" });
    expect(readJsonPrefix('{"a":"caf\\u00', 64)).to.deep.equal({ a: "caf" });
    expect(readJsonPrefix('{"a":"caf\\u00e9', 64)).to.deep.equal({ a: "café" });
    expect(readJsonPrefix('{"a":"x\\\\', 64)).to.deep.equal({ a: "x\\" });
  });

  it("leaves out a member whose key or literal is cut short, or whose number the text ends in", () => {
    expect(readJsonPrefix('{"a":1,"lab', 64)).to.deep.equal({ a: 1 });
    expect(readJsonPrefix('{"a":1,"label"', 64)).to.deep.equal({ a: 1 });
    expect(readJsonPrefix('{"a":1,"label":', 64)).to.deep.equal({ a: 1 });
    expect(readJsonPrefix('{"a":1,"required":t', 64)).to.deep.equal({ a: 1 });
    expect(readJsonPrefix('{"a":1,"b":-', 64)).to.deep.equal({ a: 1 });
    expect(readJsonPrefix('{"a":1,"b":2.', 64)).to.deep.equal({ a: 1 });
    // A number the text ends in may go on (`5e-3` of `5e-324`); a literal cannot.
    expect(readJsonPrefix('{"a":1,"b":5e-3', 64)).to.deep.equal({ a: 1 });
    expect(readJsonPrefix('{"a":1,"b":12', 64)).to.deep.equal({ a: 1 });
    expect(readJsonPrefix('{"a":1,"b":12 ', 64)).to.deep.equal({ a: 1, b: 12 });
    expect(readJsonPrefix('{"a":1,"b":true', 64)).to.deep.equal({ a: 1, b: true });
  });

  it("reads nothing from text that already breaks the grammar, or from no value at all", () => {
    for (const text of ["", "  ", '{"a":tru,', '{"a" 1', '{"a":"x\n', "[1,]", "{}}", "tru e"])
      expect(readJsonPrefix(text, 64), JSON.stringify(text)).to.equal(undefined);
    expect(readJsonPrefix("[[[[", 2)).to.equal(undefined);
  });
});
