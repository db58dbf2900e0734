"""What the card table shows besides the observation: texts for one seat's screen.

Everything here reads the engine (the seat's observation, the deals' public records,
:meth:`Game.bonus_status`, the rules' data) and only words it for the screen: no rule is decided
here. Nothing in these helpers may name a card that the seat cannot see; the widget syncs their
results to the browser.

Every text the learner reads is worded here, by **one function per kind of event** (the
``*_text`` functions below), whichever part of the page shows it: the log, the felt's caption,
the notice, the prompt or the deal's and game's panels. Cards are named by symbol ("5♠"); the
codes ("5S") stay in the data the page draws from and in its ``title``/aria texts.

>>> from fortyfive import Game
>>> g = Game.new("barker", seed=1)
>>> action_text(g, 0, 0, "discard 2D 3C", reveal=False)
'You discard 3♣ 2♦ and draw 2'
>>> action_text(g, 0, 1, "discard 2D 3C", reveal=False)
'Left discards 2 and draws 2'
>>> trick_text(g, 0, 1, 2)
'Trick 1 to Partner'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from fortyfive.engine.actions import ActionSyntaxError, parse_action
from fortyfive.engine.auction import call_ladder
from fortyfive.engine.cards import CARDS, SUIT_NAMES, with_symbols
from fortyfive.engine.observe import bonus_rule, public_action
from fortyfive.engine.phase import Phase

if TYPE_CHECKING:
    from fortyfive.engine.game import Game
    from fortyfive.engine.observe import Observation
    from fortyfive.engine.scoring import DealLog


# ---------------------------------------------------------------- names and notation


def plural(n: int, word: str) -> str:
    """The count with its noun: "1 card", "4 cards"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def seat_name(game: Game, seat: int, learner: int) -> str:
    """The seat as the learner reads it, from where it sits at the table: "You", "Partner"
    (the one partner, across the table), "Left" (the next to play, R1.2), "Right", and in a
    six-seat game "Left's partner" and "Right's partner"; any other seat "Seat 3"."""
    if seat == learner:
        return "You"
    players = game.rules.players
    team = game.rules.partnerships

    def mates(s: int) -> list[int]:
        return [o for o in range(players) if o != s and team[o] == team[s]]

    if mates(learner) == [seat]:
        return "Partner"
    left, right = (learner + 1) % players, (learner - 1) % players
    if seat == left:
        return "Left"
    if seat == right:
        return "Right"
    for side, s in (("Left", left), ("Right", right)):
        if mates(s) == [seat]:
            return f"{side}'s partner"
    return f"Seat {seat}"


def scores_text(names: Sequence[str], scores: Sequence[int]) -> str:
    """Scores in partnership order: "A 10 · B 20 · C 45"."""
    return " · ".join(f"{n} {s}" for n, s in zip(names, scores, strict=True))


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


# ---------------------------------------------------------------- one function per event


def _verb(word: str, you: bool) -> str:
    """``word`` for "You" or, with its -s, for a named seat: "play" / "plays", "pass" /
    "passes", "bury" / "buries"."""
    if you:
        return word
    if word.endswith("ss"):
        return word + "es"
    if word.endswith("y") and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def action_sentence(action: str, you: bool) -> str:
    """An action as the rest of a sentence after the seat's name, present tense: "plays 7♦",
    "passes", "bids 20"; the engine's public form of a hidden action is kept as it is."""
    try:
        act = parse_action(action)
    except ActionSyntaxError:
        return action
    cards = " ".join(c.symbol() for c in act.cards)

    def v(word: str) -> str:
        return _verb(word, you)

    if act.kind == "play":
        return f"{v('play')} {cards}"
    if act.kind == "rob":
        return f"{v('rob')} the turn-up, giving up {cards}"
    if act.kind == "bury":
        return f"{v('take')} the joker and {v('bury')} {cards}"
    if act.kind == "discard":
        return f"{v('discard')} {cards or 'nothing'} and {v('draw')} {len(act.cards)}"
    if act.kind == "trump":
        assert act.suit is not None
        return f"{v('name')} {SUIT_NAMES[act.suit]} trump"
    if act.kind == "bid":
        return f"{v('bid')} {act.amount}"
    return v(act.kind)  # pass, hold


