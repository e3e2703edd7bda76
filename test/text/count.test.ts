import { expect } from "chai";
import fc from "fast-check";
import { formatCount } from "../../src/text/count.js";

describe("formatCount", () => {
  it("writes what toLocaleString('en') writes for whole numbers", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.nat(), fc.maxSafeNat(), fc.integer({ min: -1e9, max: 0 })),
        (count) => void expect(formatCount(count)).to.equal(count.toLocaleString("en")),
      ),
    );
    expect(formatCount(1_048_576)).to.equal("1,048,576");
    expect(formatCount(999)).to.equal("999");
  });
});
