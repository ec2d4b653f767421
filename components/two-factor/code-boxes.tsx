"use client";
import { useTranslations } from "next-intl";
import {
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from "react";

/** SPEC §9: a two-factor code has 6 digits. */
export const CODE_LENGTH = 6;

/** What a parent can do with the boxes besides setting `value`. */
export type CodeBoxesHandle = {
  /** Empties every box (through `onChange("")`) and puts the cursor in the first one. */
  clear: () => void;
  focus: () => void;
};

/** True when every box holds a digit. */
export function isCodeComplete(value: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(value);
}

/** The value as six cells: a digit or "" (a hole is kept as a space in the string). */
function toCells(value: string): string[] {
  return Array.from({ length: CODE_LENGTH }, (_, i) =>
    /\d/.test(value[i] ?? "") ? (value[i] as string) : "",
  );
}

/** Cells back to the controlled string: holes become spaces, trailing holes are dropped. */
function fromCells(cells: string[]): string {
  return cells
    .map((c) => c || " ")
    .join("")
    .trimEnd();
}

/** SPEC §5: non-digits are stripped; a paste counts only when exactly six digits remain. */
export function pastedCode(text: string): string | null {
  const digits = text.replace(/\D/g, "");
  return digits.length === CODE_LENGTH ? digits : null;
}

/**
 * Six single-digit boxes (SPEC §2 Verify 2FA): typing advances, Backspace on an empty box steps
 * back and clears it, arrows move, a paste of exactly six digits fills them all. Controlled.
 */
export function CodeBoxes({
  value,
  onChange,
  label,
  disabled = false,
  autoFocus = false,
  errorId,
  onComplete,
  ref,
}: {
  value: string;
  onChange: (value: string) => void;
  /**
   * Called with the code when the person's typing, paste or autofill fills the sixth box: the
   * form submits without a click (the confirm button stays for those who look for it).
   */
  onComplete?: (code: string) => void;
  /** Names the group for screen readers (the boxes are "Digit N of 6"). */
  label: string;
  disabled?: boolean;
  autoFocus?: boolean;
  /** The id of the error shown beside the boxes: they are marked invalid and described by it. */
  errorId?: string;
  ref?: Ref<CodeBoxesHandle>;
}) {
  const t = useTranslations("auth.twoFactor.codeBoxes");
  const id = useId();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const cells = toCells(value);
  // Digits typed before hydration sit in the DOM only: take them over once, then mark the boxes
  // live (tests wait for `data-ready` before typing).
  const [isReady, setReady] = useState(false);
  const takeOver = useRef(onChange);
  useEffect(() => {
    const typed = inputs.current
      .map((el) => el?.value ?? "")
      .join("")
      .replace(/\D/g, "");
    if (typed) takeOver.current(typed.slice(0, CODE_LENGTH));
    setReady(true);
  }, []);

  const focusBox = useCallback((index: number) => {
    const box = inputs.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      clear: () => {
        onChange("");
        // After React has emptied the boxes.
        requestAnimationFrame(() => focusBox(0));
      },
      focus: () => focusBox(Math.max(0, cells.indexOf(""))),
    }),
    [onChange, focusBox, cells],
  );

  function fillAll(code: string) {
    onChange(code);
    focusBox(CODE_LENGTH - 1);
    onComplete?.(code);
  }

  function handleInput(index: number, raw: string) {
    const digits = raw.replace(/\D/g, "");
    // An autofilled one-time code (or a paste the browser turned into input) fills everything.
    if (digits.length === CODE_LENGTH) {
      fillAll(digits);
      return;
    }
    const next = [...cells];
    if (!digits) {
      // A letter typed into a box is ignored; an emptied box is a deletion.
      if (raw !== "") return;
      next[index] = "";
      onChange(fromCells(next));
      return;
    }
    // Typing over a filled box: the new digit is the one that differs from the old one.
    const old = cells[index] ?? "";
    const typed = digits.length > 1 && digits.startsWith(old) ? digits.slice(-1) : (digits[0] as string);
    next[index] = typed;
    const code = fromCells(next);
    onChange(code);
    if (index < CODE_LENGTH - 1) focusBox(index + 1);
    if (isCodeComplete(code)) onComplete?.(code);
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "Backspace":
        if (!cells[index] && index > 0) {
          event.preventDefault();
          const next = [...cells];
          next[index - 1] = "";
          onChange(fromCells(next));
          focusBox(index - 1);
        }
        return;
      case "ArrowLeft":
        event.preventDefault();
        focusBox(index - 1);
        return;
      case "ArrowRight":
        event.preventDefault();
        focusBox(index + 1);
        return;
      case "Home":
        event.preventDefault();
        focusBox(0);
        return;
      case "End":
        event.preventDefault();
        focusBox(CODE_LENGTH - 1);
        return;
    }
  }

  function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
    // Anything but exactly six digits is ignored, so a stray paste never half-fills the code.
    event.preventDefault();
    const code = pastedCode(event.clipboardData.getData("text"));
    if (code) fillAll(code);
  }

  return (
    <fieldset
      className="m-0 min-w-0 border-0 p-0"
      disabled={disabled}
      aria-describedby={errorId}
      data-invalid={errorId ? true : undefined}
    >
      <legend className="sr-only">{label}</legend>
      <div
        className="mx-auto grid max-w-xs grid-cols-6 gap-2"
        data-testid="code-boxes"
        data-ready={isReady || undefined}
      >
        {cells.map((cell, index) => (
          <input
            // The boxes never reorder: the position is the identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed six positions.
            key={index}
            id={`${id}-${index}`}
            ref={(el) => {
              inputs.current[index] = el;
            }}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? "one-time-code" : "off"}
            // biome-ignore lint/a11y/noAutofocus: the code is the only thing to do on this step.
            autoFocus={autoFocus && index === 0}
            aria-label={t("digit", { n: index + 1, total: CODE_LENGTH })}
            aria-invalid={errorId ? true : undefined}
            value={cell}
            onChange={(e) => handleInput(index, e.target.value)}
            onKeyDown={(e) => handleKeyDown(index, e)}
            onPaste={handlePaste}
            onFocus={(e) => e.target.select()}
            className={`h-12 w-full min-w-0 rounded-lg border ${errorId ? "border-red-500" : "border-gray-300"} bg-white text-center text-xl font-semibold text-gray-900 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100 disabled:bg-gray-100 sm:h-14`}
          />
        ))}
      </div>
    </fieldset>
  );
}