def action_text(game: Game, learner: int, seat: int, action: str, reveal: bool) -> str:
    """A seat took ``action``, as a sentence: "Partner plays 7♦". Other seats' face-down cards
    are shown only when the table reveals every hand: otherwise the engine's public form is
    used (R6.4, R6.5, R9.7)."""
    shown = action if seat == learner or reveal else public_action(action)
    return f"{seat_name(game, seat, learner)} {action_sentence(shown, seat == learner)}"


def trick_text(game: Game, learner: int, number: int, winner: int, deal: int | None = None) -> str:
    """Trick ``number`` was won (R3.3); ``deal`` names an earlier deal's trick."""
    of_deal = f" of deal {deal}" if deal is not None else ""
    return f"Trick {number}{of_deal} to {seat_name(game, winner, learner)}"


def thrown_in_text(number: int) -> str:
    """Every seat passed: the hand is thrown in (R9.5)."""
    return f"All passed: hand {number} is thrown in (R9.5)"


def contract_text(game: Game, learner: int, seat: int, bid: int, made: bool) -> str:
    """The bidder's contract was made or failed (R10.2)."""
    result = "made" if made else "failed"
    return f"Contract: {seat_name(game, seat, learner)} bid {bid}: {result} (R10.2)"


def bonus_text(game: Game, learner: int, deal: DealLog) -> str:
    """Who took a finished deal's bonus, and why it was certain (bruff: R7.2, R7.3; barker:
    R10.1, every trick played)."""
    rule = bonus_rule(game.rules)
    if deal.bonus_card < 0:
        return f"No trump was played: no bonus ({rule})"
    taker = deal.tricks[deal.bonus_trick].winner
    names = game.rules.partnership_names
    certain = deal.bonus_certain and not game.rules.auction
    return (
        f"Bonus: {CARDS[deal.bonus_card].symbol()}, the highest trump played ({rule}), won in "
        f"trick {deal.bonus_trick + 1} by {seat_name(game, taker, learner)} for "
        f"{names[game.rules.partnerships[taker]]}"
        + (": certain, no trump still out could beat it (R7.3)" if certain else "")
    )


def bonus_status_text(game: Game) -> str:
    """The bonus during the play (the engine's words: R7.2, R7.3; R10.1), or "" before it."""
    if game.phase not in (Phase.PLAY, Phase.OVER):
        return ""
    return with_symbols(game.bonus_status().describe(game.rules.partnership_names))


def deal_over_text(number: int) -> str:
    """Deal ``number`` is over (its points and scores follow in the log and the panel)."""
    return f"Deal {number} over"


def points_text(names: Sequence[str], points: Sequence[int]) -> str:
    """The points a finished deal gave each partnership."""
    return f"Points this deal: {scores_text(names, points)}"


def running_scores_text(names: Sequence[str], scores: Sequence[int], target: int) -> str:
    """The scores after a deal, with the target."""
    return f"Scores: {scores_text(names, scores)} (to {target})"


def game_over_text(game: Game) -> str:
    """The game is over: who won (``game.outcome`` says how)."""
    return f"Game over: {game.rules.partnership_names[game.winner or 0]} wins"


def outcome_text(game: Game) -> str:
    """How the game was won: target, jink or contract, with the deal and trick (R8.1-R8.4,
    R10.5); the engine's words."""
    assert game.outcome is not None
    rules = game.rules
    return with_symbols(game.outcome.describe(rules.partnership_names, rules.win_rule))


def deal_start_text(game: Game, learner: int) -> str:
    """A new deal: its number, the dealer and the turn-up (R6.1, R6.3, R6.4)."""
    turnup = f", turn-up {game.turnup.symbol()}" if game.turnup else ""
    if game.phase == Phase.BURY:
        turnup = ", the joker is turned up (R6.4)"
    dealer = seat_name(game, game.dealer, learner)
    return f"Deal {game.deal_number}: {dealer} {'deal' if dealer == 'You' else 'deals'}{turnup}"


def new_game_text(game: Game, learner: int) -> str:
    """A new game starts; the deal passed left (R6.1, R8.5)."""
    dealer = seat_name(game, game.dealer, learner)
    return f"New game: {dealer} {'deal' if dealer == 'You' else 'deals'}"


