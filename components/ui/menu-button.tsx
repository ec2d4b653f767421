"use client";
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";

export type MenuAction = {
  key: string;
  label: string;
  onSelect: () => void;
  /** A destructive action (cancel, hide) shows red. */
  isDanger?: boolean;
};

type Position = { top: number; left: number; placement: "below" | "above" };

const MENU_WIDTH = 176;

const menuItems = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];
const GAP = 4;

/**
 * A row's action menu, the WAI-ARIA menu-button pattern: Enter, Space or ↓ opens it on the first
 * item (↑ on the last), ↑/↓/Home/End move, Enter picks, Escape and Tab close; focus goes back to
 * the button, so a dialog the action opens returns focus there too. The menu is portalled and
 * placed fixed beside the button (following it on scroll), so a table's scroll box never clips it.
 */
export function MenuButton({
  label,
  actions,
  testId,
}: {
  /** The button's accessible name ("Actions for DH240101…"). */
  label: string;
  actions: MenuAction[];
  testId?: string;
}) {
  const buttonId = useId();
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<false | "first" | "last">(false);
  const [position, setPosition] = useState<Position | null>(null);

  const place = useCallback(() => {
    const rect = buttonRef.current?.getBoundingClientRect();
    if (!rect) return;
    const height = menuRef.current?.offsetHeight ?? actions.length * 44 + 8;
    const below = rect.bottom + GAP + height <= window.innerHeight || rect.top - GAP - height < 0;
    setPosition({
      top: below ? rect.bottom + GAP : rect.top - GAP - height,
      left: Math.max(8, Math.min(rect.right - MENU_WIDTH, window.innerWidth - MENU_WIDTH - 8)),
      placement: below ? "below" : "above",
    });
  }, [actions.length]);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    setPosition(null);
    if (refocus) buttonRef.current?.focus();
  }, []);

  useLayoutEffect(() => {
    if (open) place();
  }, [open, place]);

  // Focus the first (or last) item once the menu is on screen.
  useEffect(() => {
    if (!open || !position) return;
    const list = menuItems(menuRef.current);
    (open === "last" ? list.at(-1) : list[0])?.focus();
  }, [open, position]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    // The menu is fixed: it follows its button when the page or the table scrolls, and closes
    // once the button has left the screen.
    const onMove = () => {
      const rect = buttonRef.current?.getBoundingClientRect();
      if (
        !rect ||
        rect.bottom < 0 ||
        rect.top > window.innerHeight ||
        rect.right < 0 ||
        rect.left > window.innerWidth
      ) {
        close(false);
      } else {
        place();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    window.addEventListener("scroll", onMove, true);
    window.addEventListener("resize", onMove);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      window.removeEventListener("scroll", onMove, true);
      window.removeEventListener("resize", onMove);
    };
  }, [open, close, place]);

  const onButtonKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(event.key === "ArrowDown" ? "first" : "last");
    }
  };

  const onMenuKeyDown = (event: React.KeyboardEvent) => {
    const list = menuItems(menuRef.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => list[(i + list.length) % list.length]?.focus();
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        focus(index + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        focus(index - 1);
        break;
      case "Home":
        event.preventDefault();
        focus(0);
        break;
      case "End":
        event.preventDefault();
        focus(list.length - 1);
        break;
      case "Escape":
        event.preventDefault();
        close(true);
        break;
      case "Tab":
        close(true);
        break;
    }
  };

  const pick = (action: MenuAction) => {
    close(true);
    action.onSelect();
  };

  return (
    <>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? menuId : undefined}
        data-testid={testId}
        onClick={() => (open ? close(false) : setOpen("first"))}
        onKeyDown={onButtonKeyDown}
        className="inline-flex size-10 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 hover:text-gray-900 aria-expanded:bg-gray-100"
      >
        <svg aria-hidden viewBox="0 0 24 24" fill="currentColor" className="size-5">
          <circle cx="12" cy="5" r="1.8" />
          <circle cx="12" cy="12" r="1.8" />
          <circle cx="12" cy="19" r="1.8" />
        </svg>
      </button>
      {open &&
        createPortal(
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-labelledby={buttonId}
            tabIndex={-1}
            onKeyDown={onMenuKeyDown}
            style={{
              top: position?.top ?? 0,
              left: position?.left ?? 0,
              width: MENU_WIDTH,
              visibility: position ? "visible" : "hidden",
            }}
            className="fixed z-40 rounded-xl bg-white p-1 text-sm shadow-lg ring-1 ring-gray-200"
          >
            {actions.map((action) => (
              <button
                key={action.key}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => pick(action)}
                className={`flex min-h-11 w-full items-center rounded-lg px-3 text-left font-medium outline-none hover:bg-gray-100 focus:bg-gray-100 ${
                  action.isDanger ? "text-red-700" : "text-gray-800"
                }`}
              >
                {action.label}
              </button>
            ))}
          </div>,
          document.body,
        )}
    </>
  );
}
