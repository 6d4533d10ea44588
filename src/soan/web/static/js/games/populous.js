// Populous draft 5: the world with its pieces and the area in play, every god's
// tracks, genesis cards and grace area, and the seat's own grace hand.

import { el, ja, phaseStat, section, stat } from "../dom.js";
import { areaKey, world } from "../hexworld.js";

const ACTIONS_JA = { Blessing: "祝福", Revelation: "啓示", Prosperity: "繁栄", Disaster: "天災", Labour: "労働" };
const TERRAIN_JA = { plains: "平地", mountain: "山岳", desert: "砂漠", snow: "氷雪", sea: "海", scorched: "焦熱" };
const PHASES_JA = {
  "race choice": "種族選択", "grace setup": "恩寵準備", "area selection": "エリア選択", action: "アクション",
  disaster: "天災", "worker placement": "ワーカー配置", revelation: "啓示", prosperity: "繁栄", vandal: "ヴァンダル",
  grace: "恩寵", "grace discard": "恩寵の破棄", "war bidding": "戦争 (フード投入)", "war losses": "戦争の損失", over: "終了",
};
const CELL = new Set(["place", "remove", "build", "vandal", "return"]);
const CARD = new Set(["grace", "discard", "keep"]);

// Lowering two genesis cards (or one and the wild card) picks an area: its tile on the
// board; lowering one card picks an action: that card among the seat's genesis cards.
export function target(action) {
  if (CELL.has(action[0])) return `cell:${action[1]}`;
  if (CARD.has(action[0])) return `card:${action[1]}`;
  if (action[0] === "area" || action[0] === "wild") return `area:${areaKey(action[1], action[2])}`;
  if (action[0] === "act") return `genesis:${action[1]}`;
  if (action[0] === "wildact") return "genesis:W";
  return null;
}

export function draw(root, message, ctx) {
  const v = message.view;
  const L = ctx.lang;
  const action = v.action ? (L === "ja" ? ACTIONS_JA[v.action] : v.action) : null;
  root.append(el("p", { class: "phase" },
    stat(ja(L, "Turn", "ターン"), v.turn), " ", phaseStat(L, v.phase, PHASES_JA),
    v.area ? stat(ja(L, "Area", "エリア"), v.area) : null, " ",
    action ? stat(ja(L, "Action", "アクション"), action + (v.wild_used ? " (W)" : "")) : null,
    v.ending ? el("b", { class: "warn", text: ja(L, " Last round", " 最終ラウンド") }) : null));
  if (message.board) root.append(el("div", { class: "board" }, world(message.board, v.world.cells, v.area, L, { tiles: v.world.tiles })));
  if (v.war) root.append(war(v, ctx));
  root.append(gods(v, message, ctx));
  if (v.offer) root.append(section(ja(L, "Grace cards offered: keep some", "配られた恩寵カード: 残すものを選ぶ"), cards(v.offer, ctx)));
  if (v.hand) root.append(section(ja(L, "Your grace hand", "あなたの恩寵カード"), cards(v.hand, ctx)));
  root.append(el("p", { class: "hint" }, `${ja(L, "Grace deck", "恩寵の山札")}: ${v.deck} · ${ja(L, "discards", "捨て札")}: `,
    v.discard.length ? v.discard.map(ctx.name).join(", ") : "—"));
}

function war(v, ctx) {
  const L = ctx.lang;
  return section(ja(L, "War", "戦争"), el("p", {},
    v.war.sides.map((s) => (s === 5 ? ja(L, "vandals", "ヴァンダル") : `${ctx.seatName(s)}: ${v.war.bids[s]} ${ja(L, "food", "フード")}`)).join(" · ")));
}

