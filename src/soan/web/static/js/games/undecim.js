// Undecim draft 14: the red moon with its time counters and die, the field of action
// cards, the awards, every seat's front (resource cards by the face they show) and
// settlements, and the seat's own hand of double-faced resource cards and action cards.

import { el, ja, phaseStat, section, stat } from "../dom.js";

// The printed faces (the content's words), for colours and plain English beside them.
const FACE_EN = {
  草原: "grassland", 森: "forest", 沼地: "swamp", 山: "mountain",
  石: "stone", 木: "wood", 粘土: "clay", 鉄: "iron", 敵: "enemy", 金: "gold",
};
const FACE_KEYS = new Set(["land", "resource", "enemy", "gold"]);
const PHASES_JA = {
  mulligan: "マリガン", "bonus resource": "ボーナスリソース", "action choice": "アクションカードの選択", "spend gold": "金の使用",
  "play from hand": "手札から配置", market: "蚤の市", "choose a target": "対象の選択", take: "奪う", give: "渡す",
  "red moon": "赤い月", "moon die": "ムーンダイス", "auto action": "オートアクション", "action replenishment": "アクション補充",
  "red moon night": "赤い月の夜", over: "終了",
};
const ZONES = { market: "market", "bonus resource": "bonus" };
const DIE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const EG = 16; // the enemy-and-gold cards' type

export function target(action, message) {
  const kind = action[0];
  if (kind === "play" || kind === "pick") return `act:${action[1]}`;
  if (kind === "swap") return `act:${action[2]}`;
  if (FACE_KEYS.has(kind)) {
    const zone = ZONES[message.view.phase] || "hand";
    return `face:${zone}:${action.length > 1 ? action[1] : EG}:${kind}`;
  }
  if (kind === "target") return `seat:${action[1]}`;
  if (kind === "die") return `die:${action[1]}`;
  if (kind === "take" || kind === "give") {
    // the card of that face in the front it leaves: the victim's (take) or the giver's own
    const seat = kind === "take" ? message.view.victim : message.seat;
    return `front:${seat}:${stolenFace(action, message)}`;
  }
  return null;
}

// The face a take or give moves, as its choice's words name it ("Take a 草原 (grassland)
// land from seat 2", "Give seat 1 your an enemy").
function stolenFace(action, message) {
  const same = (c) => c.action.length === action.length && c.action.every((x, i) => x === action[i]);
  const choice = (message.choices || []).find(same);
  const named = choice && choice.label.match(/(?:^Take|your) an? (\S+)/);
  return named ? named[1] : action[1];
}

export function draw(root, message, ctx) {
  const v = message.view;
  const L = ctx.lang;
  root.append(el("p", { class: "phase" },
    stat(ja(L, "Round", "ラウンド"), `${v.round}/${v.rounds}`), " ",
    phaseStat(L, v.phase, PHASES_JA), " ",
    v.resolving ? stat(ja(L, "Resolving", "処理中"), `${ctx.seatName(v.resolving.seat)} · ${v.resolving.card.number} ${ctx.name(v.resolving.card.name)}`) : null, " ",
    stat(ja(L, "Deck", "山札"), v.deck)));
  root.append(moon(v.moon, L, message));
  root.append(section(`${ja(L, "Field", "場")}${v.face_down_actions ? ` (${ja(L, "face down", "伏せ")}: ${v.face_down_actions})` : ""}`,
    el("div", { class: "cards field" }, v.field.length ? v.field.map((c) => action(c, ctx, true)) : el("span", { class: "muted", text: "—" }))));
  root.append(section(ja(L, "Awards", "アワード"), el("div", { class: "cards awards" }, v.awards.length ? v.awards.map((a) => el("div", { class: "card award", title: a.english },
    el("b", { text: ctx.name(a.name) }), el("div", { class: "text", text: a.text }))) : el("span", { class: "muted", text: "—" }))));
  if (v.market) root.append(section(ja(L, "Flea market: put cards into your front", "蚤の市: 自分の前に置くカード"), resources(v.market, ctx, "market")));
  if (v.bonus_card) root.append(section(ja(L, "Bonus resource", "ボーナスリソース"), resources([v.bonus_card], ctx, "bonus")));
  if (message.seat !== null && message.seat !== undefined) root.append(...own(v, ctx));
  for (const s of v.seats) root.append(seat(s, v, ctx));
  root.append(el("p", { class: "hint" }, `${ja(L, "Discards", "捨て札")}: `,
    v.discard.length ? v.discard.map((c) => `${c.faces.join("/")} ×${c.count}`).join(", ") : "—"));
}

