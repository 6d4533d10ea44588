// The page's configuration and the small DOM pieces every script and game renderer
// shares; it imports nothing, so the renderers and the shell never import each other.

export const config = JSON.parse(document.getElementById("config").textContent);
export const t = (key) => config.texts[key] ?? key;

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Small pieces the game renderers share.
export function section(title, ...children) {
  return el("section", { class: "block" }, el("h4", { text: title }), ...children);
}

// English or Japanese words by the page language.
export const ja = (lang, en, jp) => (lang === "ja" ? jp : en);

// The game's phase, in Japanese from the renderer's own table where it has the words.
export function phaseStat(lang, phase, japanese) {
  return stat(ja(lang, "Phase", "フェイズ"), lang === "ja" ? japanese[phase] || phase : phase);
}

export function stat(label, value) {
  return el("span", { class: "stat" }, el("small", { text: label }), " ", el("b", { text: value }));
}
