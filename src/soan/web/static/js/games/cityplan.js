// City Plan Delta: the income cards, the parliament, every city (tableau) with its
// power and councillors, the action cards, and the seat's own hand.

import { el, ja, phaseStat, section, stat } from "../dom.js";

const ACTION_CARDS = { 1: ["Income", "収入"], 2: ["Exchange", "交換"], 3: ["Parliament", "議会"] };
const PHASES_JA = { action: "アクション", exchange: "交換", build: "建設", pay: "支払い", "hand limit": "手札制限", over: "終了" };
const TYPES_JA = { residential: "住宅", commercial: "商業", industrial: "工業", "special facility": "特殊施設", "power plant": "発電所" };

export function target(action) {
  if (action[0] === "act") return `act:${action[1]}`;
  if (["build", "pay", "discard"].includes(action[0])) return `card:${action[1]}`;
  return null;
}

export function draw(root, message, ctx) {
  const v = message.view;
  const L = ctx.lang;
  root.append(el("p", { class: "phase" },
    stat(ja(L, "Turn", "ターン"), v.turn), " ", phaseStat(L, v.phase, PHASES_JA), " ",
    stat(ja(L, "Mayor", "市長"), `${ja(L, "seat", "席")} ${v.mayor + 1}`), " ",
    stat(ja(L, "Deck", "山札"), v.deck), " ", stat(ja(L, "Discards", "捨て札"), v.discard), " ",
    stat(ja(L, "Parliament", "議会"), v.parliament.open ? `${v.parliament.chips} ${ja(L, "chips left", "枚残り")}` : ja(L, "not open", "未開設"))));
  root.append(section(ja(L, "Income cards (lowest first)", "収入カード (小さい順)"), el("div", { class: "cards income" },
    ...v.income_cards.map((c) => el("div", { class: `card income${c.fired ? " fired" : ""}` },
      el("b", { text: `${c.value} ${ctx.name(c.name)}` }),
      el("div", { class: "text", text: c.fired ? ja(L, "fired", "発動済み") : c.text }))))));
  if (message.seat !== null && message.seat !== undefined && v.phase === "action") {
    root.append(section(ja(L, "Action cards", "アクションカード"), el("div", { class: "cards actions" },
      ...Object.entries(ACTION_CARDS).map(([n, names]) => el("div", {
        class: `card action${v.my_action === names[0] ? " picked" : ""}`, "data-target": `act:${n}`,
      }, el("b", { text: n }), " ", L === "ja" ? names[1] : names[0])))));
  }
  if (v.building) root.append(section(ja(L, "Being built", "建設中"), el("div", { class: "cards" }, card(v.building, ctx, false))));
  if (v.hand) {
    const title = `${ja(L, "Your hand", "手札")} (${v.hand.length})${v.my_action ? ` · ${ja(L, "your action", "アクション")}: ${L === "ja" ? actionJa(v.my_action) : v.my_action}` : ""}`;
    root.append(section(title, el("div", { class: "cards hand" }, ...v.hand.map((c) => card(c, ctx, true)))));
  }
  for (const s of v.seats) root.append(city(s, v, message, ctx));
  if (v.lottery) {
    root.append(section(ja(L, "City bonus lottery", "都市ボーナス"), ...v.lottery.map((drawn, seat) => el("p", {},
      `${ctx.seatName(seat)}: `, drawn.length ? drawn.map((c) => ctx.name(c.name)).join(", ") : "—"))));
  }
}

function actionJa(name) {
  const found = Object.values(ACTION_CARDS).find(([en]) => en === name);
  return found ? found[1] : name;
}

