"""The endgame puzzle ("target"): play your partnership's cards against the solver's defence.

As in a chess puzzle, one wrong move fails the attempt: the card is played and the defence
refutes it on the table, trick by trick, and the learner may try again from the start. A solve
counts only when every move of the attempt kept the target, and it ends with a sentence on why
the line works, worked out by the solver: the key card, what it did (drew trumps, kept a
protected trump by reneging, kept the bonus) and what the nearest wrong card would have let the
defence do.

:func:`guess_chance`, :func:`blind_line_makes` and :func:`analyse_move` are what the generator
filters endgames with: a shipped endgame is a real decision, where a card picked at random fails
more often than not and always playing the first card shown (the highest trump) fails.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from fortyfive.engine.cards import CARDS, SUITS, Card, parse_card
from fortyfive.engine.game import Game
from fortyfive.engine.outcome import WinReason
from fortyfive.engine.phase import Phase
from fortyfive.engine.rules import rules_tables, sort_cards
from fortyfive.engine.scoring import DealLog, TrickLog, running_totals
from fortyfive.puzzles._parts import GameRun, card_name, listed, seats_view, tricks_view
from fortyfive.puzzles.model import Feedback, PuzzleInputError

if TYPE_CHECKING:
    from fortyfive.solve.solver import Solution

#: The themes :func:`analyse_move` recognises in a key move (see :class:`MoveFacts`).
THEMES = ("draw", "renege", "bonus", "defend", "throw")


def _deal_over(g: Game, deal_no: int) -> bool:
    return g.over or g.deal_number != deal_no


def play_until_asked(
    g: Game,
    side: int,
    finished: Callable[[], bool],
    defence: Callable[[Game], str],
    own: Callable[[Game], str | None],
) -> list[str]:
    """Play ``g`` on until ``side`` faces a decision of the learner's: ``defence`` gives the
    other seats' moves, ``own`` the side's, or None where the learner is to choose. Each entry
    says the seat and card, and "played for you" for a card played on the learner's behalf."""
    played = []
    while not finished():
        assert g.to_act is not None
        seat = g.to_act
        if g.rules.partnerships[seat] != side:
            move = defence(g)
            played.append(f"seat {seat} {move.split()[-1]}")
        else:
            chosen = own(g)
            if chosen is None:
                break
            move = chosen
            played.append(f"seat {seat} {move.split()[-1]} (played for you)")
        g.apply(move)
    return played


def _defence_move(g: Game, side: int) -> str:
    """The defence's reply the endgame plays: the solver's best for the other partnerships."""
    from fortyfive.solve.solver import solve

    return solve(g, side=side).best[0]


def play_out(g: Game, side: int) -> Game:
    """A copy of ``g`` played to the end of the deal with best play on both sides (the solver's
    first best move for ``side``, its best defence for the others)."""
    from fortyfive.solve.solver import solve

    g = g.copy()
    deal_no = g.deal_number
    while not _deal_over(g, deal_no):
        assert g.to_act is not None
        ours = g.rules.partnerships[g.to_act] == side
        g.apply(solve(g).best[0] if ours else _defence_move(g, side))
    return g


def guess_chance(g: Game, side: int, target: int) -> float:
    """The chance that ``side`` makes ``target`` in the deal when each of its cards is picked at
    random among the legal ones, against the defence the endgame plays. A real decision keeps
    this low: two legal cards with one right is a coin flip (0.5)."""
    from fortyfive.solve.solver import solve

    deal_no = g.deal_number
    if _deal_over(g, deal_no):
        return 1.0
    assert g.to_act is not None
    if g.rules.partnerships[g.to_act] != side:
        nxt = g.copy()
        nxt.apply(_defence_move(g, side))
        return guess_chance(nxt, side, target) if not _deal_over(nxt, deal_no) else 1.0
    values = solve(g).values
    total = 0.0
    for action, v in values.items():
        if v < target:
            continue
        nxt = g.copy()
        nxt.apply(action)
        total += guess_chance(nxt, side, target) if not _deal_over(nxt, deal_no) else 1.0
    return total / len(values)


def keeping_moves(g: Game, target: int, solution: Solution | None = None) -> list[str]:
    """The legal moves of the seat to act after which its side can still take ``target`` points
    in the deal with best play (the solver's values; ``solution``: ``g`` solved already)."""
    from fortyfive.solve.solver import solve

    values = (solution if solution is not None else solve(g)).values
    return [a for a, v in values.items() if v >= target]