def hint_text(action: str, reason: str, purpose: str = "") -> str:
    """The solver's advice for the learner's move: the card, what it does in the trick (the
    principle, ``purpose``), then the ranking's reason."""
    why = f": {purpose}" if purpose else ""
    return with_symbols(f"Hint: {action_words(action)}{why}. {reason}")


def rule_hint_text(action: str, why: str = "", purpose: str = "") -> str:
    """What a rule-based player would do, where the solver's ranking says nothing, and ``why``
    (none outside the trick phase, where the table's hints are always a player's move), with
    what the card does in the trick (``purpose``)."""
    words = action_words(action)
    does = f": {purpose}" if purpose else ""
    return with_symbols(
        f"Hint: {why}; a rule-based player would {words} here{does}."
        if why
        else f"Hint: a rule-based player would {words} here{does}."
    )


def level_text(level: str) -> str:
    """The log's line when the learner changes the opponents' level."""
    return f"Opponents: {level}, from the next move"


#: What the bots chosen by name (not by level) do, as the level control says it.
BOT_WORDS = {
    "random": "players who choose at random",
    "erring": "players who make beginners' mistakes",
    "rule": "players who follow simple rules",
    "search": "players who look ahead",
}


def opponents_info(levels: list[str], level: str | None, bot: str) -> dict[str, Any]:
    """The level control's data: the levels offered, the one playing, and, for bots chosen by
    name instead (``level`` None), what they do, never a bot's own name ("players who choose at
    random")."""
    custom = "" if level is not None else BOT_WORDS.get(bot, "players of the course's choice")
    return {"levels": levels, "level": level, "custom": custom}


def callback_failed_text(error: Exception) -> str:
    """A course's ``on_action`` checker failed (the table goes on)."""
    return f"on_action callback failed: {type(error).__name__}: {error}"


def turnup_text(game: Game, learner: int, obs: Observation) -> dict[str, Any] | None:
    """The turn-up card on the felt (R6.3-R6.5): the card, its label and who robbed it;
    ``obs`` is the learner's observation."""
    turnup = game.turnup
    if turnup is None and game.phase == Phase.BURY:
        return {"card": "JK", "label": "Turn-up: the joker (R6.4)", "robbed": ""}
    if turnup is None:
        return None
    robber = obs["robbed_by"]
    return {
        "card": str(turnup),
        "label": f"Turn-up {turnup.symbol()}",
        "robbed": f"robbed by {seat_name(game, robber, learner)}" if robber is not None else "",
    }


def contract_status_text(game: Game, learner: int, obs: Observation) -> str:
    """The contract in force in the header: "Contract: Seat 2 (N-S) 20" (R9.4), or ""."""
    contract = obs["contract"]
    if not contract:
        return ""
    return f"Contract: {seat_name(game, contract['seat'], learner)} {contract['bid']}"


def prompt(game: Game, learner: int, auto: str, held: bool = False) -> str:
    """What the learner is asked to do now, or whom the table is waiting for."""
    if game.over:
        return f"{game_over_text(game)}. Start the next game when ready."
    if held:
        return "The deal is over: Next deal shows your new hand."
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


# ---------------------------------------------------------------- what the table syncs

Mark = tuple[int, tuple[int, int] | None, int]


def progress(game: Game) -> Mark:
    """Where the game stands: (deal number, last complete trick as (deal, number), finished
    deals). :func:`describe_outcome` compares two marks."""
    last = next(((d.number, len(d.tricks)) for d in reversed(game.deals) if d.tricks), None)
    return game.deal_number, last, sum(d.end_scores is not None for d in game.deals)


def last_trick(game: Game, learner: int) -> dict[str, Any] | None:
    """The game's most recent complete trick, also from the deal before (the learner's "last
    trick" view), with its caption. Its cards were played face up to every seat; the
    observation itself names only the current deal's cards."""
    deal = next((d for d in reversed(game.deals) if d.tricks), None)
    if deal is None:
        return None
    t = deal.tricks[-1]
    earlier = deal.number if deal.number != game.deal_number else None
    return {
        "deal": deal.number,
        "number": len(deal.tricks),
        "leader": t.leader,
        "cards": [str(CARDS[c]) for c in t.cards],
        "winner": t.winner,
        "text": trick_text(game, learner, len(deal.tricks), t.winner, earlier),
    }


