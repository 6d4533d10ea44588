// Quo Vadis draft 27: the world with its rings, pieces and creation area, the genesis
// cards and their markers, every race's resources, generations and skills, and the
// seat's own epic hand, face-down skills and draft hand.

import { el, ja, phaseStat, section, stat } from "../dom.js";
import { areaKey, world } from "../hexworld.js";

// The epic cards in their printed order (the engine's card numbers), with English words.
const CARDS = ["祝福", "労働", "奇跡", "啓示", "繁栄"];
const RESOURCES = ["morale", "food", "faith", "wrath"];
const RESOURCES_JA = { morale: "戦意", food: "食料", faith: "信仰", wrath: "神の怒り" };
const TERRAIN_JA = { plains: "平地", mountain: "山岳", desert: "砂漠", snow: "凍土", sea: "海" };
const PHASES_JA = {
  "race choice": "種族選択", "skill draft": "スキルドラフト", "starting resources": "リソース配置", "basic skill": "基本スキル",
  "area selection": "エリア選択", "wrath of god": "神の怒り", "wrath of god: cells": "神の怒り (マス)", "worker placement": "ワーカー配置",
  "card placement": "手札配置", Miracle: "奇跡", Revelation: "啓示", Prosperity: "繁栄", "generation change: discards": "世代交代 (捨て札)",
  "war: morale": "戦争 (戦意)", "war: keeping workers": "戦争 (ワーカー残留)", city: "都市の建設", "build phase": "建設フェイズ",
  ascension: "アセンション", "skill set": "スキルセット", over: "終了",
};
const CELL = { place: 1, city: 1, fort: 1, temple: 1, keep: 1, smite: 1, move: 2 };
const SKILL = new Set(["pick", "reveal", "skill"]);
const AREA = new Set(["area", "free", "free2"]); // genesis cards naming the creation area: its tile

export function target(action) {
  if (action[0] in CELL) return `cell:${action[CELL[action[0]]]}`;
  if (["card", "plea", "discard"].includes(action[0])) return `card:${action[1]}`;
  if (SKILL.has(action[0])) return `skill:${action[1]}`;
  if (AREA.has(action[0])) return `area:${areaKey(action[1], action[2])}`;
  return null;
}

export function draw(root, message, ctx) {
  const v = message.view;
  const L = ctx.lang;
  root.append(el("p", { class: "phase" },
    stat(ja(L, "Round", "ラウンド"), `${v.round}/${v.rounds}`), " ",
    phaseStat(L, v.phase, PHASES_JA), " ",
    v.area ? stat(ja(L, "Creation area", "創世エリア"), v.area) : null, " ",
    v.acting ? stat(ja(L, "Acting", "アクション"), `${ctx.name(v.acting.card)} × ${v.acting.actions_left}`) : null, " ",
    stat(ja(L, "Epic deck", "山札"), v.deck)));
  if (message.board) {
    const rings = Object.fromEntries(v.world.tiles.filter((t) => t.ring).map((t) => [`${t.pair[0]}-${t.pair[1]}`, t.ring]));
    root.append(el("div", { class: "board" }, world(message.board, v.world.cells, v.area, L, { numbers: "id", rings, tiles: v.world.tiles, terrainNames: L === "ja" ? TERRAIN_JA : null })));
    root.append(legend(v, ctx));
  }
  root.append(genesis(v, ctx));
  if (v.war) root.append(war(v, ctx));
  root.append(races(v, message, ctx));
  if (message.seat !== null && message.seat !== undefined) root.append(...own(v, ctx));
  const discards = Object.entries(v.discard).map(([name, n]) => `${ctx.name(name)} ×${n}`).join(", ");
  root.append(el("p", { class: "hint" }, `${ja(L, "Discards", "捨て札")}: ${discards || "—"}`));
}

function legend(v, ctx) {
  const L = ctx.lang;
  const rings = Object.entries(v.rings_left).map(([t, n]) => `${L === "ja" ? TERRAIN_JA[t] : t} ${n}`).join(" · ");
  return el("p", { class: "hint legend" },
    ja(L, "● worker  ⌂ city (dashed: destroyed)  ■ fort  ▲ temple  □ dominance cubes  ◯ terrain ring", "● ワーカー  ⌂ 都市 (点線: 破壊)  ■ 砦  ▲ 神殿  □ 支配力  ◯ 地形リング"),
    el("br"), `${ja(L, "Terrain rings left", "残りの地形リング")}: ${rings}`);
}

