import { expect } from "chai";
import { readFileSync } from "node:fs";
import { runHost } from "../../examples/host/host.js";

const script = JSON.parse(readFileSync("examples/host/script.json", "utf8"));

describe("the example host (examples/host)", () => {
  const streamedWhole = runHost(script, Number.MAX_SAFE_INTEGER);

  it("runs the whole loop: native forms for the text model, a text form for the Data server", () => {
    const log = runHost(script);
    expect(log.filter((line) => line.startsWith("cannot"))).to.deep.equal([]);
    expect(log).to.include('show native form "brief" (Quick brief): audience, tone, slides');
    expect(log).to.include(
      "send to model (answers):\n[form answers — brief]\n- Who's the audience?: VC, Internal team\n- Tone: Calm " +
        "[value: calm]\n- How many slides?: 12",
    );
    expect(log.find((line) => line.startsWith("send to model (declined)"))).to.match(
      /^send to model \(declined\):\n\[form declined — notes\]\n/,
    );
    expect(log).to.include(
      "return to server: " +
        '{"action":"accept","content":{"audience":["exec"],"data":["file:///srv/chat-uploads/q3-sales.csv"]}}',
    );
  });

  it("does the same whatever the chunk size the model streams in", () => {
    for (const size of [1, 7, 24, 4096]) expect(runHost(script, size)).to.deep.equal(streamedWhole);
  });
});
