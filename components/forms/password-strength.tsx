"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { estimateStrength } from "./password-strength-estimate";

type Estimate = typeof estimateStrength;
type Score = ReturnType<Estimate>;

/** Bars filled per score (a very weak password still shows one), and their colour. */
const BAR_COLOUR: Record<Score, string> = {
  0: "bg-red-600",
  1: "bg-red-600",
  2: "bg-amber-500",
  3: "bg-lime-600",
  4: "bg-green-600",
};

/** The person's details, as words the estimator counts as easy to guess. */
export function personalInputs(person: { email?: string; fullname?: string; phone?: string }): string[] {
  const local = person.email?.split("@")[0];
  return [person.email, local, ...(person.fullname?.split(/\s+/) ?? []), person.phone]
    .map((value) => value?.trim() ?? "")
    .filter(Boolean);
}

/**
 * The strength meter under a new-password box: "Strength: weak" in words (read out through
 * `aria-live`) and bars beside them, never colour alone. The estimator and its dictionaries load
 * on the first typed character. Advice only: the server decides what it accepts.
 */
export function PasswordStrength({
  id,
  password,
  userInputs,
}: {
  id: string;
  password: string;
  userInputs: readonly string[];
}) {
  const t = useTranslations("passwordCheck.strength");
  const [score, setScore] = useState<Score | null>(null);
  const estimate = useRef<Estimate | null>(null);
  const inputs = userInputs.join("\n");

  useEffect(() => {
    if (!password) {
      setScore(null);
      return;
    }
    let isCurrent = true;
    const run = (fn: Estimate) => {
      if (isCurrent) setScore(fn(password, inputs.split("\n").filter(Boolean)));
    };
    if (estimate.current) run(estimate.current);
    else
      void import("./password-strength-estimate").then((module) => {
        estimate.current = module.estimateStrength;
        run(module.estimateStrength);
      });
    return () => {
      isCurrent = false;
    };
  }, [password, inputs]);

  return (
    <div className="flex flex-col gap-1" data-score={score ?? undefined}>
      {score !== null && (
        <div aria-hidden="true" className="flex gap-1">
          {[1, 2, 3, 4].map((bar) => (
            <span
              key={bar}
              className={`h-1.5 flex-1 rounded-full ${bar <= Math.max(score, 1) ? BAR_COLOUR[score] : "bg-gray-200"}`}
            />
          ))}
        </div>
      )}
      <p id={id} aria-live="polite" className="min-h-4 text-xs text-gray-700">
        {score === null ? "" : t("label", { level: t(`levels.${score}`) })}
      </p>
    </div>
  );
}
