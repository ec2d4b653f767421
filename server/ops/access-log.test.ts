// Operations finding 4: one JSON line per request from the custom server, naming its request id,
// and every line written while it is handled names the same id.
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLogsForTests, inRequest, logger } from "@/lib/logger";
import { clientAddressOf, logWhenDone } from "./access-log";

type Line = Record<string, unknown>;
const lines: Line[] = [];
const level = logger.level;

beforeAll(() => {
  logger.level = "info";
  captureLogsForTests({ write: (line) => lines.push(JSON.parse(line) as Line) });
});
afterAll(() => {
  captureLogsForTests(undefined);
  logger.level = level;
});

/** A server handling requests as server.ts does: a scope per request, the line when it is done. */
function startServer(): Promise<{ port: number; close: () => void; statuses: number[] }> {
  const statuses: number[] = [];
  const server = createServer((req, res) => {
    inRequest(String(req.headers["x-request-id"]), () => {
      logWhenDone(req, res, "/resetpass", (status) => statuses.push(status));
      // A line logged later, from another tick, while the request is handled.
      setTimeout(() => {
        logger.warn({ step: "inside" }, "handling");
        res.statusCode = 404;
        res.end("gone");
      }, 5);
    });
  });
  // 3470-3489: the ports set aside for this worktree's own servers.
  return new Promise((resolve) =>
    server.listen(3471, "127.0.0.1", () =>
      resolve({ port: (server.address() as AddressInfo).port, close: () => server.close(), statuses }),
    ),
  );
}

function get(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the access line", () => {
  it("says method, route, status, duration and the socket's address under the request's id, never the query", async () => {
    const server = await startServer();
    try {
      const status = await get(server.port, "/resetpass?token=secret-reset-token-123", {
        "x-request-id": "req-access-0001",
        "x-forwarded-for": "203.0.113.9",
      });
      expect(status).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      server.close();
    }
    const access = lines.find((l) => l.msg === "request");
    expect(access).toMatchObject({
      requestId: "req-access-0001",
      method: "GET",
      route: "/resetpass",
      status: 404,
      ip: "127.0.0.1",
    });
    expect(typeof access?.ms).toBe("number");
    expect(typeof access?.time).toBe("number");
    expect(lines.find((l) => l.step === "inside")?.requestId).toBe("req-access-0001");
    expect(server.statuses).toEqual([404]);
    expect(JSON.stringify(lines)).not.toContain("secret-reset-token-123");
  });

  it("takes the client address from X-Forwarded-For only behind a trusted proxy", () => {
    const req = {
      headers: { "x-forwarded-for": "203.0.113.9, 10.0.0.2" },
      socket: { remoteAddress: "10.0.0.2" },
    } as unknown as Parameters<typeof clientAddressOf>[0];
    expect(clientAddressOf(req, true)).toBe("203.0.113.9");
    expect(clientAddressOf(req, false)).toBe("10.0.0.2");
  });
});
