import { expect } from "chai";
import fc from "fast-check";
import { ITEM_SEPARATOR, splitItems } from "../../src/text/item-list.js";

/** Each item's text and whether it was JSON-quoted. */
const items = (list: string, quoted?: boolean) =>
  splitItems(list, quoted).map((item) => [item.text, item.quoted, list.slice(item.start, item.end)]);

describe('splitItems: a ", "-joined list\'s items', () => {
  it("cuts at every separator, an empty item where two meet or the list ends with one", () => {
    expect(items("Email, SMS")).to.deep.equal([
      ["Email", false, "Email"],
      ["SMS", false, "SMS"],
    ]);
    expect(items("a, , b, ").map(([text]) => text)).to.deep.equal(["a", "", "b", ""]);
    expect(items("a,b and c")).to.deep.equal([["a,b and c", false, "a,b and c"]]);
    expect(items("")).to.deep.equal([["", false, ""]]);
  });

  it("keeps a JSON-quoted item whole, decoded, when a separator or the end follows its closing quote", () => {
    expect(items('"Email, SMS", Call')).to.deep.equal([
      ["Email, SMS", true, '"Email, SMS"'],
      ["Call", false, "Call"],
    ]);
    expect(items('a, "say \\"hi\\", then go"')).to.deep.equal([
      ["a", false, "a"],
      ['say "hi", then go', true, '"say \\"hi\\", then go"'],
    ]);
    // Text after the closing quote, or a quote never closed: the quote is text, cut like any other.
    expect(items('"a, b" c, d').map(([text]) => text)).to.deep.equal(['"a', 'b" c', "d"]);
    expect(items('"a, b').map(([text]) => text)).to.deep.equal(['"a', "b"]);
  });

  it("cuts inside JSON strings too when asked to (a reader that tries every reading)", () => {
    expect(items('"Email, SMS", Call', false).map(([text, quoted]) => [text, quoted])).to.deep.equal([
      ['"Email', false],
      ['SMS"', false],
      ["Call", false],
    ]);
  });

  it("gives items whose text, between the separators, is the whole list", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("a", ",", " ", '"', "\\", "b"), { maxLength: 24 }),
        fc.boolean(),
        (chars, quoted) => {
          const list = chars.join("");
          const found = splitItems(list, quoted);
          expect(found.map((item) => list.slice(item.start, item.end)).join(ITEM_SEPARATOR)).to.equal(list);
          for (const item of found)
            expect(item.text).to.equal(
              item.quoted ? JSON.parse(list.slice(item.start, item.end)) : list.slice(item.start, item.end),
            );
        },
      ),
    );
  });
});
