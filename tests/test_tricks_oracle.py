"""The engine's trick functions against the independent oracle tests/oracle.py (RULES.md R2-R5)."""

from __future__ import annotations

import random
import re
from itertools import permutations

import pytest

import fortyfive as ff

try:
    from tests import oracle
except ImportError:  # tests/ itself on sys.path (pytest's default rootdir-less import)
    import oracle

SUITS = oracle.SUITS
RULE_ID = re.compile(r"R\d+\.\d+")
MAX_REPORTED = 12

# Random cases per preset for legal_plays / explain_play, and random full tricks per size.
LEGAL_CASES = 6000
WINNER_CASES = 300

PRESETS = [pytest.param("bruff", id="bruff"), pytest.param("barker", id="barker")]
# Most cards that can already lie in a trick when it is someone's turn (players - 1).
MAX_PLAYED = {"bruff": 5, "barker": 3}
# Sizes of random complete / partial tricks given to trick_winner.
WINNER_SIZES = {"bruff": (4, 6), "barker": (3, 4)}


def rules_for(preset: str):
    rules = {"bruff": ff.BRUFF, "barker": ff.BARKER}[preset]
    assert rules.name == preset
    return rules


def cards(texts) -> list:
    return [ff.parse_card(t) for t in texts]


def strs(card_list) -> list[str]:
    return [str(c) for c in card_list]


def fail_report(failures: list[str], total: int) -> str:
    shown = "\n".join(failures[:MAX_REPORTED])
    return f"{len(failures)} of {total} cases disagree with the oracle, e.g.:\n{shown}"


# --------------------------------------------------------------------------- oracle self-check

# RULES.md R2.3 / R2.4 transcribed literally, to check the oracle's derived orders.
_TRUMP_TEXT = {
    "black": "5T JT Jk AH AT KT QT 2T 3T 4T 6T 7T 8T 9T TT",
    "D": "5D JD Jk AH AD KD QD TD 9D 8D 7D 6D 4D 3D 2D",
    "H": "5H JH Jk AH KH QH TH 9H 8H 7H 6H 4H 3H 2H",
}
_PLAIN_TEXT = {
    "black": "K Q J A 2 3 4 5 6 7 8 9 T",
    "D": "K Q J T 9 8 7 6 5 4 3 2 A",
    "H": "K Q J T 9 8 7 6 5 4 3 2",
}


def _literal_trump_order(trump: str, preset: str) -> list[str]:
    text = _TRUMP_TEXT["black" if trump in "SC" else trump]
    out = []
    for tok in text.split():
        if tok == "Jk":
            if preset == "bruff":
                out.append("JK")
        elif tok == "AH":
            out.append("AH")
        else:
            out.append(tok[0] + trump)
    return out


def _literal_plain_order(suit: str) -> list[str]:
    return [r + suit for r in _PLAIN_TEXT["black" if suit in "SC" else suit].split()]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("trump", SUITS)
def test_oracle_orders_agree_with_rules_text(preset, trump):
    assert oracle.trump_order(trump, preset) == _literal_trump_order(trump, preset)
    for suit in SUITS:
        if suit != trump:
            assert oracle.plain_order(suit, trump) == _literal_plain_order(suit)
    # Every card of the deck is either a trump or in exactly one plain order.
    seen = oracle.trump_order(trump, preset) + [
        c for s in SUITS if s != trump for c in oracle.plain_order(s, trump)
    ]
    assert sorted(seen) == sorted(oracle.deck(preset))


def test_oracle_worked_examples():
    # E1 (bruff, spades): 7S 5S KD 2S QC 4D -> the 5S (index 1).
    assert oracle.winner(["7S", "5S", "KD", "2S", "QC", "4D"], "S", "bruff") == 1
    assert "KD" in oracle.legal(["AH", "KD", "3C"], ["7S", "5S"], "S", "bruff")
    # E2 (barker, spades): 7S 5S AS AH -> the 5S.
    assert oracle.winner(["7S", "5S", "AS", "AH"], "S", "barker") == 1
    # E4 (barker): only trump JS plus 2D.
    assert oracle.legal(["JS", "2D"], ["9S"], "S", "barker") == {"JS", "2D"}
    assert oracle.legal(["JS", "2D"], ["5S"], "S", "barker") == {"JS"}


