"""Makers of the endgame puzzles ("target"): the last tricks of a deal with a real decision
(several legal cards, some of them losing the target), judged by the solver."""

from __future__ import annotations

import random

from fortyfive.engine.cards import Card, parse_card
from fortyfive.engine.game import Game
from fortyfive.engine.phase import Phase
from fortyfive.engine.rules import get_rules, rules_tables
from fortyfive.puzzles._parts import position_game
from fortyfive.puzzles.generate._common import Made, _deal, _play


def _target(rng: random.Random, d: int, preset: str) -> Made:
    """The last tricks of a deal, some legal card losing the target, and from three tricks
    left always playing the first card shown failing it
    (:func:`~fortyfive.puzzles._endgame_kind.blind_line_makes`)."""
    from fortyfive.puzzles._endgame_kind import blind_line_makes
    from fortyfive.solve.solver import solve

    rules = get_rules(preset)
    left = {1: 2, 2: 3, 3: 3}[d]
    done = rules.hand_size - left  # tricks played before the endgame starts
    seed = rng.randrange(2**31)
    pos = _play(
        _deal(rules, rng),
        rules,
        seed,
        lambda g: g.phase == Phase.PLAY and g.tricks_played >= done and not g.trick,
    )
    g = position_game(rules, pos)
    if g.over or g.phase != Phase.PLAY or g.tricks_played != done or len(g.deals) != 1:
        return None
    s = solve(g)
    worse = [a for a, v in s.values.items() if v < s.value]
    if not worse or len(s.best) > (2 if d == 1 else 1) or s.value <= s.taken:
        return None
    if left > 2 and blind_line_makes(g, rules.partnerships[g.to_act or 0], s.value):
        return None  # always the first card shown would solve it (with two tricks left, a
        # bruff deal of three or more legal cards that it fails is too rare to draw)
    pos["target"] = s.value
    prompt = (
        f"{left} tricks are left and every hand is open. Play your side's cards so that it "
        f"takes at least {s.value} points in this deal against perfect defence."
    )
    ids = ("R3.2", "R10.1") if rules.auction else ("R3.2", "R7.1", "R7.2")
    return preset, pos, prompt, ids


def _target_choice(rng: random.Random, d: int, preset: str) -> Made:
    """An endgame that is a real decision: three or more legal cards for the first move, and
    fewer keep the target (the ``<preset>-choice`` variants)."""
    made = _target(rng, d, preset)
    if made is None:
        return None
    g = position_game(get_rules(preset), made[1])
    return made if len(g.legal_actions()) >= 3 else None


#: Tricks left at the start of an endgame of each difficulty, and the most a card picked at
#: random at each of your turns may make the target (a coin flip is 0.5).
_ENDGAME_LEFT = {1: 3, 2: 3, 3: 4}
_ENDGAME_CHANCE = {1: 0.5, 2: 1 / 3, 3: 1 / 3}
_THEME_RULES = {
    "play": (),
    "draw": ("R4.1",),
    "renege": ("R5.2", "R5.3"),
    "bonus": (),
    "defend": (),  # R10.2, as for any theme that sets the bidders: defends_contract
    "throw": (),
    "lead": (),  # the opening lead: whatever the first card does
}


#: Themes an endgame asks one at a time (a bonus or a contract may come with any of them).
_SINGLE = ("draw", "renege", "throw")


