/** An amount with its sign (SPEC §4: each log row adds or takes away): +150.50 green, -30.00 red. */
export function SignedAmount({ value, format }: { value: number; format: (value: number) => string }) {
  return (
    <span className={value < 0 ? "text-red-700" : value > 0 ? "text-green-700" : undefined}>
      {value > 0 ? "+" : ""}
      {format(value)}
    </span>
  );
}