function genesis(v, ctx) {
  const L = ctx.lang;
  const marked = [...v.markers];
  const cards = ["Free", "1", "2", "3", "4", "5"].map((name) => {
    const at = marked.indexOf(name);
    const on = at >= 0;
    if (on) marked.splice(at, 1);
    const twice = on && marked.includes(name);
    return el("div", { class: `card genesis${on ? " marked" : ""}`, "data-genesis": name },
      el("b", { text: name === "Free" ? ja(L, "Free", "フリー") : name }),
      on ? el("div", { class: "meta", text: ja(L, twice ? "2 markers" : "marker", twice ? "マーカー 2個" : "マーカー") }) : null);
  });
  return section(ja(L, "Genesis cards (markers on the last choice)", "創世カード (マーカーは直前の選択)"), el("div", { class: "cards genesis-row" }, cards));
}

function war(v, ctx) {
  const L = ctx.lang;
  const sides = v.war.sides.map((s, i) => `${ctx.seatName(s)}: ${v.war.morale[i]} ${ja(L, "morale", "戦意")}`).join(" · ");
  return section(ja(L, "War", "戦争"), el("p", {}, `${ja(L, "Contested cells", "係争マス")}: ${v.war.contested.join(", ")} — ${sides}`));
}

function resources(s, L) {
  return RESOURCES.map((r) => el("td", { class: `resource ${r}`, "data-resource": r, text: s.race ? `${s.resources[r]}/${s.maxima[r]}` : "—" }));
}

function races(v, message, ctx) {
  const L = ctx.lang;
  const head = [ja(L, "Seat", "席"), ja(L, "Race", "種族"), "VP", ...RESOURCES.map((r) => (L === "ja" ? RESOURCES_JA[r] : r)),
    ja(L, "Workers", "ワーカー"), ja(L, "Cities", "都市"), ja(L, "Forts", "砦"), ja(L, "Temples", "神殿"),
    ja(L, "Hand", "手札"), ja(L, "Generations", "世代"), ja(L, "Skills", "スキル")];
  const rows = v.seats.map((s) => el("tr", { class: s.seat === v.to_move ? "moving" : "", "data-seat": s.seat },
    el("td", {}, el("span", { class: "chip", style: `background:${ctx.colour(s.seat)}` }), ` ${ctx.seatName(s.seat)}${s.seat === v.start_player ? " (S)" : ""}`),
    el("td", { class: "race", title: s.race_english || "" }, s.race ? `${ctx.name(s.race)} (${L === "ja" ? TERRAIN_JA[s.home] : s.home})` : "—"),
    el("td", { class: "total", text: s.vp }), ...resources(s, L),
    el("td", { text: s.workers_left }), el("td", { text: s.cities_left }), el("td", { text: s.forts_left }), el("td", { text: s.temples_left }),
    el("td", { text: s.hand_size }),
    el("td", {}, generations(s, L)),
    el("td", {}, skills(s, message, ctx))));
  return el("table", { class: "gods races" }, el("thead", {}, el("tr", {}, ...head.map((h) => el("th", { text: h })))), el("tbody", {}, rows));
}

function generations(s, L) {
  if (!s.generations.length) return "—";
  return el("ol", { class: "generations" }, ...s.generations.map((g, i) => el("li", { "data-generation": i + 1, title: `${ja(L, "generation", "世代")} ${i + 1}` },
    `${g.top} ×${g.cards}`)));
}

function skills(s, message, ctx) {
  const L = ctx.lang;
  const own = s.seat === message.seat;
  const shown = s.skills.map((k) => skill(k, ctx, own, s.skills_used.includes(k.name)));
  return el("div", {},
    shown.length ? el("div", { class: "cards skills" }, shown) : null,
    el("small", { text: `${ja(L, "face down", "伏せ")}: ${s.face_down_skills}${s.draft_hand_size ? ` · ${ja(L, "draft hand", "ドラフト手札")}: ${s.draft_hand_size}` : ""}` + (s.ascended ? ` · ${ja(L, "ascended", "アセンション")}: ${s.ascended}` : "") + (s.wars_won ? ` · ${ja(L, "wars won", "戦争勝利")}: ${s.wars_won}` : "") + ` · ${ja(L, "majorities", "マジョリティ")}: ${s.majorities}` }));
}

