// Building DOM from text: never innerHTML, so nothing a model or a person wrote can become markup.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

// An answer as paragraphs (blank lines), lists ("- ", "* ", "• ", "1. ") and line breaks inside a paragraph.
export function richText(text) {
  const fragment = document.createDocumentFragment();
  const blocks = String(text).replace(/\r\n?/g, "\n").split(/\n\s*\n/);
  for (const block of blocks) {
    const lines = block.split("\n").filter((line) => line.trim() !== "");
    let paragraph = null;
    let list = null;
    for (const line of lines) {
      const bullet = line.match(BULLET);
      const numbered = bullet ? null : line.match(NUMBERED);
      if (bullet || numbered) {
        const kind = bullet ? "UL" : "OL";
        if (!list || list.tagName !== kind) { list = el(kind.toLowerCase()); fragment.append(list); }
        list.append(el("li", {}, (bullet || numbered)[1]));
        paragraph = null;
        continue;
      }
      list = null;
      if (!paragraph) { paragraph = el("p"); fragment.append(paragraph); }
      else paragraph.append(el("br"));
      paragraph.append(line);
    }
  }
  return fragment;
}

// "2026-12-01T10:00+01:00" → day "2026-12-01", clock "10:00" (the server already gives local time).
export const dayOf = (iso) => (iso || "").slice(0, 10);
export const clockOf = (iso) => (iso || "").slice(11, 16);

export function germanDate(isoDay, withWeekday = true, T) {
  const [y, m, d] = isoDay.split("-").map(Number);
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  const prefix = withWeekday && T ? `${T.weekdays.split(",")[weekday]}, ` : "";
  return `${prefix}${d}.${m}.${y}`;
}

export function showError(section, message) {
  const box = section.querySelector(".error");
  box.textContent = message || "";
  box.hidden = !message;
}