def is_decision(g: Game, target: int, solution: Solution | None = None) -> bool:
    """Is the turn of the seat to act a decision worth asking: two or more legal cards and
    exactly one of them keeping ``target`` (an only-move)? A turn with one legal card is forced,
    and one where several cards keep the target is no test of judgement: the endgame plays
    both for the learner. ``solution``: ``g`` solved already."""
    return len(g.legal_actions()) > 1 and len(keeping_moves(g, target, solution)) == 1


def shown_hand(g: Game) -> list[Card]:
    """The hand of the seat to act in the order the endgame shows it: trumps first, highest
    first (R2.3), then the other suits (R2.4), as :func:`~fortyfive.engine.rules.sort_cards`
    holds them. The endgame's answer cards and :func:`blind_line_makes` both read it."""
    assert g.to_act is not None
    return sort_cards(g.rules, g.hand(g.to_act), g.trump)


def blind_line_makes(g: Game, side: int, target: int) -> bool:
    """Does ``side`` make ``target`` in the deal by a blind rule: at each of its turns the
    first legal card (R4, R5) of the hand as the endgame shows it (:func:`shown_hand`: the
    highest trump first), against the defence the endgame plays? As in the endgame itself, a
    move that the solver finds losing the target (R3.2; R7.1, R7.2 in bruff, R10.1 in the
    auction game) fails the line. A real decision is not solved by always playing the first
    card shown; ``g`` is not changed."""
    from fortyfive.solve.solver import solve

    g = g.copy()
    deal_no = g.deal_number
    while not _deal_over(g, deal_no):
        assert g.to_act is not None
        if g.rules.partnerships[g.to_act] != side:
            g.apply(_defence_move(g, side))
            continue
        legal = g.legal_actions()
        action = next(f"play {c}" for c in shown_hand(g) if f"play {c}" in legal)
        if solve(g).values[action] < target:
            return False
        g.apply(action)
    return True


@dataclass(frozen=True)
class MoveFacts:
    """What one of your side's moves did, from the engine and the solver.

    ``themes``: ``"draw"`` (a trump led while the defence held trumps, and the side later took a
    trick with a plain card), ``"renege"`` (a plain card to a trump lead, keeping protected
    trumps, R5.2-R5.3), ``"bonus"`` (the side holds the deal's highest trump, which takes its
    trick and the bonus whenever it is played, R7.2; the target needs the bonus, and the move
    plays that trump at the right moment or keeps it where playing it now would lose),
    ``"defend"`` (the side is not the auction's bidders and the line sets the contract),
    ``"throw"`` (the move gives the trick to the defence where the nearest wrong card would have
    taken it: the lead is thrown, and the defence must lead into the side's winners).
    """

    card: str
    trick: int  # 1-based
    losing: dict[str, int] = field(default_factory=dict)  # wrong card -> the side's points
    themes: tuple[str, ...] = ()
    drawn: tuple[str, ...] = ()  # defence trumps that fell to a trump lead
    left: tuple[str, ...] = ()  # defence trumps still out after that trick (played later)
    kept: tuple[str, ...] = ()  # protected trumps kept by reneging
    led: str = ""
    bonus_card: str = ""  # the deal's highest trump, the side's, when the move times it
    nearest: str = ""  # the wrong card that comes closest (or the bonus card played too soon)
    swing: int = 0  # the first trick best play after ``nearest`` would have lost (1-based)
    taker: str = ""  # the other side's card that takes this move's trick ("": the side's own)
    partner_took: str = ""  # the partner's card that takes this move's trick, if it does
    crash: str = ""  # a partner's lone trump that the bonus card, led now, would force under it
    into: str = ""  # thrown: the side's card that takes the next trick, the defence leading it
    kept_with: str = ""  # thrown: the side's card that takes this trick after ``nearest``
    lost_to: str = ""  # the other side's card that takes trick ``swing`` after ``nearest``


