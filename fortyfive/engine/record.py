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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fortyfive.engine.cards import CARDS, SUITS
from fortyfive.engine.rules import PRESETS, Rules
from fortyfive.engine.scoring import trick_value

if TYPE_CHECKING:
    import pandas

    from fortyfive.engine.game import Game

RECORD_FORMAT = "fortyfive-record"
RECORD_VERSION = 1


class RecordError(ValueError):
    """A malformed or inconsistent game record."""


def bad_record(msg: str) -> RecordError:
    """A :class:`RecordError` saying what is wrong with a record."""
    return RecordError(f"bad game record: {msg}")


@dataclass(frozen=True)
class RecordStart:
    """What a checked record says to build: the rules, the seed, and either the first dealer
    (``start`` None: a shuffled game, :meth:`Game.new`) or a given first deal (``start``:
    :meth:`Game.from_deal`'s arguments), then the actions to apply."""

    rules: Rules
    seed: int
    dealer: int | None
    start: dict[str, Any] | None
    actions: list[str]


def parse_record(record: Any) -> RecordStart:
    """Check the fields of a record (see :meth:`Game.replay`); raises :class:`RecordError`."""
    if not isinstance(record, dict):
        raise bad_record("a record is a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise bad_record(f"'format' must be {RECORD_FORMAT!r}")
    version = record.get("version")
    if version != RECORD_VERSION:
        raise bad_record(f"unsupported version {version!r} (this reads {RECORD_VERSION})")
    raw_rules = record.get("rules")
    if isinstance(raw_rules, str):
        if raw_rules not in PRESETS:
            raise bad_record(f"unknown preset {raw_rules!r}")
        rules = PRESETS[raw_rules]
    elif isinstance(raw_rules, dict):
        try:
            rules = Rules.from_dict(raw_rules)
        except (TypeError, ValueError) as e:
            raise bad_record(f"rules: {e}") from None
    else:
        raise bad_record("'rules' must be a preset name or an object")
    seed = record.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise bad_record("'seed' must be an integer")
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise bad_record("'actions' must be a list of action strings")
    start = record.get("start")
    keys = {"dealer", "hands", "stock", "scores"}
    if start is not None and (not isinstance(start, dict) or set(start) != keys):
        raise bad_record(f"'start' must be null or an object with exactly {sorted(keys)}")
    dealer = record.get("dealer")
    if dealer is not None and (not isinstance(dealer, int) or isinstance(dealer, bool)):
        raise bad_record("'dealer' must be a seat number or null")
    return RecordStart(rules, seed, dealer, start, actions)


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