# --------------------------------------------------------------------------- orders (R2.3, R2.4)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("trump", SUITS)
def test_trump_order_matches_oracle(preset, trump):
    rules = rules_for(preset)
    assert strs(ff.trump_order(rules, trump)) == oracle.trump_order(trump, preset)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(("trump", "suit"), [(t, s) for t in SUITS for s in SUITS if s != t])
def test_plain_order_matches_oracle(preset, trump, suit):
    rules = rules_for(preset)
    assert strs(ff.plain_order(rules, suit, trump=trump)) == oracle.plain_order(suit, trump)


# --------------------------------------------------------------------------- trick_winner (R3.2)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("trump", SUITS)
def test_trick_winner_all_ordered_pairs(preset, trump):
    """Every ordered pair (lead, second) of distinct cards of the deck."""
    rules = rules_for(preset)
    deck = oracle.deck(preset)
    parsed = {t: ff.parse_card(t) for t in deck}
    failures = []
    total = 0
    for lead, second in permutations(deck, 2):
        total += 1
        want = oracle.winner([lead, second], trump, preset)
        got = ff.trick_winner(rules, trump, [parsed[lead], parsed[second]])
        if got != want:
            failures.append(f"trump={trump} trick=[{lead} {second}]: engine {got}, oracle {want}")
    n = len(deck)
    assert total == n * (n - 1)
    assert not failures, fail_report(failures, total)


def _random_trick(rng: random.Random, preset: str, trump: str, size: int) -> list[str]:
    deck = oracle.deck(preset)
    trumps = oracle.trump_order(trump, preset)
    chosen: list[str] = []
    while len(chosen) < size:
        # Mix in plenty of trumps and same-suit cards so that the orders matter.
        r = rng.random()
        if r < 0.35:
            card = rng.choice(trumps)
        elif r < 0.6 and chosen and chosen[0] != "JK":
            card = rng.choice(oracle.RANKS) + chosen[0][1]
        else:
            card = rng.choice(deck)
        if card not in chosen:
            chosen.append(card)
    return chosen


@pytest.mark.parametrize("preset", PRESETS)
def test_trick_winner_random_tricks(preset):
    rules = rules_for(preset)
    rng = random.Random(f"winner-{preset}-45")
    failures = []
    total = 0
    for size in WINNER_SIZES[preset]:
        for _ in range(WINNER_CASES):
            trump = rng.choice(SUITS)
            trick = _random_trick(rng, preset, trump, size)
            total += 1
            want = oracle.winner(trick, trump, preset)
            got = ff.trick_winner(rules, trump, cards(trick))
            if got != want:
                failures.append(f"trump={trump} trick={trick}: engine {got}, oracle {want}")
    assert not failures, fail_report(failures, total)


# --------------------------------------------------------------------------- legal_plays (R3-R5)