def analyse_move(g: Game, action: str, target: int) -> MoveFacts:
    """The facts of the side to act playing ``action`` in ``g`` (not changed), for the why
    sentence of a solve and the generator's themed endgames."""
    from fortyfive.solve.solver import solve

    r = g.rules
    assert g.to_act is not None and g.trump is not None
    side = r.partnerships[g.to_act]
    t = rules_tables(r, g.trump)
    card = parse_card(action.split()[-1])
    values = solve(g).values
    losing = {a.split()[-1]: v for a, v in values.items() if v < target}
    hand = g.hand(g.to_act)
    trick = g.trick
    themes: list[str] = []
    after = g.copy()
    after.apply(action)
    line = play_out(after, side)
    deal = line.deals[g.deal_number - 1]
    k = len(g.deals[-1].tricks)  # this move's trick, 0-based
    drawn: tuple[str, ...] = ()
    left: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    if not trick and t.is_trump(card.id):
        plays = deal.tricks[k].plays(r.players)
        drawn = tuple(
            str(CARDS[c]) for s, c in plays if r.partnerships[s] != side and t.is_trump(c)
        )
        later_plain = any(
            r.partnerships[tl.winner] == side and not t.is_trump(tl.winning_card(r.players))
            for tl in deal.tricks[k + 1 :]
        )
        if drawn and later_plain:
            themes.append("draw")
            left = tuple(
                str(CARDS[c])
                for tl in deal.tricks[k + 1 :]
                for s, c in tl.plays(r.players)
                if r.partnerships[s] != side and t.is_trump(c)
            )
    if trick and t.is_trump(trick[0].id) and not t.is_trump(card.id):
        kept = tuple(str(c) for c in hand if t.is_trump(c.id))
        if kept:
            themes.append("renege")
    by_value = sorted(losing, key=lambda c: -losing[c])
    nearest = by_value[0] if by_value else ""
    bonus_card = ""
    top = deal.bonus_card
    ours_top = _bonus_side(r.partnerships, deal) == side
    needed = target - sum(r.trick_points for t in deal.tricks if r.partnerships[t.winner] == side)
    wasted = str(CARDS[top]) in losing if top >= 0 else False
    if ours_top and needed > 0 and (card.id == top or wasted):
        themes.append("bonus")  # the deal's top trump, played at the right moment
        bonus_card = str(CARDS[top])
        if wasted:
            nearest = bonus_card
    swing = 0
    crash = lost_to = kept_with = ""
    won_here = r.partnerships[deal.tricks[k].winner] == side
    taken_with = str(CARDS[deal.tricks[k].winning_card(r.players)])
    taker = "" if won_here else taken_with
    partner_took = taken_with if won_here and deal.tricks[k].winner != g.to_act else ""
    if nearest:
        wrong = g.copy()
        wrong.apply(f"play {nearest}")
        wdeal = play_out(wrong, side).deals[g.deal_number - 1]
        if nearest == bonus_card and nearest != str(card) and not trick:
            crash = _crashed(g, wdeal.tricks[k], side)
            if crash and any(_fall_together(tl, top, crash) for tl in deal.tricks[k:]):
                crash = ""  # it falls under the top trump in the right line too (c1-05's 8H)
        swing = next(
            (
                i + 1
                for i, (a, b) in enumerate(zip(deal.tricks, wdeal.tricks, strict=False))
                if (r.partnerships[a.winner] == side) != (r.partnerships[b.winner] == side)
            ),
            0,
        )
        if not won_here and r.partnerships[wdeal.tricks[k].winner] == side:
            themes.append("throw")
            kept_with = str(CARDS[wdeal.tricks[k].winning_card(r.players)])
        if swing:
            lost = wdeal.tricks[swing - 1]
            if r.partnerships[lost.winner] != side:
                lost_to = str(CARDS[lost.winning_card(r.players)])
    into = ""
    if "throw" in themes and k + 1 < len(deal.tricks):
        nxt = deal.tricks[k + 1]
        if r.partnerships[nxt.winner] == side:  # the defence led it, into the side's winner
            into = str(CARDS[nxt.winning_card(r.players)])
    if r.auction and deal.bidder >= 0 and r.partnerships[deal.bidder] != side and not deal.made:
        themes.append("defend")
    return MoveFacts(
        card=str(card),
        trick=k + 1,
        losing=losing,
        themes=tuple(themes),
        drawn=drawn,
        left=left,
        kept=kept,
        led=str(trick[0]) if trick else "",
        bonus_card=bonus_card,
        nearest=nearest,
        swing=swing,
        taker=taker,
        partner_took=partner_took,
        crash=crash,
        into=into,
        kept_with=kept_with,
        lost_to=lost_to,
    )


def _fall_together(trick: TrickLog, top: int, card: str) -> bool:
    """Whether the trick holds both the deal's top trump and ``card``."""
    return top in trick.cards and parse_card(card).id in trick.cards


def _crashed(g: Game, trick: TrickLog, side: int) -> str:
    """The lone trump of the acting seat's partner that falls in ``trick`` (the deal's top trump
    led now): wasted under it, as the lead forces it (R5.1; no trump is privileged against the
    top one, R5.2); "" when no partner's only trump falls there."""
    r, t = g.rules, rules_tables(g.rules, g.trump or "S")
    for seat, c in trick.plays(r.players):
        if seat == g.to_act or r.partnerships[seat] != side or not t.is_trump(c):
            continue
        if [x for x in g.hand(seat) if t.is_trump(x.id)] == [CARDS[c]]:
            return str(CARDS[c])
    return ""