function moon(m, L, message) {
  const dots = Array.from({ length: m.cap }, (_, i) => el("span", { class: `counter${i < m.counters ? " on" : ""}` }));
  return el("section", { class: `block moon${m.night ? " night" : ""}`, "data-moon": m.counters },
    el("h4", { text: ja(L, "The red moon", "赤い月") }),
    el("p", {}, el("span", { class: "counters", "aria-hidden": "true" }, dots), " ",
      el("b", { class: "moon-counters", text: `${m.counters} / ${m.cap}` }), ` ${ja(L, "time counters", "タイムカウンター")}`, " · ",
      ja(L, "moon die", "ムーンダイス"), " ",
      el("b", { class: "moon-die", "data-die": m.die || "", text: m.die ? `${DIE[m.die]} ${m.die}` : "—" }),
      m.night ? el("b", { class: "warn", text: ja(L, " · the red moon night!", " · 赤い月の夜!") }) : null),
    dieFaces(message, L));
}

// When the seat sets the moon die, each value it may choose is a face to tap.
function dieFaces(message, L) {
  const values = (message.choices || []).filter((c) => c.action[0] === "die").map((c) => c.action[1]);
  if (!values.length) return null;
  return el("div", { class: "die-faces", "aria-label": ja(L, "Set the moon die", "ムーンダイスの目") },
    values.map((n) => el("span", { class: "die-face", "data-target": `die:${n}`, "data-die-face": n, text: DIE[n] })));
}

function action(c, ctx, clickable) {
  const L = ctx.lang;
  return el("div", { class: `card action-card${c.red ? " red" : ""}`, "data-target": clickable ? `act:${c.number}` : null, "data-card": c.number, title: c.english },
    el("b", { text: `${c.number} ${ctx.name(c.name)}` }),
    c.red || c.module ? el("div", { class: "meta", text: [c.red ? ja(L, "red: first", "赤: 先に処理") : null, c.module].filter(Boolean).join(" · ") }) : null,
    el("div", { class: "text", text: c.text }));
}

// A resource card by its two faces: land over resource, or enemy over gold. `shown` names
// the face up in a front; in a hand or the market each face is its own target.
function resource(c, ctx, zone, shown = null, seat = null) {
  const L = ctx.lang;
  const keys = c.type === EG ? ["enemy", "gold"] : ["land", "resource"];
  const halves = c.faces.map((face, i) => el("div", {
    class: `face ${keys[i]} f-${FACE_EN[face] || "other"}${shown && shown !== face ? " under" : ""}`,
    "data-target": zone ? `face:${zone}:${c.type}:${keys[i]}` : null, "data-face": face,
  }, el("b", { text: face }), L === "ja" ? null : el("small", { text: ` ${FACE_EN[face] || ""}` })));
  return el("div", {
    class: `card resource-card${c.type === EG ? " enemy-gold" : ""}`, "data-type": c.type,
    "data-target": shown && seat !== null ? `front:${seat}:${shown}` : null,
  },
    ...halves, c.count > 1 ? el("div", { class: "count", text: `×${c.count}` }) : null);
}

function resources(list, ctx, zone) {
  return el("div", { class: "cards resources" }, ...list.map((c) => resource(c, ctx, zone)));
}

function own(v, ctx) {
  const L = ctx.lang;
  const size = v.hand.reduce((a, c) => a + c.count, 0);
  const out = [section(`${ja(L, "Your resource cards", "あなたのリソースカード")} (${size})`,
    v.hand.length ? resources(v.hand, ctx, "hand") : el("p", { class: "muted", text: "—" }))];
  const actions = v.action_cards.map((c) => action(c, ctx, true));
  if (v.my_pick) actions.push(el("div", { class: "picked-note" }, `${ja(L, "Played face down", "伏せて出した")}: `, action(v.my_pick, ctx, false)));
  out.push(section(ja(L, "Your action cards", "あなたのアクションカード"), el("div", { class: "cards hand" }, actions.length ? actions : el("span", { class: "muted", text: "—" }))));
  return out;
}

