// Who made or moved an order, as a person reads it. The server stores the actor as a short tag
// ("operator:alice", "product:lp", "user:<id>", "gateway:VNPAY", "seed", …: server/order); the
// console shows words (catalog `admin.labels.actor`), never the tag.

import { type AppNames, appName } from "./apps";

export type ActorKind =
  | "operator"
  | "product"
  | "customer"
  | "partner"
  | "bank"
  | "gateway"
  | "system"
  | "seed";

/** The catalog key (`admin.labels.actor.<kind>`) and the name it takes, or null for a tag it does not know. */
export function describeActor(actor: string, appNames: AppNames): { kind: ActorKind; name: string } | null {
  const colon = actor.indexOf(":");
  const [tag, rest] = colon < 0 ? [actor, ""] : [actor.slice(0, colon), actor.slice(colon + 1)];
  switch (tag) {
    case "operator":
      return { kind: "operator", name: rest };
    case "product":
      return { kind: "product", name: appName(rest, appNames) };
    case "user":
      return { kind: "customer", name: "" };
    case "partner":
      return { kind: "partner", name: "" };
    case "bank":
      return { kind: "bank", name: "" };
    case "gateway":
    case "query":
      return { kind: "gateway", name: rest };
    case "system":
      return { kind: "system", name: "" };
    case "seed":
      return { kind: "seed", name: "" };
    default:
      return null;
  }
}
