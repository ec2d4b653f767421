import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "./env";
import { consume, resetLimitsForTests, reward } from "./rate-limit";

// Redis configured but not answering (a peer that accepts the connection and says nothing, as a
// Redis that is going away does): limits fall back to process memory at once, and giving points
// back must not wait for Redis either. Before the fix, the reward of a right password queued behind
// the connection and the sign-in hung (this test then times out).
describe("rate limits with Redis not answering", () => {
  let silent: Server;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    const port = typeof address === "object" && address ? address.port : 0;
    process.env.REDIS_URL = `redis://127.0.0.1:${port}/0`;
    resetEnvForTests();
    resetLimitsForTests();
  });
  afterAll(async () => {
    delete process.env.REDIS_URL;
    resetEnvForTests();
    resetLimitsForTests();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("counts in memory and gives points back without waiting for Redis", async () => {
    for (let i = 0; i < 10; i++) await consume("signinEmail", "away@example.com");
    await expect(consume("signinEmail", "away@example.com")).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await reward("signinEmail", "away@example.com");
    await consume("signinEmail", "away@example.com");
  });
});
