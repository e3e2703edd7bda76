import { expect } from "chai";
import fc from "fast-check";
import { credentialProblem, imageSourceProblem, resourceUriProblem } from "../../src/protocols/data/image-url.js";

/** The credential rule without the shortcut for URLs that have no `@`, `?` or `#`. */
function fullResourceUriProblem(uri: string): string | undefined {
  return URL.canParse(uri) ? credentialProblem(new URL(uri)) : undefined;
}

function fullImageSourceProblem(src: string): string | undefined {
  if (!URL.canParse(src)) return "is not a well-formed URL";
  const url = new URL(src);
  return credentialProblem(url, url.search !== "" && /^sdmntpr[a-z0-9]*\.oaiusercontent\.com$/i.test(url.hostname));
}

// URLs with and without user info, queries (credential-like names included) and fragments.
const urls = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc
    .tuple(
      fc.webUrl(),
      fc.constantFrom("", "?", "#", "@", "?token=1", "#access_token=x", "?sig=1", "?a=b&api-key=2"),
      fc.string(),
    )
    .map(([url, extra, tail]) => url + extra + tail),
  fc
    .tuple(fc.constantFrom("https://", "https://user:pw@", "https://a@", "urn:", "mailto:"), fc.string())
    .map(([head, tail]) => head + tail),
);

describe("image and resource URL credential rule", () => {
  it("judges every URI as the full parse does (the no-@?# shortcut changes nothing)", () => {
    fc.assert(
      fc.property(urls, (uri) => {
        expect(resourceUriProblem(uri)).to.equal(fullResourceUriProblem(uri));
      }),
      { seed: 7, numRuns: 2000 },
    );
  });

  it("judges every https image URL as the full parse does", () => {
    const clean = (src: string) => !/[\s\u0000-\u001f\u007f-\u009f\\]/.test(src);
    fc.assert(
      fc.property(
        urls.filter((src) => /^https:\/\//i.test(src) && clean(src)),
        (src) => {
          expect(imageSourceProblem(src)).to.equal(fullImageSourceProblem(src));
        },
      ),
      { seed: 7, numRuns: 2000 },
    );
  });
});
