import { expect } from "chai";
import fc from "fast-check";
import { posix } from "node:path";
import { pathToFileURL } from "node:url";
import { fileUrlFromPath, localFileUriProblem } from "../../src/model/index.js";

describe("fileUrlFromPath (the library's pathToFileURL, without node:url)", () => {
  it("writes what Node's pathToFileURL writes for every absolute POSIX path that is already resolved", () => {
    const segment = fc.string({
      unit: fc.oneof(
        fc.constantFrom("%", "\\", "\t", "\n", "\r", "#", "?", " ", "é", "😀", "a", "."),
        fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
      ),
      minLength: 1,
      maxLength: 6,
    });
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), (segments) => {
        const path = `/${segments.join("/")}`;
        // Node's binding ends the path at a NUL ("/a\0b" becomes file:///a) and drops trailing
        // control characters ("/a\x01" becomes file:///a): a different file. See below.
        fc.pre(posix.resolve(path) === path && !path.includes("\0") && !/[\0-\x1f]$/.test(path));
        expect(fileUrlFromPath(path)).to.equal(pathToFileURL(path).href);
      }),
    );
  });

  it("escapes a NUL and trailing control characters instead of dropping them, so the answer check refuses them", () => {
    expect(fileUrlFromPath("/a\0b")).to.equal("file:///a%00b");
    expect(localFileUriProblem(fileUrlFromPath("/a\0b"))).to.include("NUL");
    expect(fileUrlFromPath("/notes\x01")).to.equal("file:///notes%01");
  });

  it("writes a Windows drive path as Node does on Windows, whatever system it runs on", () => {
    expect(fileUrlFromPath("C:\\data\\a b.png")).to.equal("file:///C:/data/a%20b.png");
    expect(fileUrlFromPath("d:\\50%\\x#1.txt")).to.equal("file:///d:/50%25/x%231.txt");
  });
});