def _contract_line(game: Game, learner: int, deal: DealLog) -> str | None:
    if deal.thrown_in or deal.bidder < 0 or deal.made is None:
        return None
    return contract_text(game, learner, deal.bidder, deal.bid, deal.made)


def describe_outcome(game: Game, learner: int, before: Mark) -> list[str]:
    """Log lines for what an action finished: a trick, a deal (or a thrown-in hand), the game,
    and the next deal's start."""
    deal_before, trick_before, finished_before = before
    now_deal, now_trick, now_finished = progress(game)
    names = game.rules.partnership_names
    lines: list[str] = []
    last = last_trick(game, learner)
    if last and now_trick != trick_before:
        lines.append(trick_text(game, learner, last["number"], last["winner"]))
    if now_finished > finished_before:
        ended = [d for d in game.deals if d.end_scores is not None][-1]
        assert ended.end_scores is not None
        if ended.thrown_in:
            lines.append(thrown_in_text(ended.number))
        else:
            contract = _contract_line(game, learner, ended)
            if contract:
                lines.append(contract)
            lines.append(f"{deal_over_text(ended.number)}: {scores_text(names, ended.end_scores)}")
    if game.over:
        lines.append(f"{game_over_text(game)}, {scores_text(names, game.scores)}")
    elif now_deal != deal_before:
        lines.append(deal_start_text(game, learner))
    return lines


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


def info(
    game: Game,
    learner: int,
    reveal: bool,
    auto: str,
    held: bool = False,
    obs: Observation | None = None,
) -> dict[str, Any]:
    """Texts and flags drawn next to the observation (``obs``, the learner's, when the caller
    has it); every hand only when ``reveal``; ``held``: the table waits for the learner's "Next
    deal" (no bot moves)."""
    obs = obs if obs is not None else game.observation(learner)
    waiting = not game.over and not held and (game.to_act != learner or bool(auto))
    out: dict[str, Any] = {
        "prompt": prompt(game, learner, auto, held),
        "bonus": bonus_status_text(game),
        "calls": calls(game),
        "seat_names": [seat_name(game, s, learner) for s in range(game.rules.players)],
        "waiting": waiting,
        "max_discard": game.rules.max_discard,
        "hands": None,
        "last_trick": last_trick(game, learner),
        "turnup": turnup_text(game, learner, obs),
        "contract": contract_status_text(game, learner, obs),
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
                {"seat": seat, "card": str(CARDS[c])} for seat, c in t.plays(game.rules.players)
            ],
            "leader": t.leader,
            "winner": t.winner,
            "text": trick_text(game, learner, i + 1, t.winner),
        }
        for i, t in enumerate(deal.tricks)
    ]
    lines: list[str] = []
    if deal.thrown_in:
        lines.append(thrown_in_text(number))
    else:
        lines.append(bonus_text(game, learner, deal))
    contract = _contract_line(game, learner, deal)
    if contract:
        lines.append(contract)
    end = deal.end_scores or deal.start_scores
    points = [e - b for e, b in zip(end, deal.start_scores, strict=True)]
    lines.append(points_text(names, points))
    lines.append(running_scores_text(names, end, game.rules.target))
    return {"kind": "deal", "title": deal_over_text(number), "tricks": tricks, "lines": lines}


def chart_text(game: Game) -> str:
    """The score chart's name for a screen reader: the final scores after the deals."""
    names = game.rules.partnership_names
    return (
        f"Score chart: {scores_text(names, game.scores)} after "
        f"{plural(len(game.deals), 'deal')}, target {game.rules.target}"
    )


def game_summary(game: Game, learner: int) -> dict[str, Any]:
    """The panel at the end of the game: who won and how (``game.outcome``), the last deal and
    the score chart's data (the scores at the start and after each deal; the page draws it)."""
    out = deal_summary(game, learner, len(game.deals))
    chart = [{"deal": d.number, "scores": list(d.end_scores)} for d in game.deals if d.end_scores]
    out.update(
        kind="game",
        title=game_over_text(game),
        outcome=outcome_text(game),
        chart=chart,
        chart_start=list(game.deals[0].start_scores),
        chart_label=chart_text(game),
        target=game.rules.target,
        names=list(game.rules.partnership_names),
    )
    return out