def _endgame(rng: random.Random, d: int, variant: str) -> Made:
    """A real decision (variant ``<preset>-<theme>``): at least three legal cards at the first
    move, at least one of them losing the target, a card picked at random at each of your
    turns makes it at most half the time (a third from difficulty 2; one right card only), and
    always playing the first legal card shown (the hand sorted trumps first, highest first,
    R2.3) fails it (:func:`~fortyfive.puzzles._endgame_kind.blind_line_makes`).
    Themes (:data:`fortyfive.puzzles._endgame_kind.THEMES`, or ``play``: none asked) are what the
    one right first card does, as :func:`~fortyfive.puzzles._endgame_kind.analyse_move` finds it;
    a theme's endgame has that theme alone among the draw, keep-a-guard (renege) and throw themes,
    so that two endgames of different themes teach different ideas."""
    from fortyfive.puzzles._endgame_kind import (
        analyse_move,
        blind_line_makes,
        defends_contract,
        guess_chance,
        target_prompt,
    )
    from fortyfive.solve.solver import solve

    preset, theme = variant.split("-")
    rules = get_rules(preset)
    # tricks played before the endgame starts; ``lead``: none, the deal's opening lead (R6.7)
    done = 0 if theme == "lead" else rules.hand_size - _ENDGAME_LEFT[d]

    def start(g: Game) -> bool:
        if g.phase != Phase.PLAY or g.tricks_played != done or g.trick:
            return False
        if theme == "lead" and g.robber is not None:
            return False  # the ace of trumps out: a rob to judge too, which the lead is not
        bidder = g.deals[-1].bidder
        return theme != "defend" or rules.partnerships[g.to_act or 0] != rules.partnerships[bidder]

    pos = _play(_deal(rules, rng), rules, rng.randrange(2**31), start)
    g = position_game(rules, pos)
    if g.over or len(g.deals) != 1 or not start(g):
        return None
    if theme == "renege":  # a trump led into a hand that may keep its protected trumps
        t = rules_tables(rules, g.trump or "S")
        leads = [c for c in _legal_cards(g) if t.is_trump(c.id)]
        rng.shuffle(leads)
        for lead in leads:
            after = g.copy()
            after.apply(f"play {lead}")
            if any(not t.is_trump(c.id) for c in _legal_cards(after)) and any(
                t.is_trump(c.id) for c in after.hand(after.to_act or 0)
            ):
                pos["actions"] = [*pos["actions"], f"play {lead}"]
                g = after
                break
        else:
            return None
    s = solve(g)
    target = s.value
    if theme == "defend":
        bid = g.deals[-1].bid
        target = rules.deal_points + rules.trick_points - bid  # the bidders below their bid
        if bid < 15 or s.value < target:
            return None
    if target <= s.taken:
        return None
    keeping = [a for a, v in s.values.items() if v >= target]
    if len(s.values) < 3 or len(keeping) != 1:
        return None  # one right first card, the solver's proof that every other one loses
    if g.turnup is not None and f"play {g.turnup}" in keeping:
        return None  # the facts name the turn-up: the answer would be on the screen
    if theme == "lead" and keeping[0] == f"play {_first_shown(g)}":
        return None  # the opening lead is not the hand's top trump, the lead a rule of thumb gives
    side = rules.partnerships[g.to_act or 0]
    found = analyse_move(g, keeping[0], target).themes
    if theme not in ("play", "lead") and theme not in found:
        return None
    if theme in _SINGLE and any(t in found for t in _SINGLE if t != theme):
        return None  # one idea per endgame
    if blind_line_makes(g, side, target):
        return None  # always the first card shown (the highest trump) would solve it
    if guess_chance(g, side, target) > _ENDGAME_CHANCE[d]:
        return None
    pos["target"] = target
    ids: tuple[str, ...] = ("R3.2", "R10.1") if rules.auction else ("R3.2", "R7.1", "R7.2")
    if defends_contract(g, side, target):  # any theme: the learner sets the bidders (R10.2)
        ids += ("R10.2",)
    return preset, pos, target_prompt(g, side, target), ids + _THEME_RULES[theme]


def _legal_cards(g: Game) -> list[Card]:
    return [parse_card(a.split()[-1]) for a in g.legal_actions() if a.startswith("play ")]


#: A race's tricks left at each difficulty.
_RACE_LEFT = {1: 3, 2: 3, 3: 4}
#: The race's themes: what the one winning card does. ``first``: takes its trick and the
#: side gets to 45 on its tricks alone; ``give``: gives its trick to a partnership that cannot
#: win with it; ``bonus``: the win counts the bonus back to the trick its trump took (R8.2).
RACE_THEMES = ("first", "give", "bonus")


def _race(rng: random.Random, d: int, theme: str) -> Made:
    """A bruff race to 45 (R8.1) decided in this deal, of ``theme`` (:data:`RACE_THEMES`):
    scores near 45, exactly one of three or more legal cards keeps the side's win forced (the
    solver's R8.6 search), some card that loses the race takes as many points in the deal (the
    points do not tell), and the first card shown (the highest trump) is not the answer."""
    from fortyfive.puzzles._race_kind import play_line, race_prompt, reached, winning_moves
    from fortyfive.solve.solver import can_force_win, solve

    rules = get_rules("bruff")
    left = _RACE_LEFT[d]
    done = rules.hand_size - left
    scores = [rng.randrange(20, rules.target, rules.trick_points) for _ in range(3)]
    pos = _play(
        _deal(rules, rng, scores),
        rules,
        rng.randrange(2**31),
        lambda g: g.phase == Phase.PLAY and g.tricks_played >= done and not g.trick,
    )
    g = position_game(rules, pos)
    if g.over or g.phase != Phase.PLAY or g.tricks_played != done or len(g.deals) != 1:
        return None
    assert g.to_act is not None
    side = rules.partnerships[g.to_act]
    if len(g.legal_actions()) < 3 or (theme == "bonus" and g.bonus_certain()):
        return None
    if not can_force_win(g):
        return None
    right = winning_moves(g, side)
    if len(right) != 1:
        return None
    values = solve(g).values
    if not any(v >= values[right[0]] for a, v in values.items() if a != right[0]):
        return None  # the points would tell the card
    if f"play {_first_shown(g)}" == right[0]:
        return None  # the first card shown, the highest trump, would be the answer
    won = play_line(g, side, right[0])
    first = reached(won, 1)
    bonus = first is not None and first[2]
    took = rules.partnerships[won.deals[0].tricks[done].winner] == side
    if (theme == "bonus") != bonus or (theme == "give") == took:
        return None
    ids: tuple[str, ...] = ("R3.2", "R7.1", "R7.2", "R8.1", "R8.6")
    if bonus:
        ids += ("R8.2",)
    return "bruff", pos, race_prompt(g), ids


def _first_shown(g: Game) -> Card:
    from fortyfive.puzzles._endgame_kind import shown_hand

    legal = set(_legal_cards(g))
    return next(c for c in shown_hand(g) if c in legal)
