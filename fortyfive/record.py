"""Game records (JSON-able, versioned), replay, and the score sheet as a DataFrame.

>>> from fortyfive import Game
>>> g = Game.new("barker", seed=11)
>>> g.apply(g.legal_actions()[1])
>>> rec = g.record()
>>> rec["format"], rec["version"], rec["actions"]
('fortyfive-record', 1, ['bid 5'])
>>> Game.replay(rec).observation(0) == g.observation(0)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import IllegalActionError
from .cards import CARDS, SUITS
from .rules import PRESETS, Rules
from .scoring import trick_value

if TYPE_CHECKING:
    import pandas

    from .game import Game

RECORD_FORMAT = "fortyfive-record"
RECORD_VERSION = 1


class RecordError(ValueError):
    """A malformed or inconsistent game record."""


def make_record(game: Game) -> dict[str, Any]:
    rules = game.rules
    preset = PRESETS.get(rules.name)
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "rules": rules.name if preset == rules else rules.to_dict(),
        "seed": game.seed,
        "dealer": game._first_dealer,
        "start": game._start,
        "actions": game.history,
        "result": {"scores": list(game.scores), "winner": game.winner, "over": game.over},
    }


def _bad(msg: str) -> RecordError:
    return RecordError(f"bad game record: {msg}")


def replay(record: dict[str, Any]) -> Game:
    """Rebuild a game from a record, checking every field; raises :class:`RecordError`."""
    from .game import Game

    if not isinstance(record, dict):
        raise _bad("a record is a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise _bad(f"'format' must be {RECORD_FORMAT!r}")
    version = record.get("version")
    if version != RECORD_VERSION:
        raise _bad(f"unsupported version {version!r} (this reads {RECORD_VERSION})")
    raw_rules = record.get("rules")
    if isinstance(raw_rules, str):
        if raw_rules not in PRESETS:
            raise _bad(f"unknown preset {raw_rules!r}")
        rules = PRESETS[raw_rules]
    elif isinstance(raw_rules, dict):
        try:
            rules = Rules.from_dict(raw_rules)
        except (TypeError, ValueError) as e:
            raise _bad(f"rules: {e}") from None
    else:
        raise _bad("'rules' must be a preset name or an object")
    seed = record.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise _bad("'seed' must be an integer")
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise _bad("'actions' must be a list of action strings")
    start = record.get("start")
    keys = {"dealer", "hands", "stock", "scores"}
    if start is not None and (not isinstance(start, dict) or set(start) != keys):
        raise _bad(f"'start' must be null or an object with exactly {sorted(keys)}")
    dealer = record.get("dealer")
    if dealer is not None and (not isinstance(dealer, int) or isinstance(dealer, bool)):
        raise _bad("'dealer' must be a seat number or null")
    try:
        if start is None:
            game = Game.new(rules, seed=seed, dealer=dealer)
        else:
            game = Game.from_deal(
                rules, start["dealer"], start["hands"], start["stock"], start["scores"], seed=seed
            )
    except (ValueError, TypeError) as e:
        raise _bad(f"start: {e}") from None
    for i, action in enumerate(actions):
        try:
            game.apply(action)
        except IllegalActionError as e:
            raise _bad(f"action {i} {action!r} is not legal: {e}") from None
    return game


def trick_rows(game: Game) -> list[dict[str, Any]]:
    """The rows of :func:`score_sheet` by trick, as plain dicts."""
    r = game.rules
    names = r.partnership_names
    rows = []
    chronology = r.win_by_chronology
    for deal in game.deals:
        totals = list(deal.start_scores) if chronology else [0] * r.n_partnerships
        bonus = deal.bonus_trick if deal.bonus_certain else -1
        for i, t in enumerate(deal.tricks):
            p = r.partnerships[t.winner]
            points = trick_value(r, i, bonus)
            totals[p] += points
            row = {
                "deal": deal.number,
                "dealer": deal.dealer,
                "trump": SUITS[deal.trump] if deal.trump >= 0 else None,
                "trick": i + 1,
                "leader": t.leader,
                "cards": " ".join(str(CARDS[c]) for c in t.cards),
                "winner": t.winner,
                "partnership": names[p],
                "points": points,
                "bonus": i == bonus,
            }
            prefix = "" if chronology else "taken "
            row.update({prefix + n: totals[k] for k, n in enumerate(names)})
            rows.append(row)
    return rows


def _deal_rows(game: Game) -> list[dict[str, Any]]:
    r = game.rules
    names = r.partnership_names
    rows = []
    for deal in game.deals:
        end = deal.end_scores if deal.end_scores is not None else game.scores
        row: dict[str, Any] = {
            "deal": deal.number,
            "dealer": deal.dealer,
            "trump": SUITS[deal.trump] if deal.trump >= 0 else None,
        }
        if r.auction:
            row.update(
                bidder=deal.bidder if deal.bidder >= 0 else None,
                bid=deal.bid or None,
                made=deal.made,
                thrown_in=deal.thrown_in,
            )
        else:
            row.update(
                turnup=str(CARDS[deal.turnup]) if deal.turnup >= 0 else None,
                bonus=str(CARDS[deal.bonus_card]) if deal.bonus_card >= 0 else None,
                bonus_certain=deal.bonus_certain,
            )
        row["tricks"] = len(deal.tricks)
        row.update({f"+{n}": end[k] - deal.start_scores[k] for k, n in enumerate(names)})
        row.update({n: end[k] for k, n in enumerate(names)})
        rows.append(row)
    return rows


def score_sheet(game: Game, by: str = "trick") -> pandas.DataFrame:
    """Per trick: who won it, its points (10 with a credited bonus) and running totals
    (bruff: game totals; barker: points taken in the hand). ``by="deal"``: per deal/hand, with
    barker's bid, bidder and contract, and the scores after it."""
    import pandas as pd

    if by == "trick":
        return pd.DataFrame(trick_rows(game))
    if by == "deal":
        return pd.DataFrame(_deal_rows(game))
    raise ValueError("by must be 'trick' or 'deal'")
