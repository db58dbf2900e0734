"""Games for the chapters' examples, built through the engine: a deal written out hand by hand,
cards played in turn, an Auction Forty-Fives hand ready for its first lead, and a game between
computer players. Every step goes through ``Game.apply``, so the engine checks it.
"""

from __future__ import annotations

from collections.abc import Sequence

from fortyfive.course.fact_tables import CardsLike
from fortyfive.engine.cards import deck, parse_cards
from fortyfive.engine.game import Game
from fortyfive.engine.rules import Rules, get_rules


def _full_pack(rules: Rules) -> list[str]:
    return [str(c) for c in deck(rules.joker)]


def deal_game(
    preset: Rules | str,
    dealer: int,
    hands: Sequence[CardsLike],
    stock_top: CardsLike = "",
    scores: Sequence[int] | None = None,
    seed: int = 0,
) -> Game:
    """A game from hands written out in full (``"7S 3C 3H QH 8C"`` per seat): the stock is
    ``stock_top`` (bruff: the turn-up first) followed by the rest of the pack in pack order.
    Everything else is :meth:`Game.from_deal`.

    >>> g = deal_game("barker", 3, ["AH 4D 5D 6C 7C", "7S KC KH 8D 9D",
    ...                             "5S KD QD 2C 2H", "AS TD JD 3C 3H"])
    >>> g.phase, g.to_act
    (<Phase.BID: 'bid'>, 0)
    """
    rules = get_rules(preset)
    held = [[str(c) for c in parse_cards(h)] for h in hands]
    top = [str(c) for c in parse_cards(stock_top)]
    used = {c for h in held for c in h} | set(top)
    stock = top + [c for c in _full_pack(rules) if c not in used]
    return Game.from_deal(rules, dealer, held, stock, scores=scores, seed=seed)


def play_cards(game: Game, cards: CardsLike) -> None:
    """Play ``cards`` in turn (``"7S 5S KD"``), each by the seat to act, through ``apply``."""
    for c in parse_cards(cards):
        game.apply(f"play {c}")


def barker_hand(
    dealer: int, hands: Sequence[CardsLike], trump: str, bid: int = 20, bidder: int | None = None
) -> Game:
    """An Auction Forty-Fives hand ready for its first lead: ``bidder`` (by default the seat on
    the dealer's left) bids ``bid``, everyone else passes, it names ``trump`` and nobody changes
    cards. The stock is the rest of the pack (:func:`deal_game`); every step goes through
    ``apply``, so the engine checks it (R9.2-R9.7).

    >>> g = barker_hand(3, ["AH 4D 5D 6C 7C", "7S KC KH 8D 9D", "5S KD QD 2C 2H",
    ...                     "AS TD JD 3C 3H"], "S")
    >>> g.phase, g.trump, g.to_act
    (<Phase.PLAY: 'play'>, 'S', 1)
    """
    game = deal_game("barker", dealer, hands)
    n = game.rules.players
    bidder = (dealer + 1) % n if bidder is None else bidder
    while game.phase == "bid":
        game.apply(f"bid {bid}" if game.to_act == bidder else "pass")
    game.apply(f"trump {trump}")
    while game.phase == "discard":
        game.apply("discard")
    return game


def computer_game(
    preset: Rules | str, seed: int, bot_seed: int = 1, until_card_of: int | None = None
) -> Game:
    """A game (``Game.new(preset, seed)``) played by rule-based players to its end, or, with
    ``until_card_of``, until that seat is to play a card."""
    from fortyfive.agents.bots import make_bot

    game = Game.new(preset, seed=seed)
    bot = make_bot("rule", seed=bot_seed)
    while not game.over:
        assert game.to_act is not None
        if game.to_act == until_card_of and game.phase == "play":
            break
        game.apply(bot.choose(game, game.to_act))
    return game
