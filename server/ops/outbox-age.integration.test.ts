// Operations finding 8: /metrics' age of the oldest message still to send, read from the outbox.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import type { OutgoingMessage } from "@/server/notify/send";
import { finishGivenUp, finishSent, oldestWaitingSeconds, startVendorMessage } from "@/server/outbox/service";

const message: OutgoingMessage = {
  channel: "SMS",
  to: "0912345678",
  lang: "en",
  subject: "s",
  text: "t",
  template: "otp",
  params: {},
};

describe("the oldest undelivered message's age", () => {
  it("is 0 with nothing to send, the oldest waiting row's age otherwise, and leaves sent and given-up rows out", async () => {
    const db = await getDb();
    const t0 = new Date("2030-01-01T00:00:00Z");
    const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
    expect(await oldestWaitingSeconds(db, t0)).toBe(0);

    const oldest = await startVendorMessage(db, { message, vendor: "esms", now: t0 });
    const newer = await startVendorMessage(db, { message, vendor: "esms", now: at(30) });
    expect(await oldestWaitingSeconds(db, at(90))).toBe(90);

    await finishGivenUp(db, oldest, "refused for good");
    expect(await oldestWaitingSeconds(db, at(90))).toBe(60);
    await finishSent(db, newer, {}, at(95));
    expect(await oldestWaitingSeconds(db, at(100))).toBe(0);
  });
});