function skill(k, ctx, clickable, used = false) {
  const L = ctx.lang;
  return el("div", { class: `card skill${k.once ? " once" : ""}${used ? " used" : ""}`, "data-target": clickable ? `skill:${k.id}` : null, "data-skill": k.id, title: k.text },
    el("b", { text: ctx.name(k.name) }),
    k.once ? el("div", { class: "meta", text: used ? ja(L, "once: used", "1回のみ: 使用済み") : ja(L, "once per game", "1回のみ") }) : null,
    el("div", { class: "text", text: k.text }));
}

function own(v, ctx) {
  const L = ctx.lang;
  const out = [];
  const hand = CARDS.map((name, k) => [k, v.hand[name] || 0]).filter(([, n]) => n);
  out.push(section(`${ja(L, "Your epic hand", "あなたのエピックカード")} (${hand.reduce((a, [, n]) => a + n, 0)})`,
    hand.length ? el("div", { class: "cards hand" }, ...hand.map(([k, n]) => el("div", { class: `card epic epic-${k}`, "data-target": `card:${k}`, "data-card": k },
      el("b", { text: ctx.name(CARDS[k]) }), el("div", { class: "meta", text: `× ${n}` })))) : el("p", { class: "muted", text: "—" })));
  if (v.draft_hand) out.push(section(ja(L, "Skill draft: pick one", "スキルドラフト: 1枚選ぶ"), el("div", { class: "cards" }, v.draft_hand.map((k) => skill(k, ctx, true)))));
  if (v.basic_choice) out.push(section(ja(L, "Your basic skill (face down)", "基本スキル (伏せ)"), el("div", { class: "cards" }, skill(v.basic_choice, ctx, false))));
  if (v.face_down_skills.length) out.push(section(ja(L, "Your face-down skills", "伏せたスキル"), el("div", { class: "cards" }, v.face_down_skills.map((k) => skill(k, ctx, true)))));
  return out;
}

