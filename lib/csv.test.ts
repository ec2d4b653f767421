import { describe, expect, it } from "vitest";
import { csvCell, csvRows, csvStream } from "./csv";

describe("csvCell: OWASP's CSV-injection rule", () => {
  it.each([
    ["=1+2", "'=1+2"],
    ["+2+3@example.test", "'+2+3@example.test"],
    ["-2+3@example.test", "'-2+3@example.test"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1+2", "'\t=1+2"],
    ["\r=1+2", "'\r=1+2"],
    ['=HYPERLINK("http://evil.test","x")', `'=HYPERLINK("http://evil.test","x")`],
  ])("text %j starts a formula → %j", (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it.each(["lan@example.com", "OD123456ABCDEF", "2026-10", "a=b", "x-1", " =1", ""])(
    "plain text %j is written as it is",
    (value) => {
      expect(csvCell(value)).toBe(value);
    },
  );

  it("numbers stay numbers, negative ones too; nothing is an empty cell", () => {
    expect(csvCell(-5000)).toBe(-5000);
    expect(csvCell(47_800)).toBe(47_800);
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("csvRows quotes as CSV does and neutralises every text cell", () => {
    expect(csvRows([["-2+3@example.test", -5000, '=A1,"x"', 1.5]])).toBe(
      `'-2+3@example.test,-5000,"'=A1,""x""",1.5\n`,
    );
  });

  it("csvStream: the BOM, the header, then each batch (an empty one skipped), text neutralised", async () => {
    async function* batches() {
      yield [["+2+3@example.test", -1]];
      yield [];
      yield [["@x", 2]];
    }
    const bytes = Buffer.from(await new Response(csvStream(["email", "amount"], batches())).arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(bytes.subarray(3).toString("utf8")).toBe("email,amount\n'+2+3@example.test,-1\n'@x,2\n");
  });
});
