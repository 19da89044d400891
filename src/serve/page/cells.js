// The board's cells for a keyboard and a screen reader: each cell takes the focus
// with Tab, is named by its cell name, and Enter or Space plays it as a click does;
// the focus stays on the same cell when the board is drawn again.

// Makes every cell of `board` (the element holding the drawing) a button named by
// its cell, `click(name)` run on Enter or Space; focuses the cell named `focused`.
export function reachable(board, click, focused) {
  for (const cell of board.querySelectorAll("[data-cell]")) {
    cell.setAttribute("tabindex", "0");
    cell.setAttribute("role", "button");
    cell.setAttribute("aria-label", cell.dataset.cell);
    cell.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      click(cell.dataset.cell);
    });
  }
  if (focused) board.querySelector(`[data-cell="${CSS.escape(focused)}"]`)?.focus();
}

// The name of the cell of `board` that has the focus, else null.
export function focusedCell(board) {
  const el = document.activeElement;
  return el instanceof Element && board.contains(el) ? el.getAttribute("data-cell") : null;
}
