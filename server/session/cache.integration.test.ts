// The userinfo cache (DESIGN §7/§9): a revocation made through the service is refused at once;
// with REDIS_URL set, the cache is used only while this instance hears the others, so a session
// revoked elsewhere is never answered from memory. (Two real instances: tests/e2e/scale.)
import { createServer, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { sha256 } from "@/lib/ids";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { getDb } from "@/server/db/client";
import { createUser } from "@/tests/factories/user";
import { resetSessionCacheForTests } from "./cache";
import { revokeSessionByHash } from "./repository";
import { createSession, resolveToken, revokeAllSessions, revokeToken } from "./service";

const ctxOf = async () => ({
  db: await getDb(),
  clock: () => new Date(),
  ip: "10.0.0.1",
  userAgent: "vitest",
});

afterEach(() => {
  delete process.env.REDIS_URL;
  resetEnvForTests();
  resetLimitsForTests();
  resetSessionCacheForTests();
});

describe("session cache", () => {
  it("answers a resolved session from memory until the service revokes it", async () => {
    const ctx = await ctxOf();
    const user = await createUser();
    const { token } = await createSession(ctx, { user, appCode: "ls" });
    expect((await resolveToken(ctx.db, token, new Date()))?.user.id).toBe(user.id);
    // Revoked behind the cache's back (the database alone): a single instance still answers from memory.
    await revokeSessionByHash(ctx.db, sha256(token), new Date());
    expect((await resolveToken(ctx.db, token, new Date()))?.user.id).toBe(user.id);

    const other = await createSession(ctx, { user, appCode: "ls" });
    expect(await resolveToken(ctx.db, other.token, new Date())).not.toBeNull();
    await revokeToken(ctx.db, other.token, new Date());
    expect(await resolveToken(ctx.db, other.token, new Date())).toBeNull();
  });

  it("forgets every session of a person but the one kept", async () => {
    const ctx = await ctxOf();
    const user = await createUser();
    const kept = await createSession(ctx, { user, appCode: "luid" });
    const gone = await createSession(ctx, { user, appCode: "ls" });
    expect(await resolveToken(ctx.db, kept.token, new Date())).not.toBeNull();
    expect(await resolveToken(ctx.db, gone.token, new Date())).not.toBeNull();
    await revokeAllSessions(ctx, user.id, kept.session.id);
    expect(await resolveToken(ctx.db, gone.token, new Date())).toBeNull();
    expect((await resolveToken(ctx.db, kept.token, new Date()))?.session.id).toBe(kept.session.id);
  });

  it("with REDIS_URL but no Redis to hear the other instances, answers from the database every time", async () => {
    // A port that accepts and never answers: the subscription never completes.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    process.env.REDIS_URL = `redis://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/0`;
    resetEnvForTests();
    resetLimitsForTests();
    try {
      const ctx = await ctxOf();
      const user = await createUser();
      const { token } = await createSession(ctx, { user, appCode: "ls" });
      expect((await resolveToken(ctx.db, token, new Date()))?.user.id).toBe(user.id);
      // Another instance revokes it (the database alone, its message unheard): refused at once here.
      await revokeSessionByHash(ctx.db, sha256(token), new Date());
      expect(await resolveToken(ctx.db, token, new Date())).toBeNull();
    } finally {
      resetSessionCacheForTests();
      resetLimitsForTests();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
