"""Makers of the deal puzzles, on a whole deal of either preset: rob and give-up (R6), score
(R7, R10), game-winner (R8) and calls (R9)."""

from __future__ import annotations

import random

from fortyfive.agents.bots import best_suit
from fortyfive.engine.cards import SUITS, parse_card
from fortyfive.engine.phase import Phase
from fortyfive.engine.rules import BARKER, BRUFF, get_rules, rules_tables
from fortyfive.engine.scoring import running_totals
from fortyfive.puzzles._give_up import GiveUpRun
from fortyfive.puzzles._parts import chronology_steps, position_game
from fortyfive.puzzles.generate._common import Made, _deal, _first_trick, _give_stock, _play
from fortyfive.puzzles.model import Puzzle


def _rob_in_trick(rng: random.Random, want: str) -> Made:
    """R6.6: the first trick under way, the robber still to play (``before``; ``dealer-before``:
    the turn-up is the ace, so the robber is the dealer, who plays last to it) or past its first
    play (``after``)."""
    pos = _deal(BRUFF, rng)
    if pos["stock"][0] == "JK":
        return None
    g = position_game(BRUFF, pos)
    if g.robber is None or g.to_act is None:
        return None
    if want == "dealer-before" and pos["stock"][0] != f"A{pos['stock'][0][1]}":
        return None  # the dealer robs the turned-up ace (R6.5), though nobody holds it
    ahead = (g.robber - g.to_act) % BRUFF.players  # plays before the robber's turn
    if want in ("before", "dealer-before"):
        if ahead == 0:
            return None
        plays = rng.randrange(1, ahead + 1)
        rule_ids: tuple[str, ...] = ("R6.5", "R6.6", "R8.7")
    else:
        if ahead >= BRUFF.players - 1:
            return None
        plays = rng.randrange(ahead + 1, BRUFF.players)
        rule_ids = ("R6.5", "R6.6")
    pos = _first_trick(pos, rng, plays)
    prompt = "The first trick is under way. Who may still rob the turn-up?"
    return "bruff", pos, prompt, rule_ids


def _rob(rng: random.Random, d: int, want: str) -> Made:
    if want in ("before", "after", "dealer-before"):
        return _rob_in_trick(rng, want)
    pos = _deal(BRUFF, rng)
    stock = pos["stock"]
    if want in ("joker", "joker-ace", "joker-dealer"):
        if "JK" not in stock:
            return None
        stock.remove("JK")
        stock.insert(0, "JK")
    top = stock[1] if stock[0] == "JK" else stock[0]
    trump = top[1]
    ace = "A" + trump
    holder = next((s for s, h in enumerate(pos["hands"]) if ace in h), None)
    cases = {
        "holder": holder is not None and trump != "S",
        # the AH holder is not the robber: AS is (R6.5)
        "spades": trump == "S" and holder is not None and any("AH" in h for h in pos["hands"]),
        "dealer": top == ace,
        "nobody": holder is None and top != ace,
        # the dealer took the joker; the ace's holder robs the next card (R6.4, R6.5)
        "joker": stock[0] == "JK" and holder not in (None, pos["dealer"]),
        # the dealer took the joker and holds the ace of the trumps it turned up next: that
        # exchange was no rob, so the dealer may rob as well (R6.4, R6.6)
        "joker-dealer": stock[0] == "JK" and holder == pos["dealer"] and top != ace,
        # the dealer took the joker and turned up the ace of trumps: the dealer robs it too
        "joker-ace": stock[0] == "JK" and top == ace,
    }
    if not cases[want]:
        return None
    if stock[0] == "JK":
        g = position_game(BRUFF, pos)
        pos["actions"] = [rng.choice(g.legal_actions())]
        robber = pos["dealer"] if top == ace else holder
        if position_game(BRUFF, pos).robber != robber:
            return None  # the dealer buried the ace
    rule_ids = ("R6.4", "R6.5", "R6.6") if stock[0] == "JK" else ("R6.5", "R6.6")
    return "bruff", pos, "The cards are dealt and a card turned up. Who may rob it?", rule_ids