#: An endgame's first hint, by the idea its principle sentence opens with (:func:`principle`):
#: the idea in words, never the card.
IDEA_HINTS = {
    "Draw trumps first": (
        "While the defence holds a trump, any plain winner of yours can be trumped (R4.1), and a "
        "trump led makes them follow with theirs (R5.1). Count the trumps still out."
    ),
    "Keep a guard": (
        "To a trump lead you may keep your trumps back only when every trump you hold is "
        "protected and ranks above the card led (R5.2, R5.3): which of your trumps is worth more "
        "in a later trick than in this one?"
    ),
    "Throw the lead": (
        "Ask who will lead after this trick: the trick to take is not always the one in front of "
        "you, and a defender on lead may have to lead into your winners."
    ),
    "Time the bonus": (
        "The deal's highest trump takes its trick, and the bonus, whenever it is played "
        "({bonus}): choose the trick it takes, and what takes the others."
    ),
    "Beat the contract": (
        "Count what the bidders still need: your side needs only the tricks that leave them "
        "short of their bid (R10.2)."
    ),
    "Lead where your partner wins": (
        "Your partner plays after you and leads the next trick if it takes this one: which of "
        "your cards can your partner's cards take, and what can your partner lead then?"
    ),
    "Count the tricks before you play": (
        "Count, trick by trick, where each of your side's winners takes its trick and what the "
        "defence can take in between: which card leaves the defence no trick it needs?"
    ),
}


def principle(g: Game, action: str, target: int, theme: str = "") -> str:
    """The one sentence an endgame teaches, from what its key move ``action`` does in ``g`` (the
    first position of the endgame, not changed): draw trumps, keep a guard, throw the lead,
    time the bonus or beat a contract (:func:`analyse_move`), lead where the partner wins (the
    deal's first lead, theme ``lead``), or else count the tricks. The
    endgame's own ``theme`` comes first when the move has it."""
    f = analyse_move(g, action, target)
    if theme in f.themes:
        f = replace(f, themes=(theme,))
    card = f.card
    if "renege" in f.themes:
        kept = listed(f.kept)
        return (
            f"Keep a guard: to a trump lead you may hold back a protected trump ({kept}) and "
            "play a plain card, and the trump you kept takes a trick later."
        )
    if "draw" in f.themes:
        drawn = listed(f.drawn)
        # who takes the trick: the reason this trump, and not a higher one, is led
        took = (
            f", and your partner's {f.partner_took} takes it"
            if f.partner_took
            else f", and the defence's {f.taker} takes it"
            if f.taker
            else ""
        )
        if f.left:  # a defence trump is still out: say what the lead did, no more
            return (
                f"Draw trumps first: leading {card} brings the defence's {drawn} into this "
                f"trick{took}, leaving the defence only {listed(f.left)} to trump your plain "
                "winners with."
            )
        return (
            f"Draw trumps first: leading {card} brings the defence's {drawn} into this "
            f"trick{took}; then your plain winners can no longer be trumped."
        )
    if "throw" in f.themes:
        into = f"your {f.into}" if f.into else "your winners"
        # the side's card that would have taken the trick: the wrong card itself, or a
        # partner's over it (c2-04: after 4H, the partner's AD trumps the defence's QH)
        kept = (
            f"{f.nearest} would have won it"
            if f.kept_with == f.nearest
            else f"after {f.nearest} your side's {f.kept_with} would have won it"
        )
        return (
            f"Throw the lead: {card} gives this trick to the defence's {f.taker} on purpose, "
            f"where {kept}, so that the defence must lead next, into {into}."
        )
    if "bonus" in f.themes:
        if card == f.bonus_card:
            return (
                f"Time the bonus: {card}, the deal's highest trump, wins its trick and the bonus "
                "whenever it is played, so play it in the trick no other card of yours can win."
            )
        if f.crash:  # led now, the top trump would force the partner's only trump under it
            return (
                f"Time the bonus: keep {f.bonus_card}, the deal's highest trump, for later, as led "
                f"now it would force your partner's only trump, {f.crash}, into the same trick "
                "(R5.1, R5.2); win this trick, or give it up, with a card that could not win "
                "another."
            )
        return (
            f"Time the bonus: keep {f.bonus_card}, the deal's highest trump, for later, and win "
            "this trick, or give it up, with a card that could not win another."
        )
    if "defend" in f.themes:
        if f.taker:  # the card gives this trick away: say what that costs the bidders
            return (
                f"Beat the contract: count what the bidders still need; {card} gives this trick "
                f"to their {f.taker}, and with it spent they fall short."
            )
        return (
            "Beat the contract: count what the bidders still need and take the trick that "
            f"leaves them short; {card} is the card that does it here."
        )
    if theme == "lead" and f.trick == 1 and f.partner_took:  # the deal's first lead (R6.7)
        instead = (
            f", where after {f.nearest} the other side would take trick {f.swing} with {f.lost_to}"
            if f.lost_to
            else ""
        )
        return (
            f"Lead where your partner wins: {card} lets your partner's {f.partner_took} take "
            f"the first trick and lead the next{instead}; the highest trump is not always the "
            "first lead."
        )
    if f.lost_to:  # the nearest wrong card, and the trick it gives away
        return (
            f"Count the tricks before you play: after {f.nearest} the other side would take "
            f"trick {f.swing} with {f.lost_to}, and {card} is the only card that keeps {target} "
            "points within reach."
        )
    return (
        f"Count the tricks before you play: {card} is the only card that keeps {target} points "
        "within reach, as the rest give the other side a trick it could not win otherwise."
    )


