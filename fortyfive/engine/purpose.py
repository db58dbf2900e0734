"""What a card does in the trick, in a player's words, from one seat's view only: the principle a
hint gives with its ranking ("it is the highest trump left: it takes the trick").

The sentence states facts the seat can know (the trick so far, the cards it has seen), never
what the hidden hands hold: a card is said to be unbeatable only when every card that could
beat it has been seen or is in the seat's own hand.

>>> from fortyfive.engine.game import Game
>>> g = Game.new("bruff", seed=3)
>>> while g.phase != "play":
...     g.apply(g.legal_actions()[0])
>>> g.observation(g.to_act)["trump"], g.legal_actions()
('D', ['play 7S', 'play 8S', 'play QS', 'play 4D', 'play AH'])
>>> play_purpose(g.observation(g.to_act), "play AH")  # AH is always a trump (R2)
'a trump lead makes the others play their trumps (R5.1)'
>>> play_purpose(g.observation(g.to_act), "play QS")
'a higher spade you have not seen may beat it (R3.2)'
"""

from __future__ import annotations

from fortyfive.engine.actions import parse_action
from fortyfive.engine.cards import SUITS, card_mask, parse_card
from fortyfive.engine.errors import InputError
from fortyfive.engine.observe import Observation, trump_of
from fortyfive.engine.rules import TRUMP_SUIT, TrumpTables, get_rules, tables
from fortyfive.engine.tricks import winner_index

SUIT_WORDS = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


def play_purpose(obs: Observation, action: str) -> str:
    """What ``action`` (a ``play`` legal for the observing seat) does in the trick, as a clause
    that follows the card's name: who it beats, whether anything unseen can still beat it, and
    what leading a trump does. Raises :class:`~fortyfive.engine.errors.InputError` for an
    action that is not a legal play of this observation."""
    if action not in obs["legal_actions"] or parse_action(action).kind != "play":
        raise InputError("action", action, "a legal play of this observation")
    rules = get_rules(obs["preset"])
    t = tables(rules.joker, SUITS.index(trump_of(obs)))
    card = parse_card(action.split()[1]).id
    trick = [parse_card(e["card"]).id for e in obs["trick"]]
    unseen = _unseen(obs, t)
    if not trick:
        return _lead(t, card, unseen)
    side = rules.partnerships[obs["seat"]]
    winning = obs["trick"][winner_index(t, trick)]
    partner_wins = rules.partnerships[winning["seat"]] == side
    last = len(trick) == rules.players - 1
    led_trump = t.eff_suit[trick[0]] == TRUMP_SUIT
    if winner_index(t, [*trick, card]) == len(trick):
        trumps_it = t.eff_suit[card] == TRUMP_SUIT and not led_trump
        verb = "trumps the trick and takes it" if trumps_it else "takes the trick"
        if last:
            return f"it {verb} (R3.2)"
        if not _beaters(t, card, trick[0]) & unseen:
            return f"it {verb}: no card you have not seen can beat it (R3.2)"
        verb = "trumps the trick" if trumps_it else "beats the cards played so far"
        return f"it {verb}; a higher card may still come from a player yet to play (R3.2)"
    beaten = parse_card(winning["card"]).symbol()
    if partner_wins:
        return f"your partner's {beaten} is winning the trick: you need not beat it (R3.4)"
    losers = [
        parse_card(a.split()[1]).id
        for a in obs["legal_actions"]
        if winner_index(t, [*trick, parse_card(a.split()[1]).id]) != len(trick)
    ]
    kind = [c for c in losers if t.eff_suit[c] == t.eff_suit[card]]
    if len(kind) > 1 and all(t.power[card] <= t.power[c] for c in kind):
        return (
            f"it cannot beat {beaten}, and it is the lowest of the cards you could give: "
            "you need not waste a better one (R3.4)"
        )
    return f"it cannot beat {beaten} (R3.2)"


def _lead(t: TrumpTables, card: int, unseen: int) -> str:
    if t.eff_suit[card] == TRUMP_SUIT:
        if not t.higher[card] & unseen:
            return (
                "no trump you have not seen outranks it: it takes the trick (R3.2), and the "
                "others must play their trumps (R5.1)"
            )
        return "a trump lead makes the others play their trumps (R5.1)"
    suit = SUIT_WORDS[SUITS[t.eff_suit[card]]]
    if not _beaters(t, card, card) & unseen & ~t.trump_mask:
        return f"no {suit} you have not seen outranks it: only a trump can beat it (R3.2, R4.1)"
    return f"a higher {suit} you have not seen may beat it (R3.2)"


def _beaters(t: TrumpTables, card: int, lead: int) -> int:
    """The cards that would beat ``card`` in a trick led by ``lead`` (R3.2)."""
    if t.eff_suit[card] == TRUMP_SUIT:
        return t.higher[card]
    suit = t.suit_mask[t.eff_suit[card]] if t.eff_suit[lead] == t.eff_suit[card] else 0
    higher = sum(1 << c for c in range(53) if suit >> c & 1 and t.power[c] > t.power[card])
    return higher | t.trump_mask


def _unseen(obs: Observation, t: TrumpTables) -> int:
    """The cards this seat has not seen: neither in its hand or face-down cards, nor played,
    nor the turn-up left on the stock (a robbed turn-up is in a hand: still out)."""
    seen = card_mask(obs["hand"]) | card_mask(obs["own_face_down"])
    for tr in obs["tricks"]:
        seen |= card_mask(tr["cards"])
    seen |= card_mask([e["card"] for e in obs["trick"]])
    if obs["turnup"] and obs["robbed_by"] is None:
        seen |= card_mask([obs["turnup"]])
    everything = (1 << 53) - 1
    return everything & ~seen
