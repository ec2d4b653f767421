import { describe, expect, it } from "vitest";
import { personalInputs } from "./password-strength";
import { estimateStrength } from "./password-strength-estimate";

describe("the strength meter's estimate (advice only)", () => {
  it("rates a common password very weak and a long passphrase strong", () => {
    expect(estimateStrength("password", [])).toBe(0);
    expect(estimateStrength("Password123", [])).toBeLessThanOrEqual(1);
    expect(estimateStrength("violet kettle marches under 9 moons", [])).toBe(4);
  });

  it("knows Vietnamese password words the common dictionaries lack", () => {
    // Without the Vietnamese words both score 4 (strong).
    expect(estimateStrength("hanhphuc2024", [])).toBeLessThanOrEqual(1);
    expect(estimateStrength("giadinhtinhyeu", [])).toBeLessThanOrEqual(1);
  });

  it("counts the person's details as easy to guess", () => {
    const person = personalInputs({ email: "kestrelvandyke@example.com", fullname: "Kestrel Vandyke" });
    expect(person).toEqual(["kestrelvandyke@example.com", "kestrelvandyke", "Kestrel", "Vandyke"]);
    const alone = estimateStrength("kestrelvandyke7", []);
    const known = estimateStrength("kestrelvandyke7", person);
    expect(known).toBeLessThan(alone);
  });
});
