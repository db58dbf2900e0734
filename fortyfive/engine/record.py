"""Game records (JSON-able, versioned) and replay.

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

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeGuard

from fortyfive.engine.actions import MAX_ACTION_TEXT
from fortyfive.engine.errors import InputError, quote
from fortyfive.engine.rules import PRESETS, Rules
from fortyfive.engine.validate import MAX_SEED, FileRefused, json_text, read_bounded

if TYPE_CHECKING:
    pass

RECORD_FORMAT = "fortyfive-record"
RECORD_VERSION = 1


#: Bounds checked before any work: far beyond a real game (a long barker game of 500 hands has
#: about 15,000 actions), small enough that a hostile record cannot keep a kernel busy.
MAX_ACTIONS = 50_000
_FIELDS = {"format", "version", "rules", "seed", "dealer", "start", "actions", "result"}
_START = {"dealer", "hands", "stock", "scores"}


class RecordError(ValueError):
    """A malformed or inconsistent game record; ``path`` names the bad field (``""`` for the
    record itself), e.g. ``start.hands[2]`` or ``actions[7]``."""

    def __init__(self, message: str, path: str = "") -> None:
        self.path = path
        super().__init__(f"bad game record: {message}")


def bad_record(msg: str, path: str = "") -> RecordError:
    """A :class:`RecordError` saying what is wrong with a record."""
    return RecordError(msg, path)


@dataclass(frozen=True)
class RecordStart:
    """What a checked record says to build: the rules, the seed, and either the first dealer
    (``start`` None: a shuffled game, :meth:`Game.new`) or a given first deal (``start``:
    :meth:`Game.from_deal`'s arguments), then the actions to apply and the result it claims."""

    rules: Rules
    seed: int
    dealer: int | None
    start: dict[str, Any] | None
    actions: list[str]
    result: dict[str, Any]


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def names_no_card(record: Mapping[str, Any]) -> bool:
    """Whether ``record`` names no card: a game its seed deals, not given card by card
    (``start``), with nothing played yet.

    >>> from fortyfive import Game
    >>> g = Game.new("bruff", seed=3)
    >>> names_no_card(g.record())
    True
    >>> g.apply(g.legal_actions()[0])
    >>> names_no_card(g.record())
    False
    """
    return record.get("start") is None and not record.get("actions")


def parse_record(record: Any) -> RecordStart:
    """Check the fields of a record (see :meth:`Game.replay`) and bound its sizes before any
    game is built; raises :class:`RecordError` with the path of the bad field."""
    if not isinstance(record, dict):
        raise bad_record("a record is a JSON object")
    unknown = sorted(str(k) for k in set(record) - _FIELDS)
    if unknown:
        raise bad_record(f"unknown fields {quote(unknown)}", unknown[0])
    if record.get("format") != RECORD_FORMAT:
        raise bad_record(f"'format' must be {RECORD_FORMAT!r}", "format")
    version = record.get("version")
    if not _whole(version) or version != RECORD_VERSION:
        raise bad_record(
            f"unsupported version {quote(version)} (this reads {RECORD_VERSION})", "version"
        )
    raw_rules = record.get("rules")
    if isinstance(raw_rules, str):
        if raw_rules not in PRESETS:
            raise bad_record(f"unknown preset {quote(raw_rules)}", "rules")
        rules = PRESETS[raw_rules]
    elif isinstance(raw_rules, dict):
        try:
            rules = Rules.from_dict(raw_rules)
        except InputError as e:
            raise bad_record(
                str(e) if e.field.startswith("rules") else f"rules: {e}", e.field
            ) from None
        except (TypeError, ValueError) as e:
            raise bad_record(f"rules: {e}", "rules") from None
    else:
        raise bad_record("'rules' must be a preset name or an object", "rules")
    seed = record.get("seed")
    if not _whole(seed) or not 0 <= seed < MAX_SEED:
        raise bad_record("'seed' must be an integer 0..2**64-1", "seed")
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise bad_record("'actions' must be a list of action strings", "actions")
    if len(actions) > MAX_ACTIONS:
        raise bad_record(f"{len(actions)} actions: at most {MAX_ACTIONS}", "actions")
    for i, a in enumerate(actions):
        if not isinstance(a, str) or len(a) > MAX_ACTION_TEXT:
            raise bad_record(
                f"'actions' must be a list of action strings; actions[{i}] is {quote(a)}",
                f"actions[{i}]",
            )
    start = record.get("start")
    if start is not None and (not isinstance(start, dict) or set(start) != _START):
        raise bad_record(
            f"'start' must be null or an object with exactly {sorted(_START)}", "start"
        )
    dealer = record.get("dealer")
    if dealer is not None and (not _whole(dealer) or not 0 <= dealer < rules.players):
        raise bad_record(
            f"'dealer' must be a seat 0..{rules.players - 1} or null, not {quote(dealer)}",
            "dealer",
        )
    result = record.get("result")
    if (
        not isinstance(result, dict)
        or set(result) != {"scores", "winner", "over"}
        or not isinstance(result["over"], bool)
    ):
        raise bad_record("'result' must be an object with scores, winner and over", "result")
    return RecordStart(rules, seed, dealer, start, actions, result)


#: The largest record file read: a 50,000-action game is under a megabyte.
MAX_RECORD_BYTES = 8 * 2**20


def load_record(path: str | Path) -> Any:
    """The JSON of a record file, read as untrusted: its size is checked before it is read,
    and a file that is not UTF-8 JSON is a :class:`RecordError` (check it with
    :meth:`Game.replay`)."""
    path = Path(path)
    try:
        return json_text(read_bounded(path, MAX_RECORD_BYTES).decode("utf-8"))
    except FileRefused as e:
        raise bad_record(f"{path} is {e}: not a record file") from None
    except OSError as e:
        raise bad_record(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise bad_record(f"{path} is not a text file: a record is UTF-8 JSON") from None
    except (ValueError, RecursionError) as e:
        raise bad_record(f"{path} is not JSON: {e}") from None


def check_result(
    spec: RecordStart, scores: tuple[int, ...], winner: int | None, over: bool
) -> None:
    """The replayed outcome must be the one the record claims."""
    got = {"scores": list(scores), "winner": winner, "over": over}
    claimed = spec.result
    for key, value in got.items():
        if claimed[key] != value or type(claimed[key]) is not type(value):
            raise bad_record(
                f"result.{key}: the record says {quote(claimed[key])}, the replay gives "
                f"{quote(value)}",
                f"result.{key}",
            )