def _give_up(rng: random.Random, d: int, variant: str | None = None) -> Made:
    """The robber at its first turn, every hand open: the solver judges each card it may give
    up (R6.5); harder puzzles have a single best card and a smaller gap to the others. Some
    plain card is wrong: where any plain card would do, "give up a plain card" answers it, not
    the hands (a trump is the card to give up in hardly one deal in a thousand). Variant
    ``single`` (the course's): one best card only, robbing better than not, the solver's proof
    that every other card gives less; ``not-weakest``: so, and the weakest card (the club
    player's rule of thumb) is not it."""
    pos = _deal(BRUFF, rng)
    g = position_game(BRUFF, pos)
    if g.phase == Phase.BURY:
        pos["actions"] = [rng.choice(g.legal_actions())]
        g = position_game(BRUFF, pos)
    if g.robber is None or g.to_act is None or g.trump is None:
        return None
    t = rules_tables(BRUFF, g.trump)
    if sum(1 for c in g.hand(g.robber) if t.is_trump(c.id)) < 2:
        return None  # the ace alone among plain cards: any plain card will do, seldom a choice
    pos = _first_trick(pos, rng, (g.robber - g.to_act) % BRUFF.players)
    prompt = (
        f"Every hand is open and seat {g.robber} may rob the turn-up. Which card should it give "
        "up, so that its side takes the most points in the deal?"
    )
    p = Puzzle("try", "give-up", "bruff", pos, prompt, ())
    run = p.start()
    assert isinstance(run, GiveUpRun)
    worst = min(run.values.values())
    if run.best <= run.keep_value and d > 1:
        return None  # robbing must pay: the question is what to give up
    if len(run.right) > (2 if d < 3 else 1) or run.best - worst < (10 if d < 3 else 5):
        return None
    if variant in ("single", "not-weakest") and (len(run.right) != 1 or run.best <= run.keep_value):
        return None
    if variant == "not-weakest" and (run.club is None or run.club in run.right):
        return None
    plain = {c for c in run.values if not t.is_trump(parse_card(c).id)}
    if plain and plain <= set(run.right):
        return None  # every plain card right, the one plain card among them too
    if d == 3 and run.club is not None and run.club in run.right:
        return None  # the hardest: the club player's rule of thumb (the weakest card) is wrong
    return "bruff", pos, prompt, ("R6.5", "R7.1", "R7.2")


def _score(rng: random.Random, d: int, preset: str) -> Made:
    rules = get_rules(preset)
    seed = rng.randrange(2**31)
    if rules.auction:
        top = 110 if d == 3 else 100
        scores = [rng.randrange(0, top, 5) for _ in range(2)]
        pos = _play(_deal(rules, rng, scores), rules, seed, lambda g: len(g.deals) > 1)
        g = position_game(rules, pos)
        if g.over or g.deals[0].thrown_in or (d == 3 and g.deals[0].made):
            return None
        prompt = "The hand is over. Type each partnership's score after it."
        return preset, pos, prompt, ("R10.1", "R10.2", "R10.3", "R10.4")
    k = {1: 2, 2: 3, 3: rng.choice([3, 4])}[d]
    scores = [0, 0, 0] if d == 1 else [rng.randrange(0, 15, 5) for _ in range(3)]
    pos = _play(_deal(rules, rng, scores), rules, seed, lambda g: g.tricks_played >= k)
    g = position_game(rules, pos)
    if g.over or g.tricks_played != k:
        return None
    certain = g.bonus_certain()
    if (d == 3 and certain) or (d == 2 and not certain):
        return None
    prompt = (
        f"{k} tricks of this deal are played. Type each partnership's running score, and "
        "say whether the bonus is certain yet."
    )
    return preset, pos, prompt, ("R7.1", "R7.2", "R7.3", "R8.6")


def _game_winner(rng: random.Random, d: int) -> Made:
    """A whole bruff deal that ends the game, of a pattern picked by difficulty."""
    seed = rng.randrange(2**31)
    base = _play(_deal(BRUFF, rng), BRUFF, seed, lambda g: g.deal_number > 1)
    actions = base["actions"]
    full = position_game(BRUFF, dict(base, actions=actions))
    deal = full.deals[0]
    if len(deal.tricks) != 5:
        return None
    winners = [BRUFF.partnerships[t.winner] for t in deal.tricks]
    jink = len(set(winners)) == 1
    step, target = BRUFF.trick_points, BRUFF.target
    if jink:  # the others close to 45, the jinker too far behind to get there on points
        scores = [
            rng.randrange(0, 2 * step, step)
            if p == winners[0]
            else rng.randrange(target - 3 * step, target, step)
            for p in range(3)
        ]
    else:
        scores = [rng.randrange(15, target, step) for _ in range(3)]
    pos = dict(base, scores=scores)
    g = position_game(BRUFF, pos, until_over=True)
    if not g.over or len(g.deals) != 1:
        return None
    k = len(g.deals[0].tricks)
    reached = sum(
        1 for s, p0 in zip(full.scores, range(3), strict=True) if scores[p0] + s >= target
    )
    kind = "jink" if jink else ("race" if reached >= 2 else ("early" if k < 5 else "plain"))
    want = {1: ("plain", "early"), 2: ("early", "race"), 3: ("race", "jink")}[d]
    if kind not in want:
        return None
    prompt = "Here is a whole deal. Which partnership wins the game, and after which trick?"
    rule_ids = ("R8.1", "R8.2", "R8.3", "R8.6") + (("R8.4",) if jink else ())
    return "bruff", pos, prompt, rule_ids


