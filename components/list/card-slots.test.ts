import { describe, expect, it } from "vitest";
import { cardSlots, columnKit } from "./columns";

type Row = {
  _id: string;
  reference_no: string;
  email: string;
  order_amount: number;
  amount: number;
  created_at: string;
  status: string;
  note: string;
};

const c = columnKit<Row>();
const slotsOf = (specs: ReturnType<typeof cardSlots<Row>>) =>
  Object.fromEntries(specs.map((spec) => [spec.id, spec.card ?? "line"]));

describe("every list's phone card (issue 39)", () => {
  it("guesses title, amount, status and actions from the columns' builders", () => {
    const specs = cardSlots([
      c.date("created_at", "createdAt"),
      c.mono("reference_no", "referenceNo"),
      c.email("email", "email"),
      c.vnd("amount", "amount"),
      c.status("status", "status"),
      c.menu(() => "menu", []),
    ]);
    expect(slotsOf(specs)).toEqual({
      created_at: "line",
      reference_no: "title",
      email: "line",
      amount: "amount",
      status: "status",
      actions: "actions",
    });
  });

  it("takes the strong amount before other money, and a Detail button as the card's action", () => {
    const specs = cardSlots([
      c.email("email", "email"),
      c.vnd("order_amount", "orderAmount"),
      c.vnd("amount", "amount", { strong: true }),
      c.open("detail", { text: "detail", label: () => "Detail" }),
    ]);
    expect(slotsOf(specs)).toEqual({
      email: "title",
      order_amount: "line",
      amount: "amount",
      actions: "actions",
    });
  });

  it("keeps what a list declares, and guesses no second column into a declared slot", () => {
    const specs = cardSlots([
      c.mono("reference_no", "referenceNo"),
      c.text("note", "note", { card: "title" }),
      c.vnd("order_amount", "orderAmount", { card: "line" }),
      c.vnd("amount", "amount"),
      c.text("status", "status", { card: "status" }),
      c.status("email", "email", { value: (row) => row.email }),
    ]);
    expect(slotsOf(specs)).toEqual({
      reference_no: "line",
      note: "title",
      order_amount: "line",
      amount: "amount",
      status: "status",
      email: "line",
    });
  });

  it("leaves a list without money or status with a title and lines only", () => {
    const specs = cardSlots([c.date("created_at", "createdAt"), c.text("note", "note")]);
    expect(slotsOf(specs)).toEqual({ created_at: "line", note: "title" });
  });
});
