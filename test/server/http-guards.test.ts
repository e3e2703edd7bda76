import { expect } from "chai";
import { allowedHostHeaders, originAllowed } from "../../src/server/http-guards.js";

describe("server HTTP guards: the Host and Origin checks", () => {
  it("accepts this machine's names and the bound host at its port only, and allowed names bare or at a port", () => {
    expect(allowedHostHeaders("127.0.0.1", 7801, [])).to.deep.equal(["localhost:7801", "127.0.0.1:7801", "[::1]:7801"]);
    expect(allowedHostHeaders("::1", 9000, ["forms.example.com", "10.0.0.5:443"])).to.deep.equal([
      "localhost:9000",
      "127.0.0.1:9000",
      "[::1]:9000",
      "forms.example.com",
      "forms.example.com:9000",
      "10.0.0.5:443",
    ]);
    expect(allowedHostHeaders("0.0.0.0", 80, []))
      .to.include("0.0.0.0:80")
      .and.not.include("localhost:81");
  });

  it("lets requests without an Origin through, and browser pages of this machine or the bound host at any port", () => {
    for (const origin of [undefined, "", "http://localhost:6274", "http://127.0.0.1", "http://[::1]:3000"])
      expect(originAllowed(origin, "127.0.0.1"), String(origin)).to.equal(true);
    expect(originAllowed("https://forms.internal:8443", "forms.internal")).to.equal(true);
    expect(originAllowed("http://[fd00::1]:80", "fd00::1")).to.equal(true);
  });

  it("refuses another site's page, an unreadable Origin and the opaque null of a sandboxed page", () => {
    for (const origin of ["https://evil.example", "http://localhost.evil.example", "not a url", "null"])
      expect(originAllowed(origin, "127.0.0.1"), origin).to.equal(false);
  });
});
