"""The rule ids of the rulebook (R1.1 ... R10.5), each with a short title.

The engine's explanations, the puzzles, the course and the tests cite these ids; the book's rules
reference (``book/rules.md``) states each rule in full under the same id.

>>> RULE_IDS[0], RULE_IDS[-1], len(RULE_IDS)
('R1.1', 'R10.5', 49)
>>> RULE_TITLES["R5.4"]
'the card led fixes the obligation'
"""

from __future__ import annotations

import re

RULE_TITLES: dict[str, str] = {
    "R1.1": "cards and their names",
    "R1.2": "seats, and play moving to the left",
    "R1.3": "partnerships",
    "R2.1": "which cards are trumps",
    "R2.2": "the other cards keep their printed suit",
    "R2.3": "the order of trumps",
    "R2.4": "the order of plain suits",
    "R3.1": "leading and playing in turn",
    "R3.2": "who takes the trick",
    "R3.3": "the winner leads next; five tricks a deal",
    "R3.4": "never obliged to beat",
    "R4.1": "trumping a plain lead is always allowed",
    "R4.2": "otherwise follow suit",
    "R4.3": "void in the suit led: any card",
    "R5.1": "a trump lead asks for a trump",
    "R5.2": "protected trumps",
    "R5.3": "when a protected trump may be kept back",
    "R5.4": "the card led fixes the obligation",
    "R5.5": "no trump: any card",
    "R6.1": "the dealer, and the deal passing left",
    "R6.2": "dealing 3 then 2",
    "R6.3": "the turn-up fixes trump",
    "R6.4": "a turned-up joker",
    "R6.5": "robbing the turn-up",
    "R6.6": "robbing is optional, once, before the robber plays",
    "R6.7": "the dealer's left leads first",
    "R7.1": "5 a trick",
    "R7.2": "the bonus for the highest trump",
    "R7.3": "when the bonus is certain",
    "R8.1": "first to 45 wins, by the order of tricks",
    "R8.2": "an uncertain bonus: play on",
    "R8.3": "a win nothing can change ends the game",
    "R8.4": "jink: all five tricks",
    "R8.5": "no winner: scores carry over",
    "R8.6": "the procedure after every trick",
    "R8.7": "robbing and the joker exchange as actions",
    "R9.1": "the barker deal",
    "R9.2": "bids and passes",
    "R9.3": "the dealer's hold",
    "R9.4": "100 or more: no bid below 20",
    "R9.5": "the end of the auction; all pass",
    "R9.6": "the auction winner names trump",
    "R9.7": "discard and draw",
    "R9.8": "the auction winner's left leads",
    "R10.1": "5 a trick and 5 for the highest trump",
    "R10.2": "making or failing the contract",
    "R10.3": "a bid of 30",
    "R10.4": "the opponents score what they take",
    "R10.5": "all five tricks, and 120 to win",
}
RULE_IDS: tuple[str, ...] = tuple(RULE_TITLES)

#: A rule id as the engine's explanations cite it.
_CITED = re.compile(r"\bR\d+\.\d+\b")


def cited_rules(text: str) -> list[str]:
    """The rule ids ``text`` cites, once each, in the rulebook's order.

    >>> cited_rules("R5.3: the lead forces R5.1 (R10.1; R5.3 again)")
    ['R5.1', 'R5.3', 'R10.1']
    """
    found = set(_CITED.findall(text))
    return [r for r in RULE_IDS if r in found]
