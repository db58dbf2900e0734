// The table full screen: the same element, moved into a modal dialog (the top layer, so no
// narrow or clipping notebook around it matters) and back when it closes; and the opener shown,
// in the top layer too, while the widget's own box is too narrow for the table.
import { h, keepKeys, schedule } from "./dom.js";

/**
 * The full-screen window of `root` (drawn in `el`); `redraw` draws the table again after a move.
 * Returns the window's bar (the table's first child), the header's toggle, the label setter and
 * the cleanup.
 */
export function makeWindow(el, root, redraw) {
  const win = h("dialog", {
    class: "ff-table-window ff-themed",
    "aria-label": "Forty-Five card table, full screen",
  });
  const opener = h("button", {
    type: "button",
    class: "ff-open-window ff-themed",
    popover: "manual",
    "aria-haspopup": "dialog",
    text: "Open the card table",
  });
  el.append(root, win, opener);

  const back = h("button", {
    type: "button",
    class: "ff-window-back",
    onclick: () => win.close(),
    text: "Back to the notebook",
  });
  const bar = h("div", { class: "ff-window-bar", hidden: true }, back);
  let openedBy = null; // "toggle" (the header's button) or "opener" (the narrow widget's)

  function openWindow(by) {
    if (win.open) return;
    openedBy = by;
    showOpener(false);
    win.append(root);
    bar.hidden = false;
    win.showModal();
    redraw();
    back.focus({ preventScroll: true });
  }

  // Escape closes the dialog too (the browser's own close request): the table goes back.
  win.addEventListener("close", () => {
    el.insertBefore(root, win);
    bar.hidden = true;
    redraw();
    checkRoom();
    const toggle = root.querySelector(".ff-fullscreen");
    const to = openedBy === "opener" && openerShown ? opener : toggle;
    (to || root).focus({ preventScroll: true });
  });
  opener.addEventListener("click", () => openWindow("opener"));

  // The widget's box narrower than the table's smallest layout (JupyterLab's sidebar open on a
  // small screen leaves the notebook a few pixels): the table is clipped, so the opener shows,
  // while the widget is on screen. (A browser without popovers keeps the header's toggle.)
  let inView = false;
  let openerShown = false;
  function showOpener(show) {
    if (show === openerShown || typeof opener.showPopover !== "function") return;
    openerShown = show;
    if (show) opener.showPopover();
    else opener.hidePopover();
    stackOpeners();
  }
  function checkRoom() {
    const room = el.getBoundingClientRect().width;
    const least = parseFloat(getComputedStyle(root).minWidth) || 0;
    showOpener(!win.open && inView && el.isConnected && room < least - 1);
  }
  const laterCheck = schedule(checkRoom);
  const resized = new ResizeObserver(laterCheck);
  resized.observe(el);
  const seen = new IntersectionObserver((entries) => {
    inView = entries[entries.length - 1].isIntersecting;
    laterCheck();
  });
  seen.observe(root);

  // Several tables too narrow at once (two in one squeezed notebook): their openers stack
  // upwards instead of covering one another. The page is asked which openers show, since each
  // table may have its own copy of this module.
  function stackOpeners() {
    const shown = [...document.querySelectorAll(".ff-open-window")].filter((b) => b.matches(":popover-open"));
    shown.forEach((b, i) => {
      b.style.bottom = `${32 + i * 56}px`;
    });
  }

  keepKeys(win);
  keepKeys(opener);

  function toggleButton() {
    return win.open
      ? null
      : h("button", {
          type: "button",
          class: "ff-fullscreen",
          "aria-haspopup": "dialog",
          onclick: () => openWindow("toggle"),
          text: "Full screen",
        });
  }

  function label(preset) {
    opener.textContent = `Open the card table (${preset})`; // which one, when two stack
  }

  function stop() {
    resized.disconnect();
    seen.disconnect();
    if (win.open) win.close();
    showOpener(false);
  }
  return { bar, toggleButton, label, stop };
}