def open_hand_view(
    g: Game, deal: DealLog, facts: list[str], step: str, ours: list[int], finished: bool
) -> dict[str, Any]:
    """The view of an open-hand endgame (a points target or a race): the deal's facts, its
    tricks, the step line, and while it goes on the trick, every hand and the cards to play."""
    view: dict[str, Any] = {
        "trump": SUITS[deal.trump],
        "facts": facts,
        "tricks": tricks_view(g.rules, deal),
        "step": {"text": step},
    }
    if finished:
        view["seats"] = []
        view["answer"] = {"type": "card", "cards": []}
        return view
    view["trick"] = [{"seat": s, "card": str(c)} for s, c in g.trick_plays]
    view["seats"] = seats_view(g, True, yours=ours, dealer=deal.dealer)
    view["answer"] = {"type": "card", "cards": [str(c) for c in shown_hand(g)]}
    return view


def played_out_lines(g: Game, deal_no: int, first: int) -> list[str]:
    """Deal ``deal_no``'s tricks from index ``first`` in words, each with the seat and the
    partnership that took it: how a refuted move was played out on the table."""
    r = g.rules
    names = r.partnership_names
    return [
        f"trick {first + i + 1}: "
        + ", ".join(f"seat {s} {CARDS[c]}" for s, c in t.plays(r.players))
        + f" (seat {t.winner}, {names[r.partnerships[t.winner]]}, takes it)"
        for i, t in enumerate(g.deals[deal_no - 1].tricks[first:])
    ]


def _bonus_side(partnerships: tuple[int, ...], deal: DealLog) -> int:
    """The partnership whose trick holds the deal's bonus (-1: no trump was played)."""
    if not 0 <= deal.bonus_trick < len(deal.tricks):
        return -1
    return partnerships[deal.tricks[deal.bonus_trick].winner]


def progress_text(g: Game, side: int, target: int, deal_no: int) -> str:
    """Where the side stands: its points, whether the bonus is settled, what is still to take.
    The bonus counts once it is certain (R7.3, R8.6) or, every hand being open, once no hand
    can beat it; until then it is said to be open, so a target above the tricks' points never
    reads as out of reach."""
    r = g.rules
    deal = g.deals[deal_no - 1]
    name = r.partnership_names[side]
    n, k = r.hand_size, len(deal.tricks)
    tricks = sum(r.trick_points for t in deal.tricks if r.partnerships[t.winner] == side)
    over = _deal_over(g, deal_no)
    status = g.bonus_status()
    public = status.card is not None and status.certain
    # every hand is open: a bonus no hand can beat any more is settled, though not yet public
    seen = not public and status.card is not None and g.bonus_beyond_reach()
    settled = over or public or seen
    why = f" (no hand holds a trump above {status.card})" if seen else ""
    if over:
        holder = _bonus_side(r.partnerships, deal)
    else:
        holder = status.partnership if settled and status.partnership is not None else -1
    pts = tricks + (r.bonus_points if holder == side else 0)
    if over:
        return f"The deal is over: {name} took {pts} points (target {target})."
    left = n - k
    head = f"Trick {k + 1} of {n}: {name} has {pts} points"
    if holder == side:
        state = f", the bonus included{why}"
    elif settled and holder >= 0:
        state = f"; the bonus is settled{why}, and {r.partnership_names[holder]} has it"
    else:
        state = (
            f" from its tricks; the bonus ({r.bonus_points} more, to the trick with the highest "
            "trump) is still open"
        )
    need = target - pts
    if need <= 0:
        return f"{head}{state}. Target {target}: reached; play the deal out."
    tricks_word = "trick" if left == 1 else "tricks"
    source = f"the {left} {tricks_word} left" + ("" if settled else " and the bonus")
    return f"{head}{state}. Target {target}: {need} more to take from {source}."