def _random_legal_case(rng: random.Random, preset: str):
    """A (trump, hand, trick) case, biased towards the renege privilege (R5.2, R5.3)."""
    trump = rng.choice(SUITS)
    deck = oracle.deck(preset)
    trumps = oracle.trump_order(trump, preset)
    prot = oracle.protected(trump, preset)
    pool = set(deck)

    def take(card: str) -> bool:
        if card in pool:
            pool.remove(card)
            return True
        return False

    trick: list[str] = []
    n_played = rng.choice([0] + list(range(1, MAX_PLAYED[preset] + 1)) * 3)
    if n_played:
        r = rng.random()
        if r < 0.4:
            lead = rng.choice(prot)  # a protected trump led
        elif r < 0.7:
            lead = rng.choice(trumps)  # any trump led
        else:
            lead = rng.choice(deck)
        take(lead)
        trick.append(lead)
        while len(trick) < n_played:
            card = rng.choice(trumps) if rng.random() < 0.4 else rng.choice(deck)
            if take(card):
                trick.append(card)

    hand: list[str] = []
    hand_size = rng.randint(1, 5)
    # Often hold one or two protected trumps.
    if rng.random() < 0.7:
        for card in rng.sample(prot, rng.randint(1, 2)):
            if len(hand) < hand_size and take(card):
                hand.append(card)
    while len(hand) < hand_size:
        r = rng.random()
        if r < 0.25:
            card = rng.choice(trumps)
        elif r < 0.5 and trick and trick[0] != "JK":
            card = rng.choice(oracle.RANKS) + trick[0][1]  # the suit led
        else:
            card = rng.choice(deck)
        if take(card):
            hand.append(card)
    rng.shuffle(hand)
    return trump, hand, trick


def _legal_cases(preset: str):
    rng = random.Random(f"legal-{preset}-45")
    return [_random_legal_case(rng, preset) for _ in range(LEGAL_CASES)]


def test_random_cases_are_biased_as_intended():
    cases = _legal_cases("bruff")
    prot_leads = sum(1 for t, _, tr in cases if tr and tr[0] in oracle.protected(t, "bruff"))
    prot_hands = sum(1 for t, h, _ in cases if set(h) & set(oracle.protected(t, "bruff")))
    restricted = sum(1 for t, h, tr in cases if oracle.legal(h, tr, t, "bruff") != set(h))
    privileged_discards = sum(
        1
        for t, h, tr in cases
        if tr
        and oracle.is_trump(tr[0], t, "bruff")
        and any(oracle.is_trump(c, t, "bruff") for c in h)
        and oracle.legal(h, tr, t, "bruff") == set(h)
        and not all(oracle.is_trump(c, t, "bruff") for c in h)
    )
    assert prot_leads > LEGAL_CASES // 5
    assert prot_hands > LEGAL_CASES // 3
    assert restricted > LEGAL_CASES // 5
    assert privileged_discards > LEGAL_CASES // 50


@pytest.mark.parametrize("preset", PRESETS)
def test_legal_plays_random(preset):
    rules = rules_for(preset)
    failures = []
    cases = _legal_cases(preset)
    for trump, hand, trick in cases:
        want = oracle.legal(hand, trick, trump, preset)
        got = strs(ff.legal_plays(rules, trump, cards(hand), cards(trick)))
        if set(got) != want or len(got) != len(set(got)):
            failures.append(
                f"trump={trump} hand={hand} trick={trick}: engine {sorted(got)}, "
                f"oracle {sorted(want)}"
            )
    assert len(cases) >= 5000
    assert not failures, fail_report(failures, len(cases))


@pytest.mark.parametrize("preset", PRESETS)
def test_explain_play_random(preset):
    """explain_play is "" exactly for legal cards, else a reason citing a rule id."""
    rules = rules_for(preset)
    failures = []
    total = 0
    for trump, hand, trick in _legal_cases(preset):
        want = oracle.legal(hand, trick, trump, preset)
        hand_cards = cards(hand)
        trick_cards = cards(trick)
        for text, card in zip(hand, hand_cards, strict=True):
            total += 1
            why = ff.explain_play(rules, trump, hand_cards, trick_cards, card)
            where = f"trump={trump} hand={hand} trick={trick} card={text}"
            if not isinstance(why, str):
                failures.append(f"{where}: returned {why!r}, not a str")
            elif text in want and why != "":
                failures.append(f"{where}: legal per oracle, engine explains {why!r}")
            elif text not in want and (not why or not RULE_ID.search(why)):
                failures.append(f"{where}: illegal per oracle, engine explains {why!r}")
    assert not failures, fail_report(failures, total)