function gods(v, message, ctx) {
  const L = ctx.lang;
  const head = [ja(L, "Seat", "席"), ja(L, "Race", "種族"), "VP", "FP", ja(L, "Score", "得点"), ja(L, "Food", "フード"),
    ja(L, "Workers (stock)", "ワーカー (在庫)"), ja(L, "Houses (stock)", "ハウス (在庫)"), ja(L, "Hand", "手札"), ja(L, "Genesis up", "創世カード (表)"),
    ja(L, "Grace area", "恩寵エリア")];
  const rows = v.seats.map((s) => el("tr", { class: s.seat === v.to_move ? "moving" : "", "data-seat": s.seat },
    el("td", {}, el("span", { class: "chip", style: `background:${ctx.colour(s.seat)}` }), ` ${ctx.seatName(s.seat)}${s.seat === v.start_player ? " (S)" : ""}`),
    el("td", { title: s.race_text || "" }, s.race ? ctx.name(s.race) : "—"),
    el("td", { text: s.vp }), el("td", { text: s.fp }), el("td", { class: "total", text: s.score }), el("td", { text: s.food }),
    el("td", { text: `${s.workers_on_map} (${s.workers_left})` }), el("td", { text: s.houses_left }),
    el("td", { text: s.hand_size }), el("td", { class: "genesis" }, s.genesis.up.length ? s.genesis.up.map((g) => el("span", {
      class: "genesis-card", "data-genesis": g, "data-target": s.seat === message.seat ? `genesis:${g}` : null, text: g,
    })) : "—"),
    el("td", {}, s.grace_area.length ? cards(s.grace_area, ctx, s.seat === message.seat) : "—")));
  return el("table", { class: "gods" }, el("thead", {}, el("tr", {}, ...head.map((h) => el("th", { text: h })))), el("tbody", {}, rows));
}

function cards(list, ctx, own = true) {
  return el("div", { class: "cards" }, ...list.map((c) => el("div", {
    class: `card grace ${c.kind}`, "data-target": own ? `card:${c.id}` : null, "data-card": c.id, title: c.text,
  }, el("b", { text: ctx.name(c.name) }),
  el("div", { class: "meta", text: `${c.kind} · ${c.cost} FP` }), el("div", { class: "text", text: c.text }))));
}