def defends_contract(g: Game, side: int, target: int) -> bool:
    """Does reaching ``target`` set the contract (R10.2): an auction deal, ``side`` not the
    bidders', and the points left to the others below the bid?"""
    r, deal = g.rules, g.deals[-1]
    defending = r.auction and deal.bidder >= 0 and r.partnerships[deal.bidder] != side
    return defending and r.deal_points - target < deal.bid


def target_prompt(g: Game, side: int, target: int) -> str:
    """The endgame's question: how many tricks are left, what the side has, what it needs."""
    r = g.rules
    deal = g.deals[-1]
    left = r.hand_size - len(deal.tricks)
    words = {
        1: "One trick is",
        2: "Two tricks are",
        3: "Three tricks are",
        4: "Four tricks are",
        5: "Five tricks are",
    }
    head = f"{words.get(left, f'{left} tricks are')} left and every hand is open."
    if defends_contract(g, side, target):
        bidders = r.partnership_names[r.partnerships[deal.bidder]]
        return (
            f"{head} {bidders} bid {deal.bid}: defend. Your side must take at least {target} "
            f"points in this hand, so that {bidders} fall short of their bid, against perfect "
            "play."
        )
    if not deal.tricks and not g.trick:  # the deal's first lead (R6.7): nothing taken yet
        return (
            "Your side leads the deal's first trick, and every hand is open. It needs at least "
            f"{target} points in this deal: play its cards against perfect defence."
        )
    return (
        f"{head} Your side needs at least {target} points in this deal, counting what it has "
        "already taken: play its cards against perfect defence."
    )


