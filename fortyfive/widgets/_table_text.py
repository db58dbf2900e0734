"""What the card table shows besides the observation: texts for one seat's screen.

Everything here reads the engine (the seat's observation, :meth:`Game.bonus_status`, the rules'
data) and only words it for the screen: no rule is decided here. Nothing in these helpers may
name a card that the seat cannot see; the widget syncs their results to the browser.

>>> from fortyfive import Game
>>> g = Game.new("barker", seed=1)
>>> describe_action(g, 0, 0, "discard 2D 3C", reveal=False)
'You: discard 3♣ 2♦, draw 2'
>>> describe_action(g, 0, 1, "discard 2D 3C", reveal=False)
'Seat 1 (E-W): discards 2 and draws 2'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from fortyfive.engine.actions import ActionSyntaxError, parse_action
from fortyfive.engine.auction import call_ladder
from fortyfive.engine.cards import CARDS, SUIT_NAMES, parse_card
from fortyfive.engine.observe import public_action
from fortyfive.engine.phase import Phase

if TYPE_CHECKING:
    from fortyfive.engine.game import Game


#: A card's two-letter code in a text of the engine ("5S leads trumps", "KD is best").
CARD_CODE = re.compile(r"\b(?:[AKQJT2-9][SCDH]|JK)\b")


def symbols(text: str) -> str:
    """``text`` with every card code in the page's notation: "5S leads" -> "5♠ leads"."""
    return CARD_CODE.sub(lambda m: parse_card(m.group()).symbol(), text)


def plural(n: int, word: str) -> str:
    """The count with its noun: "1 card", "4 cards"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def seat_name(game: Game, seat: int, learner: int) -> str:
    """The seat as the learner reads it: "You", or "Seat 3 (B)" with its partnership."""
    if seat == learner:
        return "You"
    names = game.rules.partnership_names
    return f"Seat {seat} ({names[game.rules.partnerships[seat]]})"


def action_words(action: str) -> str:
    """An action in words with card symbols; text that is not an action is kept as it is."""
    try:
        act = parse_action(action)
    except ActionSyntaxError:
        return action
    cards = " ".join(c.symbol() for c in act.cards)
    if act.kind == "play":
        return f"play {cards}"
    if act.kind == "rob":
        return f"rob the turn-up, giving up {cards}"
    if act.kind == "bury":
        return f"take the joker and bury {cards}"
    if act.kind == "discard":
        return f"discard {cards or 'nothing'}, draw {len(act.cards)}"
    if act.kind == "trump":
        assert act.suit is not None
        return f"trump {SUIT_NAMES[act.suit]}"
    return str(act)


def describe_action(game: Game, learner: int, seat: int, action: str, reveal: bool) -> str:
    """One log line for ``seat`` taking ``action``. Other seats' face-down cards are shown only
    when the table reveals every hand: otherwise the engine's public form is used."""
    shown = action if seat == learner or reveal else public_action(action)
    return f"{seat_name(game, seat, learner)}: {action_words(shown)}"


Mark = tuple[int, tuple[int, int] | None, int]


def progress(game: Game) -> Mark:
    """Where the game stands: (deal number, last complete trick as (deal, number), finished
    deals). :func:`describe_outcome` compares two marks."""
    last = next(((d.number, len(d.tricks)) for d in reversed(game.deals) if d.tricks), None)
    return game.deal_number, last, sum(d.end_scores is not None for d in game.deals)


def last_trick(game: Game) -> dict[str, Any] | None:
    """The game's most recent complete trick, also from the deal before (the learner's "last
    trick" view). Its cards were played face up to every seat; the observation itself names
    only the current deal's cards."""
    deal = next((d for d in reversed(game.deals) if d.tricks), None)
    if deal is None:
        return None
    t = deal.tricks[-1]
    return {
        "deal": deal.number,
        "number": len(deal.tricks),
        "leader": t.leader,
        "cards": [str(CARDS[c]) for c in t.cards],
        "winner": t.winner,
    }


def describe_outcome(game: Game, learner: int, before: Mark) -> list[str]:
    """Log lines for what an action finished: a trick, a deal (or a thrown-in hand), the game."""
    deal_before, trick_before, finished_before = before
    now_deal, now_trick, now_finished = progress(game)
    obs = game.observation(learner)
    names = game.rules.partnership_names
    lines: list[str] = []
    last = last_trick(game)
    if last and now_trick != trick_before:
        lines.append(f"Trick {last['number']} to {seat_name(game, last['winner'], learner)}")
    ended = obs["last_deal"]
    if ended and now_finished > finished_before:
        if ended["thrown_in"]:
            lines.append(f"All passed: hand {ended['deal']} is thrown in (R9.5)")
        else:
            contract = ended["contract"]
            if contract:
                made = "made" if contract["made"] else "failed"
                who = names[game.rules.partnerships[contract["seat"]]]
                lines.append(f"{who} bid {contract['bid']}: {made} (R10.2)")
            lines.append(f"Deal {ended['deal']} over: {_scores(names, ended['end_scores'])}")
    if game.over and game.winner is not None:
        lines.append(f"Game over: {names[game.winner]} wins, {_scores(names, game.scores)}")
    elif now_deal != deal_before:
        turnup = f", turn-up {game.turnup.symbol()}" if game.turnup else ""
        if game.phase == Phase.BURY:
            turnup = ", the joker is turned up (R6.4)"
        dealer = seat_name(game, game.dealer, learner)
        lines.append(f"Deal {now_deal}: {dealer} {'deal' if dealer == 'You' else 'deals'}{turnup}")
    return lines