function seat(s, v, ctx) {
  const L = ctx.lang;
  const f = s.front;
  const counts = (obj) => Object.entries(obj).filter(([, n]) => n).map(([k, n]) => `${k}×${n}`).join(" ") || "—";
  return el("section", { class: `block undecim-seat${s.seat === v.to_move ? " moving" : ""}`, "data-seat": s.seat },
    el("h4", { "data-target": `seat:${s.seat}` }, el("span", { class: "chip", style: `background:${ctx.colour(s.seat)}` }),
      ` ${ctx.seatName(s.seat)}${s.seat === v.start_player ? " (S)" : ""}`),
    el("p", { class: "stats" },
      stat("VP", s.points), " ", stat(ja(L, "resource cards", "リソースカード"), s.hand_size), " ",
      stat(ja(L, "action cards", "アクションカード"), s.action_cards), " ",
      stat(ja(L, "lands", "土地"), counts(f.lands)), " ", stat(ja(L, "resources", "資源"), counts(f.resources)), " ",
      frontStat(stat(ja(L, "enemies", "敵"), f.enemies), s.seat, "enemy"), " ",
      frontStat(stat(ja(L, "gold", "金"), f.gold), s.seat, "gold"), " ",
      f.fiefs ? stat(ja(L, "fiefs", "版図"), f.fiefs) : null,
      s.enemies_slain ? stat(ja(L, "enemies slain at night", "赤い月の夜の討伐"), s.enemies_slain) : null,
      s.picked ? el("b", { text: ja(L, "has chosen", "選択済み") }) : null),
    s.played ? el("div", { class: "played" }, `${ja(L, "Played", "出したカード")}: `, el("b", { text: `${s.played.number} ${s.played.name}` })) : null,
    s.known_action_cards.length ? el("div", { class: "hint" }, `${ja(L, "Action cards in hand (seen taken)", "手札のアクションカード (公開情報)")}: `,
      s.known_action_cards.map((c) => `${c.number} ${c.name}`).join(", ")) : null,
    el("div", { class: "cards front" }, f.cards.length ? f.cards.map((c) => resource(c, ctx, null, c.shown, s.seat)) : el("span", { class: "muted", text: ja(L, "front: empty", "場: なし") })),
    s.settlements.length ? el("div", { class: "settlements" }, ...s.settlements.map((st) => el("div", { class: "settlement", "data-level": st.level },
      el("b", { text: `${ja(L, "Level", "レベル")} ${st.level}` }), " ",
      st.kind === "mixed" ? ja(L, "mixed", "異なる資源") : st.resource, ": ", st.cards.join(" ")))) : null);
}

// A seat's enemies or gold in its front: a target for taking or giving one.
function frontStat(node, seat, face) {
  node.classList.add("front-stat");
  node.dataset.target = `front:${seat}:${face}`;
  return node;
}