@dataclass
class TargetRun(GameRun, kind="target"):
    """Play an endgame with every hand open against perfect defence: your side must take at
    least ``target`` points in the deal. You play every card of your partnership; the solver
    answers for the others, and every move of yours must keep the target reachable."""

    def _setup(self) -> None:
        from fortyfive.solve.solver import solve

        super()._setup()
        g = self.game
        if g.phase != Phase.PLAY or g.over:
            raise ValueError(f"puzzle {self.puzzle.id}: target puzzles start in the trick phase")
        if (
            not self.rules_.auction
            and max(g.scores) + self.rules_.deal_points >= self.rules_.target
        ):
            raise ValueError(f"puzzle {self.puzzle.id}: the game could end in this deal")
        assert g.to_act is not None
        self.side = self.rules_.partnerships[g.to_act]
        self.deal_no = g.deal_number
        self.target = int(self.puzzle.position["target"])
        best = solve(g).value
        if best < self.target:
            raise ValueError(
                f"puzzle {self.puzzle.id}: the target {self.target} cannot be "
                f"reached (best play gives {best})"
            )
        self.moves: list[str] = []
        self._before: list[tuple[Game, str]] = []  # the position before each move of yours

    def _deal(self) -> DealLog:
        return self.game.deals[self.deal_no - 1]

    def _finished(self) -> bool:
        return _deal_over(self.game, self.deal_no)

    def _taken(self) -> int:
        r, deal = self.rules_, self._deal()
        winners = [r.partnerships[t.winner] for t in deal.tricks]
        credited = self._finished() or (deal.bonus_card >= 0 and self.game.bonus_certain())
        bonus = deal.bonus_trick if credited else -1  # R7.3, R8.6
        return running_totals(r, (0,) * r.n_partnerships, winners, bonus)[self.side]

    def _ours(self) -> list[int]:
        return self.rules_.partners(self.side)

    def _view(self) -> dict[str, Any]:
        g, r = self.game, self.rules_
        deal = self._deal()
        name = r.partnership_names[self.side]
        seats = " and ".join(str(s) for s in self._ours())
        facts = self._deal_facts(deal)
        if r.auction and deal.bidder >= 0:
            bidders = r.partnership_names[r.partnerships[deal.bidder]]
            facts.append(f"Contract: seat {deal.bidder} ({bidders}) bid {deal.bid}")
        facts.append(f"You play for {name} (seats {seats}); the others play perfectly.")
        facts.append(
            f"Target: {self.target} points for {name} in this deal ({r.trick_points} a trick, "
            f"{r.bonus_points} more with the highest trump)."
        )
        step = progress_text(g, self.side, self.target, self.deal_no)
        return open_hand_view(g, deal, facts, step, self._ours(), self._finished())

    def _refute(self, card: str, value: int) -> Feedback:
        """A move that loses the target fails the attempt: it is played, and the deal is
        played out on the table with best play on both sides, trick by trick."""
        g, r = self.game, self.rules_
        mistake = len(self._deal().tricks) + 1
        first = len(self._deal().tricks)
        g.apply(f"play {card}")
        self.moves.append(f"play {card}")
        while not self._finished():
            g.apply(_defence_move(g, self.side))
        names = r.partnership_names
        lines = played_out_lines(g, self.deal_no, first)
        return Feedback(
            False,
            True,
            f"{card} in trick {mistake} was the mistake: against the best defence "
            f"{names[self.side]} takes only {value} points, short of the target {self.target} "
            f"({r.points_rules}). Played out: {'; '.join(lines)}. Try again from the start.",
            self.puzzle.rules,
        )

    def _why_it_works(self) -> str:
        """Why the line made the target: the tricks and the bonus taken, then the key move (the
        first of yours where a wrong card would have lost) as the solver sees it."""
        r, deal = self.rules_, self._deal()
        ours = [
            str(i + 1) for i, t in enumerate(deal.tricks) if r.partnerships[t.winner] == self.side
        ]
        bonus = ""
        if 0 <= deal.bonus_trick < len(deal.tricks):
            won = r.partnerships[deal.tricks[deal.bonus_trick].winner] == self.side
            card = CARDS[deal.bonus_card]
            bonus = (
                f", and the bonus with {card}, the highest trump played ({r.bonus_rule})"
                if won
                else f"; {r.partnership_names[_bonus_side(r.partnerships, deal)]}'s {card} "
                "took the bonus, and the tricks were enough"
            )
        which = "trick" if len(ours) == 1 else "tricks"
        took = f"Your side took {which} {', '.join(ours)}{bonus}." if ours else ""
        key = next(
            (
                facts
                for before, action in self._before
                if (facts := analyse_move(before, action, self.target)).losing
            ),
            None,
        )
        return " ".join(s for s in (took, self._key_sentence(key)) if s)

    def _key_sentence(self, key: MoveFacts | None) -> str:
        if key is None:
            return ""
        r, deal = self.rules_, self._deal()
        parts = [f"The key card was {key.card} in trick {key.trick}."]
        if "renege" in key.themes:
            kept = listed(key.kept)
            n = r.players
            won = [
                (i + 1, str(CARDS[t.winning_card(n)]))
                for i, t in enumerate(deal.tricks)
                if i >= key.trick and str(CARDS[t.winning_card(n)]) in key.kept
            ]
            then = f"; {won[0][1]} then took trick {won[0][0]}" if won else ""
            parts.append(
                f"To the trump lead of {key.led} you reneged, keeping {kept}: a protected trump "
                f"above the card led need not be played (R5.2, R5.3){then}."
            )
        if "draw" in key.themes:
            drew = (
                f"Leading a trump brought the defence's {listed(key.drawn)} into the trick (a "
                "trump lead asks for a trump, R5.1, though a protected trump may be held back, "
                "R5.3)"
            )
            if key.left:
                parts.append(
                    f"{drew}, leaving it only {listed(key.left)} to trump your side's "
                    "plain winners with (R4.1)."
                )
            else:
                parts.append(
                    f"{drew}, so your side's plain winners could no longer be trumped (R4.1)."
                )
        if "bonus" in key.themes:
            if key.card == key.bonus_card:
                parts.append(
                    f"{key.bonus_card} is the highest trump of the deal: it takes its trick and "
                    f"the bonus whenever it is played ({r.bonus_rule}), so the question is "
                    "only which trick it should take, and this was the one."
                )
            else:
                parts.append(
                    f"{key.bonus_card}, the highest trump of the deal, takes its trick and the "
                    f"bonus whenever it is played ({r.bonus_rule}): kept for later, it left "
                    "this trick to a card that could not win another."
                )
        if "throw" in key.themes:
            parts.append(
                f"{key.card} gave the trick away on purpose: the defence then had to lead, into "
                "your side's winners."
            )
        if "defend" in key.themes and deal.bidder >= 0:
            bidders = r.partnership_names[r.partnerships[deal.bidder]]
            parts.append(
                f"{bidders} fell short of their bid of {deal.bid}, so it is subtracted from their "
                "score (R10.2)."
            )
        if key.nearest:
            lost = f": trick {key.swing} would have gone the other way" if key.swing else ""
            parts.append(
                f"With {key.nearest} instead, best defence would have held your side to "
                f"{key.losing[key.nearest]} points{lost}."
            )
        return " ".join(parts)

    def _defend(self) -> list[str]:
        """Play on until a decision of yours: the defenders' best answers (lowest value for our
        side), and your side's turns that are no decision (a single legal card, or more than one
        card keeping the target: :func:`is_decision`), played for you with the solver's best.
        Each entry says the seat and card, and "for you" for a card played on your behalf."""
        from fortyfive.solve.solver import solve

        def own(g: Game) -> str | None:
            solution = solve(g)  # once: it says both whether to ask and what to play
            return None if is_decision(g, self.target, solution) else solution.best[0]

        return play_until_asked(
            self.game, self.side, self._finished, lambda g: _defence_move(g, self.side), own
        )

    def _check(self, answer: Any) -> Feedback:
        from fortyfive.solve.solver import solve

        g = self.game
        if self._finished():
            raise PuzzleInputError("the deal is over")
        assert g.to_act is not None
        hand = [str(c) for c in g.hand(g.to_act)]
        card = card_name(answer, hand)
        action = f"play {card}"
        rules = self.puzzle.rules
        why = g.explain(action)
        if why:  # refused as the card table refuses it: nothing was played, no try counts
            raise PuzzleInputError(f"{card} may not be played: {why}")
        value = solve(g).values[action]
        if value < self.target:
            return self._refute(card, value)
        self._before.append((g.copy(), action))
        g.apply(action)
        self.moves.append(action)
        answers = self._defend()
        if self._finished():
            out = g.outcome
            jink = (
                " All five tricks are your side's: a jink, which wins the game whatever the "
                "scores (R8.4)."
                if out is not None and out.reason is WinReason.JINK and out.winner == self.side
                else ""
            )
            return Feedback(
                True,
                True,
                f"Target reached: your side took {self._taken()} points (target {self.target})."
                f"{jink} " + self._why_it_works(),
                rules,
            )
        said = (
            f" Then: {', '.join(answers)}."  # a turn of yours that was no decision says so
            if any(a.endswith("(played for you)") for a in answers)
            else f" The defence played: {', '.join(answers)}."
            if answers
            else ""
        )
        return Feedback(True, False, f"Good: {card} keeps {self.target} within reach.{said}", rules)

    def hint(self) -> str | None:
        """The next hint, worked out from the position as it stands now (the endgame moves)."""
        self._hints = self._hint_texts()
        return super().hint()

    def _hint_texts(self) -> list[str]:
        from fortyfive.solve.solver import solve

        g = self.game
        s = solve(g) if not self._finished() else None
        n = len(s.values) if s else 0
        k = len([a for a, v in s.values.items() if v >= self.target]) if s else 0
        idea = self.puzzle.principle.partition(":")[0]
        first = IDEA_HINTS.get(idea, "").format(bonus=self.rules_.bonus_rule) or (
            "Count the trumps still out and who holds them: the highest trump of the deal brings "
            f"5 more with its trick ({self.rules_.bonus_rule}). Winners cashed too early can "
            "set up the defence's."
        )
        return [
            first,
            f"Right now {k} of your {n} playable cards {'keeps' if k == 1 else 'keep'} the "
            "target within reach.",
        ]

    def _solution(self) -> Feedback:
        live = self.game
        self.game = live.copy()  # play the line out on a copy: the attempt itself stays put
        try:
            return self._play_out()
        finally:
            self.game = live

    def _play_out(self) -> Feedback:
        from fortyfive.solve.solver import solve

        g = self.game
        if self._finished():
            return Feedback(
                False, True, f"The deal is over: your side took {self._taken()}.", self.puzzle.rules
            )
        best = solve(g).best
        hl = tuple(a.split()[-1] for a in best)
        line = []
        while not self._finished():
            assert g.to_act is not None
            if self.rules_.partnerships[g.to_act] == self.side:
                move = solve(g).best[0]
                line.append(f"seat {g.to_act} {move.split()[-1]}")
                g.apply(move)
            else:
                line += self._defend()
        msg = (
            f"Best now: {' or '.join(hl)}. A winning line: {', '.join(line)}: your side takes "
            f"{self._taken()} (target {self.target})."
        )
        return Feedback(False, True, msg, self.puzzle.rules, highlight=hl)
