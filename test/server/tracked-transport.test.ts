import { expect } from "chai";
import { InMemoryTransport, type JSONRPCMessage } from "@modelcontextprotocol/server";
import { TrackedTransport } from "../../src/server/tracked-transport.js";

/** A tracked server end, its client end, and what the watch and the server saw. */
async function tracked() {
  const [client, server] = InMemoryTransport.createLinkedPair();
  const seen = { busy: 0, idle: 0, delivered: [] as JSONRPCMessage[], closed: 0 };
  const transport = new TrackedTransport(server, {
    busy: () => seen.busy++,
    idle: () => seen.idle++,
  });
  // What a server's connect() does: set the callbacks, start.
  transport.onmessage = (message) => void seen.delivered.push(message);
  transport.onclose = () => void seen.closed++;
  await transport.start();
  await client.start();
  return { client, transport, seen };
}

const request = (id: number): JSONRPCMessage => ({ jsonrpc: "2.0", id, method: "tools/call", params: {} });

describe("server: the Transport decorator that counts a session's requests in progress", () => {
  it("counts each request from delivery to response (result or error), and says when none is left", async () => {
    const { client, transport, seen } = await tracked();
    await client.send(request(1));
    await client.send(request(2));
    await client.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect([transport.size, seen.busy, seen.idle]).to.deep.equal([2, 2, 0]);
    expect(
      seen.delivered.map((message) => ("id" in message ? message.id : "method" in message && message.method)),
    ).to.deep.equal([1, 2, "notifications/initialized"]);
    let answered = false;
    void transport.whenAnswered().then(() => (answered = true));
    await transport.send({ jsonrpc: "2.0", id: 1, result: {} });
    await Promise.resolve();
    expect([transport.size, seen.idle, answered]).to.deep.equal([1, 0, false]);
    await transport.send({ jsonrpc: "2.0", id: 2, error: { code: -32603, message: "failed" } });
    await Promise.resolve();
    expect([transport.size, seen.idle, answered]).to.deep.equal([0, 1, true]);
  });

  it("settles a request the client cancels (the SDK sends it no response), and only a pending one", async () => {
    const { client, transport, seen } = await tracked();
    await client.send(request(3));
    await client.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 99 } });
    expect([transport.size, seen.idle]).to.deep.equal([1, 0]);
    await client.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 3 } });
    expect([transport.size, seen.idle]).to.deep.equal([0, 1]);
    expect(seen.delivered).to.have.length(3);
  });

  it("sends the server's own requests through uncounted, and a closed transport answers every wait", async () => {
    const { client, transport, seen } = await tracked();
    const received: JSONRPCMessage[] = [];
    client.onmessage = (message) => void received.push(message);
    await client.send(request(4));
    await transport.send({ jsonrpc: "2.0", id: 0, method: "elicitation/create", params: {} });
    expect(received).to.deep.equal([{ jsonrpc: "2.0", id: 0, method: "elicitation/create", params: {} }]);
    expect(transport.size).to.equal(1);
    const answered = transport.whenAnswered();
    await transport.close();
    await answered;
    expect(seen.closed).to.equal(1);
    await transport.whenAnswered();
  });
});