const PHRASES = [
  [/^Play (\d+) (.+?): (.*)$/, "$1 $2 を出す: $3"],
  [/^Take (\d+) (.+?) into your hand$/, "$1 $2 を手札に加える"],
  [/^Swap your (\d+) (.+?) for (\d+) (.+)$/, "手札の $1 $2 と場の $3 $4 を交換"],
  [/^Put (\S+) from your hand into your front as (\S+) .*$/, "手札の $1 を $2 の面で自分の前に置く"],
  [/^Put (\S+) from the market into your front as (\S+) .*$/, "蚤の市の $1 を $2 の面で自分の前に置く"],
  [/^Put (\S+) \(bonus\) into your front as (\S+) .*$/, "ボーナスリソース $1 を $2 の面で置く"],
  [/^Settle with (.+?)( \(mixed\))?$/, (m, kinds, mixed) => `${kinds} で入植${mixed ? " (異なる資源)" : ""}`],
  [/^Develop your (mixed settlement (\S+)|(\S+) settlement) \(level (\d+)\) with (\S+).*\(level (\d+), (\d+) -> (\d+) VP\)$/,
    (m, all, mixed, same, level, what, next, before, after) => `${mixed ? `入植地 ${mixed}` : `${same} の入植地`} (レベル ${level}) を ${what} で発展 (レベル ${next}, ${before} → ${after} VP)`],
  [/^Take a (\S+) \(\w+\) (land|resource) from seat (\d)$/, (m, k, f, s) => `席${s} から${f === "land" ? "土地" : "資源"} ${k} を奪う`],
  [/^Take an enemy from seat (\d)$/, "席$1 から敵を奪う"], [/^Take a gold from seat (\d)$/, "席$1 から金を奪う"],
  [/^Give seat (\d) your a (\S+) .*$/, "席$1 に $2 を渡す"], [/^Give seat (\d) your (an enemy|a gold)$/, (m, s, w) => `席${s} に${w === "a gold" ? "金" : "敵"}を渡す`],
  [/^Take from seat (\d)$/, "席$1 から奪う"],
  [/^Put (\d+) time counter\(s\) on the red moon \((\d+) -> (\d+)\)$/, "赤い月にタイムカウンターを $1 個乗せる ($2 → $3)"],
  [/^Take (\d+) time counter\(s\) off the red moon \((\d+) -> (\d+)\)$/, "赤い月からタイムカウンターを $1 個取り除く ($2 → $3)"],
  [/^Set the moon die to (\d)$/, "ムーンダイスの目を $1 にする"],
  [/^Spend a gold for \+1 \(spent (\d+) so far\)$/, "金1枚を使って +1 (使用済み $1)"],
  [/^Discard an enemy for (\d+) VP$/, "敵1枚を捨てて $1 VP"],
  [/^Keep your action cards$/, "交換しない"], [/^Neither settle nor develop$/, "入植も発展もしない"],
  [/^Spend no \(more\) gold$/, "金を使わない"], [/^Keep your remaining enemies$/, "残りの敵を捨てない"],
  // the log
  [/^Round (\d+): the moon die shows (\d); (\d+) time counter\(s\) come off the red moon \((\d+) left\)\.$/, "ラウンド $1: ムーンダイスは $2、赤い月からタイムカウンター $3 個を取り除く (残り $4)。"],
  [/^(\d+) time counter\(s\) (put on|taken off) the red moon \((\d+) left\)\.$/, (m, n, verb, left) => `赤い月のタイムカウンターを $1 個${verb === "put on" ? "乗せる" : "取り除く"} (残り ${left})。`.replace("$1", n)],
  [/^(\d+) time counters go back on the red moon\.$/, "赤い月にタイムカウンターを $1 個置き直す。"],
  [/^The time counters follow: (\d+) left\.$/, "タイムカウンターも合わせる: 残り $1。"],
  [/^The red moon night falls!( Most enemies \((\d+)\): (.+)\.)?$/, (m, x, n, seats) => `赤い月の夜が訪れた!${x ? ` 最も多く敵を持つ (${n}枚): ${seats}。` : ""}`],
  [/^Land bonus( \(doubled by the night\))?: (.+)\.$/, (m, night, rest) => `土地ボーナス${night ? " (赤い月の夜で2倍)" : ""}: ${rest}。`],
  [/^Award (\S+) \(.+?\): (.+)\.$/, "アワード $1: $2。"],
  [/^Awards: (.+)\.$/, "アワード: $1。"],
  [/^Action cards: (.+)\.$/, "アクションカード: $1。"],
  [/^Seat (\d) settles with (.+) \(level (\d+)\)\.$/, "席$1 が $2 で入植 (レベル $3)。"],
  [/^Seat (\d) develops a settlement with (a gold|\S+) \(level (\d+)\)\.$/, (m, s, w, l) => `席${s} が${w === "a gold" ? "金" : w}で入植地を発展 (レベル ${l})。`],
  [/^Seat (\d) puts (\S+) into its front as (\S+) \(.+?\)( \(bonus resource\))?\.$/, (m, s, card, face, bonus) => `席${s} が ${card} を ${face} の面で置く${bonus ? " (ボーナスリソース)" : ""}。`],
  [/^Seat (\d) takes (\S+) \(.+?\) from seat (\d)\.$/, "席$1 が席$3 から $2 を奪う。"],
  [/^Seat (\d) makes seat (\d) discard (\S+) \(.+?\)\.$/, "席$1 が席$2 に $3 を捨てさせる。"],
  [/^Seat (\d) reveals (.+)\.$/, "席$1 が公開: $2。"],
  [/^Seat (\d) sets the moon die to (\d)\.$/, "席$1 がムーンダイスの目を $2 にする。"],
  [/^Seat (\d) spends a gold \(\+1\)\.$/, "席$1 が金1枚を使う (+1)。"],
  [/^Seat (\d) discards an enemy for (\d+) VP\.$/, "席$1 が敵1枚を捨てて $2 VP。"],
  [/^Seat (\d) keeps its action cards\.$/, "席$1 はアクションカードを交換しない。"],
  [/^Seat (\d) swaps (\d+) (.+?) for (\d+) (.+)\.$/, "席$1 が $2 $3 と場の $4 $5 を交換。"],
  [/^Seat (\d) takes (\d+) (.+?) into its hand\.$/, "席$1 が $2 $3 を手札に加える。"],
  [/^Seat (\d) draws (\d+) card\(s\)\.$/, "席$1 がカードを $2 枚引く。"],
  [/^Seat (\d) scores (\d+) VP from its action card\.$/, "席$1 がアクションカードで $2 VP。"],
  [/^The field shows (.+)\.$/, "場: $1。"],
  [/^The red moon holds (\d+) time counters\. Face up in the field: (.+?)\.( Two action cards stay face down this round\.)?$/, (m, n, field, down) => `赤い月のタイムカウンター ${n} 個。場の表向きのカード: ${field}。${down ? " このラウンドは2枚が伏せたまま。" : ""}`],
  [/^The game ends\. /, "ゲーム終了。 "],
];

export function japanese(text) {
  // a name already shown as written stands once ("交易 交易" -> "交易")
  const named = text.replace(/([^\s:,.()]+) \1(?![^\s:,.()])/g, "$1").replace(/ \(red\)/g, "");
  for (const [pattern, replacement] of PHRASES) {
    if (pattern.test(named)) return named.replace(pattern, replacement).replace(/seat (\d)/g, "席$1");
  }
  return named.replace(/seat (\d)/g, "席$1").replace(/^Seat (\d) /, "席$1 ");
}
