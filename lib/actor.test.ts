import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import { describeActor } from "./actor";

const NAMES = { lp: "Landing page builder" };

describe('an order\'s actor in words (issue 39: no "Created by seed")', () => {
  it.each([
    ["operator:alice", { kind: "operator", name: "alice" }],
    ["product:lp", { kind: "product", name: "Landing page builder" }],
    ["user:u_123", { kind: "customer", name: "" }],
    ["partner:p_1", { kind: "partner", name: "" }],
    ["bank:Vietcombank", { kind: "bank", name: "" }],
    ["gateway:VNPAY", { kind: "gateway", name: "VNPAY" }],
    ["query:ZALOPAY", { kind: "gateway", name: "ZALOPAY" }],
    ["system", { kind: "system", name: "" }],
    ["seed", { kind: "seed", name: "" }],
  ])("reads %s", (actor, words) => {
    expect(describeActor(actor, NAMES)).toEqual(words);
  });

  it("has words for every kind, and none of them is the raw tag", () => {
    for (const actor of [
      "operator:a",
      "product:lp",
      "user:x",
      "partner:x",
      "bank:x",
      "gateway:x",
      "system",
      "seed",
    ]) {
      const found = describeActor(actor, NAMES);
      expect(found && en.admin.labels.actor[found.kind]).toBeTruthy();
    }
    expect(en.admin.labels.actor.seed).not.toMatch(/seed/i);
  });

  it("leaves a tag it does not know to the caller", () => {
    expect(describeActor("robot:1", NAMES)).toBeNull();
  });
});