function city(s, v, message, ctx) {
  const L = ctx.lang;
  const action = s.action ? (L === "ja" ? actionJa(s.action) : s.action) : s.picked ? ja(L, "has picked", "選択済み") : null;
  return el("section", { class: `block city${s.seat === v.to_move ? " moving" : ""}`, "data-seat": s.seat },
    el("h4", {}, el("span", { class: "chip", style: `background:${ctx.colour(s.seat)}` }), ` ${ctx.seatName(s.seat)}`,
      s.seat === v.mayor ? ` · ${ja(L, "mayor", "市長")}` : ""),
    el("p", { class: "stats" },
      stat(ja(L, "buildings", "建物"), s.tableau.length), " ", stat(ja(L, "power", "パワー"), s.power), " ",
      stat(ja(L, "councillors", "議員"), s.councillors), " ", stat(ja(L, "hand", "手札"), s.hand_size), " ",
      s.free_builds ? stat(ja(L, "free builds", "無料建設"), s.free_builds) : null,
      action ? stat(ja(L, "action", "アクション"), action) : null),
    el("div", { class: "cards tableau" }, ...s.tableau.map((c) => card(c, ctx, false))));
}

function card(c, ctx, own) {
  const L = ctx.lang;
  const type = L === "ja" ? c.type.split(" + ").map((x) => TYPES_JA[x] || x).join("+") : c.type;
  const power = "output" in c ? `+${c.output}⚡` : `${c.power}⚡`;
  return el("div", { class: `card building ${c.type.split(" ")[0]}${c.eco ? " eco" : ""}`, "data-target": own ? `card:${c.id}` : null, "data-card": c.id, title: c.effect || "" },
    el("b", { text: ctx.name(c.name) }),
    el("div", { class: "meta", text: `${type}${c.eco ? " · eco" : ""}` }),
    el("div", { class: "meta", text: `${ja(L, "cost", "コスト")} ${c.cost} · ${power} · ${c.points}${ja(L, "pt", "点")}` }),
    c.effect ? el("div", { class: "text", text: c.effect }) : null);
}

export function japanese(text) {
  let out = text
    .replace(/^Play action card (\d) (\w+)$/, (m, n, name) => `アクションカード ${n} ${actionJa(name)} を出す`)
    .replace(/^Done \(draw (\d+) card\(s\)\)$/, "交換を終える ($1 枚引く)")
    .replace(/^Build nothing: draw (\d+) cards$/, "建設しない: $1 枚引く")
    .replace(/^Build (.+) \(pay (\d+) card\(s\), \+(\d+) power, (-?\d+) pt\)$/, "$1 を建設 (カード $2 枚, パワー +$3, $4 点)")
    .replace(/^Build (.+) \(pay (\d+) card\(s\) and (\d+) power, (-?\d+) pt\)$/, "$1 を建設 (カード $2 枚とパワー $3, $4 点)")
    .replace(/^Pay with (.+)$/, "$1 で支払う")
    .replace(/^Discard (.+)$/, "$1 を捨てる")
    .replace(/^Turn (\d+): seat (\d) is mayor\.$/, "ターン $1: 席$2 が市長。")
    .replace(/^Seat (\d) draws a card\.$/, "席$1 がカードを1枚引く。")
    .replace(/^Seat (\d) takes a councillor chip\.$/, "席$1 が議員チップを1枚取る。")
    .replace(/^Seat (\d) builds nothing and draws (\d+) card\(s\)\.$/, "席$1 は建設せず $2 枚引く。")
    .replace(/^Seat (\d) builds (.+) \((\d+) buildings\)\.$/, "席$1 が $2 を建設 ($3 軒)。")
    .replace(/^Seat (\d) exchanges (\d+) card\(s\)\.$/, "席$1 が $2 枚交換。")
    .replace(/^Seat (\d) discards down to (\d+) cards\.$/, "席$1 が手札を $2 枚まで捨てる。")
    .replace(/^Parliament opens with (\d+) councillor chips\.$/, "議会が開設、議員チップ $1 枚。")
    .replace(/^The discards are shuffled into a new deck\.$/, "捨て札を混ぜて新しい山札にする。")
    .replace(/^The game ends\. /, "ゲーム終了。 ")
    .replace(/^Income card (\d+) (.+) fires: (.+)\.$/, "収入カード $1 $2 が発動: $3。");
  if (out.startsWith("Action cards: ")) {
    out = "アクションカード: " + out.slice(14).replace(/seat (\d) (\w+)/g, (m, s, name) => `席${s} ${actionJa(name)}`);
  }
  return out.replace(/seat (\d)/g, "席$1").replace(/ draw (\d+)/g, " が $1 枚引く").replace(/nobody qualifies to draw/, "該当者なし");
}
