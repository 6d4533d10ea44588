"""Quo Vadis draft 27's rule numbers. Defaults are the rules as written (with RULINGS.md);
the variants are the designer's notes (「問題点」) turned into switches (ruling G1)."""

from __future__ import annotations

from dataclasses import dataclass

from soan.engine.options import Variant, rule

DOMINANCE_MODES = ("grow", "fixed", "attrition", "creation_area")


@dataclass(frozen=True)
class Options:
    rounds: int = rule(10, 1, 30, about="10ラウンド目が終わるとゲーム終了")
    board: str = rule("standard", choices=("standard", "custom"),
                      about="「スタンダード」か「カスタム」のどちらのゲームモード")
    race_choice: bool = rule(True, about="好きな方法で種族を1つ選び; false deals races at random")
    start_cubes: int = rule(7, 0, 30, about="キューブを7個得て…好きなように分けて配置")
    hand_size: int = rule(4, 1, 10, about="4枚ずつ引いて手札…これが最大手札枚数")
    draft_cards: int = rule(6, 1, 10, about="全プレイヤーに6枚ずつ配って手札")
    workers: int = rule(10, 2, 30, about="ワーカーポーン 各種族毎に10個")
    cities: int = rule(5, 0, 10, about="都市は各種族毎に5枚")
    forts: int = rule(2, 0, 10, about="砦は各種族毎に2枚")
    temples: int = rule(1, 0, 5, about="神殿は各種族毎に1枚")
    generations: int = rule(6, 1, 12, about="6つの【世代】と呼ばれるスロット")
    free_faith: int = rule(1, 0, 5, about="【フリー】…≪信仰≫を1個支払う必要があります")
    placement_food: int = rule(1, 0, 5, about="そうでない場合、≪食料≫を1個支払ってください")
    extra_worker_food: int = rule(1, 0, 5, about="≪食料≫を1個支払う毎に、追加でワーカーを1個")
    plea_faith: int = rule(2, 0, 10, about="御無心: ≪信仰≫を2個支払うことによって")
    miracle_faith: int = rule(3, 1, 10, about="奇跡: ≪信仰≫3個を≪神の怒り≫1個に変換")
    prosperity_cap: int = rule(3, 0, 10, about="繁栄: 最大で3VPまでしか得られません")
    wrath_levels: tuple[int, int, int] = rule(
        (3, 4, 5), 1, 20, about="神の怒り 3個: 1マス / 4個: 2マス / 5個以上: 3マスと建造物")
    rings: tuple[int, int] = rule((8, 3), 0, 20, about="地形リング(青8個、その他各3個)")
    die: int = rule(6, 2, 20, about="各自6面体サイコロを1個振って")
    aptitude_die: int = rule(8, 2, 20, about="適性があれば…8面体サイコロを振って")
    war_win_morale: int = rule(1, 0, 5, about="戦争に勝利…≪戦意≫1個を得てください")
    war_loss_wrath: int = rule(1, 0, 5, about="敗北…≪神の怒り≫1個を得てください")
    war_attrition: tuple[int, int] = rule(
        (0, 0), 0, 10, about="「勝ったらワーカー1減衰。負けたらワーカー2減衰。」: workers the "
        "winner and each loser take home from the contested cells (0/0: the loser takes all)")
    war_loser: str = rule("return", choices=("return", "ascend", "keep"),
                          about="the loser's workers go home, ascend, or stay for 1 food each")
    keep_food: int = rule(1, 0, 5, about="「1ワーカー残すのに1フード必要」 (war_loser=keep)")
    dominance: str = rule(
        "grow", choices=DOMINANCE_MODES,
        about="支配力: grow 1 cube each end phase (rules); the notes' fixed cubes per city; "
        "attrition: a lost war takes 1, destroyed at 0; creation_area: +1 in the creation area")
    fixed_dominance: int = rule(
        4, 1, 10, about="the cubes a new city comes with unless dominance=grow: "
        "「都市を建てると「支配力」が4個」 (the last proposal: 「1個支配力がついてくる」)")
    dominance_vp: int = rule(1, 1, 5, about="最終決算: VP per cube on a city (「支配力は1個3VP」)")
    wrath_city: str = rule("destroy", choices=("destroy", "cube"),
                           about="wrath destroys a city, or removes one cube from it")
    building_food: int = rule(0, 0, 5, about="「建設には1食料が必要」 (Q4: nothing as written)")
    cleanup: bool = rule(True, about="ワーカー整理; false lets several workers stay on a cell")


VARIANTS = {
    "default": Variant("Quo Vadis draft 27 as written"),
    "custom": Variant("Custom race boards: each race has its own maxima (カスタム)",
                      {"board": "custom"}),
    "random_races": Variant("Races are dealt at random instead of chosen",
                            {"race_choice": False}),
    "rounds12": Variant("12 rounds, as before draft 27 (「ラウンド数を12から10に変更」)",
                        {"rounds": 12}),
    "no_war_morale": Variant("No morale for winning a war (「なくてもいいだろう」)",
                             {"war_win_morale": 0}),
    "fixed_dominance": Variant("Cities come with 4 dominance; the destroyer scores it, the city "
                               "loses 1", {"dominance": "fixed"}),
    "attrition_dominance": Variant(
        "Cities come with 4 dominance; each lost war takes 1 (1 VP to the winner), "
        "destroyed at 0", {"dominance": "attrition"}),
    "war_attrition": Variant("A war's winner takes 1 worker home, each loser 2 (not all)",
                             {"war_attrition": (1, 2)}),
    "last_proposal": Variant(
        "The notes' last proposal: a city comes with 1 dominance worth 3 VP, +1 in the "
        "creation area; war attrition 1/2",
        {"dominance": "creation_area", "fixed_dominance": 1, "dominance_vp": 3,
         "war_attrition": (1, 2)}),
    "wrath_one_cube": Variant("The wrath of god only removes one cube from a city",
                              {"wrath_city": "cube"}),
    "building_food": Variant("Forts and temples cost 1 food (「建設には1食料が必要」)",
                             {"building_food": 1}),
    "no_forts": Variant("No forts (「実は、砦とかいらんかな」)", {"forts": 0}),
    "no_cleanup": Variant("Several workers may stay on a cell: no worker cleanup",
                          {"cleanup": False}),
    "loser_ascends": Variant("A worker that loses a war ascends instead of going home",
                             {"war_loser": "ascend"}),
    "loser_keeps": Variant("The loser may pay 1 food per worker to keep it on the cell",
                           {"war_loser": "keep"}),
}