export function japanese(text) {
  let out = text;
  for (const [en, jp] of Object.entries(ACTIONS_JA)) out = out.replaceAll(en, jp);
  for (const [en, jp] of Object.entries(TERRAIN_JA)) out = out.replace(new RegExp(`\\(${en}\\)`, "g"), `(${jp})`);
  return out
    .replace(/^Lower (\d) and (\d): area (\S+)$/, "$1 と $2 を伏せる: エリア $3")
    .replace(/^Lower (\d) and the wild card as (\d): area (\S+) \(a vandal appears\)$/, "$1 とワイルド ($2 として) を伏せる: エリア $3 (ヴァンダル出現)")
    .replace(/^Lower the wild card as (\d): (\S+) \(a vandal appears\)$/, "ワイルド ($1 として) を伏せる: $2 (ヴァンダル出現)")
    .replace(/^Lower (\d): (\S+)$/, "$1 を伏せる: $2")
    .replace(/^Place a worker on (.+), free$/, "$1 にワーカーを置く (無料)")
    .replace(/^Place a worker on (.+), pay (\d+) food$/, "$1 にワーカーを置く (フード $2)")
    .replace(/^Place no more workers$/, "これ以上置かない")
    .replace(/^Draw no more cards$/, "これ以上引かない")
    .replace(/^Play no grace card$/, "恩寵カードを使わない")
    .replace(/^Pay 1 food to draw another grace card$/, "フード1で恩寵カードをもう1枚引く")
    .replace(/^Build a house on (.+)$/, "$1 にハウスを建てる")
    .replace(/^Remove the vandal from (.+)$/, "$1 のヴァンダルを取り除く")
    .replace(/^Remove seat (\d)'s worker from (.+)$/, "$2 の席$1のワーカーを取り除く")
    .replace(/^Put the vandal on (.+)$/, "$1 にヴァンダルを置く")
    .replace(/^Send the vandal on (.+) to the stock$/, "$1 のヴァンダルをストックに戻す")
    .replace(/^Return your (worker|house) from (.+)$/, (m, p, c) => `${c} の${p === "house" ? "ハウス" : "ワーカー"}を戻す`)
    .replace(/^Pay 1 food to commit one more piece \(now (\d+)\)$/, "フード1で戦力を1つ追加 (現在 $1)")
    .replace(/^Add no more food this round$/, "このラウンドはフードを追加しない")
    .replace(/^Play (.+) for (\d+) FP: (.*)$/, "$1 を $2 FP で使う: $3")
    .replace(/^Discard (.+) from your grace area$/, "恩寵エリアの $1 を捨てる")
    .replace(/^Keep (.+?) \(/, "$1 を残す (")
    .replace(/^Play the (.+?) \(/, "$1 を選ぶ (")
    .replace(/^Turn (\d+): seat (\d)\.$/, "ターン $1: 席$2。")
    .replace(/^Seat (\d) lowers (\d) and the wild card as (\d)\.$/, "席$1 が $2 とワイルド ($3 として) を伏せる。")
    .replace(/^Seat (\d) lowers (\d) and (\d)\.$/, "席$1 が $2 と $3 を伏せる。")
    .replace(/^Seat (\d) lowers the wild card as (\d): (\S+) in (\S+)\.$/, "席$1 がワイルド ($2 として) を伏せる: $4 で$3。")
    .replace(/^Seat (\d) lowers (\d): (\S+) in (\S+)\.$/, "席$1 が $2 を伏せる: $4 で$3。")
    .replace(/^Seat (\d) places a worker on (\S+)(.*)\.$/, "席$1 が $2 にワーカーを置く$3。")
    .replace(/^Seat (\d) draws (\d+) grace card\(s\)\.$/, "席$1 が恩寵カードを $2 枚引く。")
    .replace(/^Seat (\d) pays 1 food to draw another grace card\.$/, "席$1 がフード1で恩寵カードをもう1枚引く。")
    .replace(/^Seat (\d) builds a house on (\S+)\.$/, "席$1 が $2 にハウスを建てる。")
    .replace(/^Seat (\d) scores (\d+) VP for (\S+)\.$/, "席$1 が$3で $2 VP。")
    .replace(/^Seat (\d) scores (\d+) VP for the war\.$/, "席$1 が戦争で $2 VP。")
    .replace(/^Seat (\d) plays the (.+)\.$/, "席$1 の種族は $2。")
    .replace(/^Seat (\d) plays (.+) for (\d+) FP\.$/, "席$1 が $2 を $3 FP で使う。")
    .replace(/^Seat (\d) keeps (\d+) grace cards\.$/, "席$1 が恩寵カードを $2 枚残す。")
    .replace(/^Seat (\d) discards (.+) from its grace area\.$/, "席$1 が恩寵エリアの $2 を捨てる。")
    .replace(/^Seat (\d) gains (\d+) food and (\d+) FP from (\S+)\.$/, "席$1 が$4でフード $2 と $3 FP を得る。")
    .replace(/^Seat (\d) gains (\d+) FP from the disaster\.$/, "席$1 が天災で $2 FP を得る。")
    .replace(/^Seat (\d) receives the S-marked wild card and starts\.$/, "席$1 が S のワイルドカードを受け取り、最初の手番になる。")
    .replace(/^A vandal appears on (\S+)\.$/, "$1 にヴァンダルが出現。")
    .replace(/^War breaks out in (\S+): (.+)\.$/, "$1 で戦争: $2。")
    .replace(/^The world is laid: (\d+) area tiles \((.+)\)\.$/, "天地開闢: エリアタイル $1 枚 ($2)。")
    .replace(/^The unkept grace cards are shuffled back into the deck\.$/, "残さなかった恩寵カードを山札に戻して混ぜる。")
    .replace(/^The game ends\. /, "ゲーム終了。 ")
    .replace(/^Seat (\d) /, "席$1 ");
}