def _scores(names: tuple[str, ...], scores: Any) -> str:
    return " · ".join(f"{n} {s}" for n, s in zip(names, scores, strict=True))


def prompt(game: Game, learner: int, auto: str) -> str:
    """What the learner is asked to do now, or whom the table is waiting for."""
    if game.over:
        names = game.rules.partnership_names
        return f"Game over: {names[game.winner or 0]} wins. Start the next game when ready."
    seat = game.to_act
    assert seat is not None
    if auto:
        return f"Playing to the end of the {auto} for you..."
    if seat != learner:
        return f"Waiting for {seat_name(game, seat, learner)}..."
    phase, legal = game.phase, game.legal_actions()
    if phase == Phase.BURY:
        return "The joker was turned up: it is yours. Click the card to bury (R6.4)."
    if phase == Phase.PLAY:
        can_rob = any(a.startswith("rob ") for a in legal)
        return "Your turn: play a card." + (
            " You may rob the turn-up first (R6.5)." if can_rob else ""
        )
    if phase == Phase.BID:
        return "Your call: bid, hold or pass (R9.2, R9.3)."
    if phase == Phase.TRUMP:
        return "You won the auction: name trump (R9.6)."
    return f"Select 0 to {game.rules.max_discard} cards to discard, then confirm (R9.7)."


def calls(game: Game) -> list[dict[str, Any]]:
    """The bidding box: every call of the auction (from the rules' data), legal ones marked."""
    if game.phase != Phase.BID:
        return []
    legal = set(game.legal_actions())
    # the dealer's hold takes over the highest bid at its level (R9.3): the engine's contract
    hold = f"hold {game.contract[1]}" if game.contract else "hold"
    return [
        {"action": a, "legal": a in legal, "text": hold if a == "hold" else a}
        for a in call_ladder(game.rules)
    ]


def info(game: Game, learner: int, reveal: bool, auto: str, held: bool = False) -> dict[str, Any]:
    """Texts and flags drawn next to the observation; every hand only when ``reveal``;
    ``held``: the table waits for the learner's "Next deal" (no bot moves)."""
    names = game.rules.partnership_names
    show_bonus = game.phase in (Phase.PLAY, Phase.OVER)
    waiting = not game.over and not held and (game.to_act != learner or bool(auto))
    out: dict[str, Any] = {
        "prompt": "The deal is over: Next deal starts the next one."
        if held
        else prompt(game, learner, auto),
        "bonus": game.bonus_status().describe(names) if show_bonus else "",
        "calls": calls(game),
        "seat_names": [seat_name(game, s, learner) for s in range(game.rules.players)],
        "waiting": waiting,
        "max_discard": game.rules.max_discard,
        "hands": None,
        "last_trick": last_trick(game),
    }
    if reveal:
        out["hands"] = [o["hand"] for o in (game.observation(s) for s in range(game.rules.players))]
    return out


def deal_summary(game: Game, learner: int, number: int) -> dict[str, Any]:
    """The panel at the end of deal ``number``: its tricks, the bonus, the contract, the points
    and the running scores, all read from the game's public record of the deal."""
    names = game.rules.partnership_names
    deal = game.deals[number - 1]
    tricks = [
        {
            "number": i + 1,
            "cards": [
                {"seat": (t.leader + k) % game.rules.players, "card": str(CARDS[c])}
                for k, c in enumerate(t.cards)
            ],
            "leader": t.leader,
            "winner": t.winner,
            "text": f"Trick {i + 1} to {seat_name(game, t.winner, learner)}",
        }
        for i, t in enumerate(deal.tricks)
    ]
    lines: list[str] = []
    if deal.thrown_in:
        lines.append(f"All passed: hand {number} is thrown in (R9.5)")
    elif deal.bonus_card >= 0:
        taker = deal.tricks[deal.bonus_trick].winner
        lines.append(
            f"Bonus: {CARDS[deal.bonus_card].symbol()}, the highest trump played (R7.2), won in "
            f"trick {deal.bonus_trick + 1} by {seat_name(game, taker, learner)} for "
            f"{names[game.rules.partnerships[taker]]}"
            + (": certain, no trump still out could beat it (R7.3)" if deal.bonus_certain else "")
        )
    else:
        lines.append("No trump was played: no bonus (R7.2)")
    if deal.bidder >= 0 and deal.made is not None:
        who = seat_name(game, deal.bidder, learner)
        made = "made" if deal.made else "failed"
        lines.append(f"Contract: {who} bid {deal.bid}: {made} (R10.2)")
    end = deal.end_scores or deal.start_scores
    points = [e - b for e, b in zip(end, deal.start_scores, strict=True)]
    lines.append(f"Points this deal: {_scores(names, points)}")
    lines.append(f"Scores: {_scores(names, end)} (to {game.rules.target})")
    return {"kind": "deal", "title": f"Deal {number} over", "tricks": tricks, "lines": lines}


def game_summary(game: Game, learner: int) -> dict[str, Any]:
    """The panel at the end of the game: who won and how (``game.outcome``), the last deal and
    the score after each deal."""
    names = game.rules.partnership_names
    outcome = game.outcome
    assert outcome is not None
    rule = "R8.1" if game.rules.win_by_chronology else "R10.5"
    out = deal_summary(game, learner, len(game.deals))
    chart = [{"deal": d.number, "scores": list(d.end_scores)} for d in game.deals if d.end_scores]
    out.update(
        kind="game",
        title=f"Game over: {names[outcome.winner]} wins",
        outcome=outcome.describe(names, rule),
        chart=chart,
        names=list(names),
    )
    return out