def _game_winner_case(rng: random.Random, d: int, variant: str) -> Made:
    """A game-winner puzzle of one pattern (bruff): ``plain`` (won at the last trick),
    ``early`` (won before it, R8.3), ``race`` (two partnerships reach 45 in the deal, R8.2),
    ``jink`` (R8.4) or ``disagree``: after some trick the bonus was uncertain and the lines
    with and without it named different firsts to 45, so play went on (R8.6); from difficulty
    3 both lines had a first, each a different partnership. ``barker-both``: both sides reach
    120 in the hand and the bidders, behind on points, win (R10.5)."""
    if variant == "barker-both":
        return _both_reach_120(rng)
    made = _game_winner(rng, {"plain": 1, "early": 1, "race": 2, "jink": 3}.get(variant, 2))
    if made is None:
        return None
    _, pos, prompt, rule_ids = made
    g = position_game(BRUFF, pos, until_over=True)
    k = len(g.deals[0].tricks)
    steps = chronology_steps(g, 1)
    jink = "R8.4" in rule_ids
    played = position_game(BRUFF, dict(pos, scores=[0, 0, 0])).deals[0]  # all five tricks
    won = [BRUFF.partnerships[t.winner] for t in played.tricks]
    end = running_totals(BRUFF, pos["scores"], won, played.bonus_trick)
    reached = sum(1 for total in end if total >= BRUFF.target)
    winner = g.winner
    if variant == "disagree":
        # d2: the line with the bonus wins once it is certain; d3: S0's first wins (the bonus
        # moved, or a later trick settled it the other way).
        line = [st.first1 if d < 3 else st.first0 for st in steps if st.disagree]
        if not any(f is not None and f[0] == winner for f in line):
            return None
        if d >= 3 and not any(st.disagree and st.first0 and st.first1 for st in steps):
            return None
        return "bruff", pos, prompt, ("R8.1", "R8.2", "R8.6")
    kind = "jink" if jink else ("race" if reached >= 2 else ("early" if k < 5 else "plain"))
    ahead = any(end[p] >= end[winner or 0] for p in range(3) if p != winner)
    if kind == "race" and not ahead:
        return None  # the twist: at the end of the deal another partnership has as much
    return ("bruff", pos, prompt, rule_ids) if kind == variant else None


def _both_reach_120(rng: random.Random) -> Made:
    """R10.5: both sides end the hand on 120 or more; the bidders win though they have fewer."""
    step = BARKER.trick_points
    scores = [rng.randrange(90, BARKER.target, step) for _ in range(2)]
    pos = _play(_deal(BARKER, rng, scores), BARKER, rng.randrange(2**31), lambda g: g.over)
    g = position_game(BARKER, pos)
    if not g.over or len(g.deals) != 1 or g.winner is None:
        return None
    bidders = BARKER.partnerships[g.deals[0].bidder]
    if min(g.scores) < BARKER.target or g.scores[bidders] >= g.scores[1 - bidders]:
        return None
    prompt = "Here is a whole hand. Which partnership wins the game?"
    return "barker", pos, prompt, ("R10.2", "R10.4", "R10.5")