const PHRASES = [
  [/^Place a worker on cell (\d+) \((\w+)\), free$/, (m, c, t) => `マス ${c} (${TERRAIN_JA[t]}) にワーカーを配置 (無料)`],
  [/^Place a worker on cell (\d+) \((\w+)\), (\d+) food$/, (m, c, t, f) => `マス ${c} (${TERRAIN_JA[t]}) にワーカーを配置 (食料 ${f})`],
  [/^Move a worker from cell (\d+) to cell (\d+) \((\w+)\)$/, (m, a, b, t) => `ワーカーをマス ${a} からマス ${b} (${TERRAIN_JA[t]}) へ移動`],
  [/^Build your city on cell (\d+) \((\w+)\)$/, (m, c, t) => `マス ${c} (${TERRAIN_JA[t]}) に都市を建設`],
  [/^Build a (fort|temple) on cell (\d+) \((\w+)\) \(a worker goes home\)$/, (m, b, c, t) => `マス ${c} (${TERRAIN_JA[t]}) に${b === "fort" ? "砦" : "神殿"}を建設 (ワーカー1個を手元へ)`],
  [/^Strike cell (\d+) \((\w+)\): its workers go home(.*)$/, (m, c, t, rest) => `マス ${c} (${TERRAIN_JA[t]}) に神の怒り: ワーカーを手元へ${rest.replace(/, and destroy seat (\d)'s (.+)$/, (x, s, b) => `、席${s}の${BUILDING_JA[b] || b}を破壊`)}`],
  [/^Pay (\d+) food to keep a worker on cell (\d+)$/, "食料 $1 でマス $2 のワーカーを残す"],
  [/^Cards (\d) and (\d): area (\S+)$/, "創世カード $1 と $2: エリア $3"],
  [/^Card (\d) and Free as (\d) \((\d+) faith\): area (\S+)$/, "創世カード $1 とフリー ($2 として, 信仰 $3): エリア $4"],
  [/^Free twice as (\d) and (\d) \((\d+) faith\): area (\S+)$/, "フリー2枚 ($1 と $2 として, 信仰 $3): エリア $4"],
  [/^Place (\S+) as (\S+) \(御無心, (\d+) faith\) on (.+): \S+ x(\d+)$/, (m, a, b, f, where, n) => `${a} を ${b} として (御無心, 信仰 ${f}) ${generationJa(where)}に配置: ${b} ×${n}`],
  [/^Place (\S+) on (.+): \S+ x(\d+)$/, (m, a, where, n) => `${a} を${generationJa(where)}に配置: ${a} ×${n}`],
  [/^Discard (\S+)$/, "$1 を捨てる"],
  [/^Turn 1 (\w+) into 1 (\w+)$/, (m, a, b) => `${RESOURCES_JA[a]}1個を${RESOURCES_JA[b]}1個に変換`],
  [/^Turn (\d+) faith into 1 wrath$/, "信仰 $1 個を神の怒り1個に変換"],
  [/^Spend (\d+) morale on the war$/, "戦意 $1 個を戦争に使う"],
  [/^Pay all (\d+) wrath: the wrath of god on the area$/, "神の怒りを全て ($1 個) 支払い、創世エリアに天変地異"],
  [/^A worker on your temple ascends: (\d+) VP$/, "神殿のワーカーをアセンション: $1 VP"],
  [/^Start with (\d+) morale, (\d+) food and (\d+) faith$/, "戦意 $1・食料 $2・信仰 $3 で開始"],
  [/^Play the (.+?), home terrain (\w+)$/, (m, name, t) => `${name} を選ぶ (適性: ${TERRAIN_JA[t]})`],
  [/^(Pick|Choose|Set|Use) (.+?)( \(おススメ\))?: (.*)$/, (m, verb, name, tip, text) => `${name} を${{ Pick: "取る", Choose: "基本スキルにする", Set: "スキルセット", Use: "使う" }[verb]}${tip || ""}: ${text}`],
  [/^Place no more workers$/, "これ以上配置しない"], [/^Strike no more cells$/, "これ以上マスを選ばない"],
  [/^Move no more workers$/, "これ以上移動しない"], [/^No more discards or exchanges$/, "これ以上捨てない・変換しない"],
  [/^Discard no more cards$/, "これ以上捨てない"], [/^Build nothing more$/, "これ以上建設しない"],
  [/^Keep no more workers$/, "これ以上残さない"], [/^Keep your wrath$/, "神の怒りを使わない"],
  [/^Keep all the faith$/, "信仰を変換しない"], [/^Do not ascend$/, "アセンションしない"],
  // the log
  [/^Round (\d+): seat (\d)'s turn\.$/, "ラウンド $1: 席$2 の手番。"],
  [/^Seat (\d) places a worker on cell (\d+)( for (\d+) food)?\.$/, (m, s, c, x, f) => `席${s} がマス ${c} にワーカーを配置${f ? ` (食料 ${f})` : ""}。`],
  [/^Seat (\d) moves a worker from cell (\d+) to cell (\d+)\.$/, "席$1 がワーカーをマス $2 からマス $3 へ移動。"],
  [/^Seat (\d) builds a (city|fort|temple) on cell (\d+)\.$/, (m, s, b, c) => `席${s} がマス ${c} に${BUILDING_JA[b]}を建設。`],
  [/^Seat (\d) chooses (.+): the creation area is (\S+)\.$/, (m, s, how, area) => `席${s} の選択 (${genesisJa(how)}): 創世エリアは ${area}。`],
  [/^Seat (\d) (places on generation|starts generation) (\d+) (with )?(.+): (\d+) action\(s\)\.$/, (m, s, verb, g, w, card, n) => `席${s} が第${g}世代${verb.startsWith("starts") ? "を始める (世代交代)" : "に配置"}: ${pleaJa(card)}、アクション ${n} 回。`],
  [/^Seat (\d) discards (\S+)\.$/, "席$1 が $2 を捨てる。"],
  [/^Seat (\d) draws (\d+) card\(s\)\.$/, "席$1 がカードを $2 枚引く。"],
  [/^Seat (\d) spends (\d+) morale on the war\.$/, "席$1 が戦意 $2 個を戦争に使う。"],
  [/^Seat (\d) scores (\d+) VP for (\S+)\.$/, "席$1 が$3で $2 VP。"],
  [/^Seat (\d) plays the (.+?) \(home: (\w+)\)\.$/, (m, s, name, t) => `席${s} の種族は ${name} (適性: ${TERRAIN_JA[t]})。`],
  [/^Seat (\d)'s basic skill: (.+?)\.$/, "席$1 の基本スキル: $2。"],
  [/^Seat (\d) (sets|uses) (.+?): (.*)\.$/, (m, s, verb, name, text) => `席${s} が ${name} を${verb === "sets" ? "スキルセット" : "使う"}: ${text}。`],
  [/^Seat (\d) is the start player\.$/, "席$1 がスタートプレイヤー。"],
  [/^Seat (\d) lays a basic skill face down\.$/, "席$1 が基本スキルを伏せる。"],
  [/^Seat (\d) takes (\d+) morale, (\d+) food and (\d+) faith\.$/, "席$1 が戦意 $2・食料 $3・信仰 $4 を得る。"],
  [/^Seat (\d) takes (\d+) worker\(s\) home in the cleanup\.$/, "席$1 がワーカー整理でワーカー $2 個を手元へ。"],
  [/^Seat (\d)'s worker on its temple ascends: (\d+) VP\.$/, "席$1 の神殿のワーカーがアセンション: $2 VP。"],
  [/^Seat (\d) has no worker on a free cell: no city is built\.$/, "席$1 は空いたマスにワーカーがなく、都市を建設できない。"],
  [/^Seat (\d) loses: its pieces leave the contested cells; it gains (\d+) wrath\.$/, "席$1 が敗北: 係争マスから撤退し、神の怒り $2 個を得る。"],
  [/^War over cell\(s\) (.+?): (.+)\.$/, "係争マス $1 で戦争: $2。"],
  [/^Territory bonus: (\d+) card\(s\) x (\d+) majorit(y|ies) = (\d+) VP for seat (\d)\.$/, "領土ボーナス: $1 枚 × マジョリティ $2 = 席$5 に $4 VP。"],
  [/^The world is laid: (\d+) area tiles \((.+)\)\.$/, "天地開闢: エリアタイル $1 枚 ($2)。"],
  [/^The epic deck is shuffled; every seat draws (\d+)\.$/, "エピックカードをシャッフルし、各自 $1 枚引く。"],
  [/^The skills are shuffled and (\d+) dealt to each seat for the draft\.$/, "スキルカードをシャッフルし、ドラフト用に各自 $1 枚配る。"],
  [/^Every seat picks a skill face down and passes the rest to its left\.$/, "各自スキルを1枚選んで伏せ、残りを左隣へ渡す。"],
  [/^The skill draft is over: every seat holds (\d+) face-down skills\.$/, "スキルドラフト終了: 各自 $1 枚のスキルを伏せて持つ。"],
  [/^The game ends after round (\d+)\. /, "ラウンド $1 でゲーム終了。 "],
];
const BUILDING_JA = { city: "都市", fort: "砦", temple: "神殿", "destroyed city": "破壊された都市" };

function genesisJa(how) {
  return how.replace(/^cards (\d) and (\d)$/, "創世カード $1 と $2")
    .replace(/^card (\d) and Free as (\d) \((\d+) faith\)$/, "創世カード $1 とフリー ($2 として, 信仰 $3)")
    .replace(/^Free twice as (\d) and (\d) \((\d+) faith\)$/, "フリー2枚 ($1 と $2 として, 信仰 $3)");
}

function pleaJa(card) {
  return card.replace(/^(\S+) as (\S+) \(御無心, (\d+) faith\)$/, "$1 を $2 として (御無心, 信仰 $3)");
}

function generationJa(where) {
  const change = where.match(/^start generation (\d+) \(generation change: a city, a skill, (\d+) x majorities VP\)$/);
  if (change) return `第${change[1]}世代 (世代交代: 都市・スキル・${change[2]} × マジョリティ VP) `;
  return where.replace(/^generation (\d+)$/, "第$1世代");
}

export function japanese(text) {
  for (const [pattern, replacement] of PHRASES) {
    if (pattern.test(text)) return text.replace(pattern, replacement).replace(/seat (\d)/g, "席$1");
  }
  return text
    .replace(/^Seat (\d) gains /, "席$1 が得る: ")
    .replace(/(\d+) (morale|food|faith|wrath)\b/g, (m, n, r) => `${RESOURCES_JA[r]} ${n}`)
    .replace(/ from its skills/, " (スキル)")
    .replace(/^War: /, "戦争: ").replace(/ wins\.$/, " の勝利。").replace(/a draw at the top between/, "引き分け:")
    .replace(/seat (\d)/g, "席$1").replace(/^Seat (\d) /, "席$1 ");
}