def _score_case(rng: random.Random, d: int, variant: str) -> Made:
    """A score puzzle of one pattern. bruff: ``bruff-out`` (the bonus certain before the end
    because the higher trumps are out of play: the turn-up, unrobbed, R7.3), ``bruff-robbed``
    (the five of trumps turned up and robbed, still in the robber's hand: the bonus stays open
    though the 5 was turned up, R6.5, R7.3) or ``bruff-carry``
    (the second deal, its scores carried over from the first, R8.5). barker: ``barker-made``,
    ``barker-failed`` (R10.2), ``barker-sweep`` (all 30 after a lower bid), ``barker-30`` and
    ``barker-30-failed`` (R10.3)."""
    if variant.startswith("barker-"):
        return _barker_score(rng, variant.removeprefix("barker-"))
    rules = BRUFF
    k = rng.choice([2, 3, 4])
    ids = ("R7.1", "R7.2", "R7.3", "R8.6")
    if variant == "bruff-carry":
        scores = [rng.randrange(0, 20, 5) for _ in range(3)]
        pos = _play(
            _deal(rules, rng, scores),
            rules,
            rng.randrange(2**31),
            lambda g: g.deal_number == 2 and g.tricks_played >= k,
        )
        g = position_game(rules, pos)
        if g.over or len(g.deals) != 2 or g.tricks_played != k:
            return None
        prompt = (
            f"The first deal is over and {k} tricks of the second are played. Type each "
            "partnership's running score, and say whether the bonus is certain yet."
        )
        return "bruff", pos, prompt, (*ids, "R8.5")
    robbed = variant == "bruff-robbed"
    pos = _deal(rules, rng)
    trump = rng.choice(SUITS)
    _give_stock(pos, f"5{trump}", 0)  # the five of trumps turned up ...
    if not robbed:
        _give_stock(pos, f"A{trump}", 1)  # ... and nobody holds the ace to rob it (R6.5)
    pos = _play(pos, rules, rng.randrange(2**31), lambda g: g.tricks_played >= k)
    g = position_game(rules, pos)
    if g.over or g.tricks_played != k or len(g.deals) != 1:
        return None
    prompt = (
        f"{k} tricks of this deal are played. Type each partnership's running score, and say "
        "whether the bonus is certain yet."
    )
    if not robbed:
        return ("bruff", pos, prompt, ids) if g.bonus_certain() else None
    # ... robbed, not yet played, and the one unplayed trump above the highest (no other
    # higher trump unseen, which would keep the bonus open whatever the turn-up)
    if g.robbed_by is None or g.bonus_certain() or g.bonus_turnup() is None:
        return None
    return "bruff", pos, prompt, ("R6.5", *ids)


def _barker_score(rng: random.Random, case: str) -> Made:
    rules = BARKER
    scores = [rng.randrange(0, rules.high_score, rules.trick_points) for _ in range(2)]
    pos = _deal(rules, rng, scores)
    if case in ("sweep", "30", "30-failed"):
        # The auction is set: the strongest hand bids, the others pass (R9.2, R9.5).
        g0 = position_game(rules, pos)
        strength = [best_suit(rules, [str(c) for c in g0.hand(s)])[1] for s in range(4)]
        bidder = max(range(4), key=lambda s: strength[s])
        if case != "30-failed" and strength[bidder] < 20:
            return None
        bid = 30 if case.startswith("30") else rng.choice([15, 20, 25])
        order = [(g0.dealer + i) % 4 for i in range(1, 5)]
        pos["actions"] = [f"bid {bid}" if s == bidder else "pass" for s in order]
    pos = _play(pos, rules, rng.randrange(2**31), lambda g: len(g.deals) > 1)
    g = position_game(rules, pos)
    if g.over or len(g.deals) < 2 or g.deals[0].thrown_in:
        return None
    deal = g.deals[0]
    bidders = rules.partnerships[deal.bidder]
    taken = running_totals(
        rules,
        (0,) * rules.n_partnerships,
        [rules.partnerships[t.winner] for t in deal.tricks],
        deal.bonus_trick,
    )[bidders]
    top = rules.bids[-1]
    want = {
        "made": bool(deal.made) and deal.bid < top and taken < rules.deal_points,
        "failed": not deal.made and deal.bid < top,
        "sweep": deal.bid < top and taken == rules.deal_points,
        "30": bool(deal.made) and deal.bid == top,
        "30-failed": not deal.made and deal.bid == top,
    }[case]
    if not want:
        return None
    prompt = "The hand is over. Type each partnership's score after it."
    ids = ("R10.1", "R10.2", "R10.4") + (("R10.3",) if case in ("sweep", "30", "30-failed") else ())
    return "barker", pos, prompt, ids


def _calls(rng: random.Random, d: int) -> Made:
    rich, step = BARKER.high_score, BARKER.trick_points  # R9.4: 100 or more bid 20 at least
    scores = [rng.randrange(0, rich, step) for _ in range(2)]
    if d == 3:
        scores[rng.randrange(2)] = rng.randrange(rich, BARKER.target, step)
    pos = _deal(BARKER, rng, scores)
    k = rng.randrange(1, 4)
    pos = _play(pos, BARKER, rng.randrange(2**31), lambda g: len(g.deals[-1].calls) >= k)
    g = position_game(BARKER, pos)
    if g.phase != Phase.BID or len(g.deals) != 1:
        return None
    if d == 2 and g.to_act != g.dealer:
        return None
    if d == 3 and g.scores[BARKER.partnerships[g.to_act or 0]] < rich:
        return None
    prompt = f"Seat {g.to_act} is to call. Which calls may it make?"
    return "barker", pos, prompt, ("R9.2", "R9.3", "R9.4")
