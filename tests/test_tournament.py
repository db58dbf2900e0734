"""Duplicate-paired tournaments: identical deals with seats swapped, repeatable results with one
process or two, the Wilson interval, and the ``tournament`` command."""

from __future__ import annotations

import io
import math

import pytest

import fortyfive as ff
from fortyfive.agents import tournament as tm
from fortyfive.agents.bots import make_bot
from fortyfive.cli import main


def deal_starts(game: ff.Game, bots: list[str], seed: int) -> list[tuple[int, list[list[str]]]]:
    """Play the game out and note (dealer, every hand and the stock) at the start of each deal."""
    players = [make_bot(bots[s % len(bots)], seed=seed + s) for s in range(game.rules.players)]
    seen: list[tuple[int, list[list[str]]]] = []
    while not game.over:
        if len(seen) < game.deal_number:
            zones = game.zones()
            cards = [[str(c) for c in h] for h in zones["hands"]]
            seen.append((game.dealer, [*cards, [str(c) for c in zones["stock"]]]))
        seat = game.to_act
        assert seat is not None
        game.apply(players[seat].choose(game, seat))
    return seen


@pytest.mark.parametrize("preset", ["barker", "bruff"])
def test_the_same_seed_deals_the_same_cards_every_deal_whatever_is_played(preset: str) -> None:
    for seed in (1, 2, 3):
        a = deal_starts(ff.Game.new(preset, seed=seed), ["rule"], seed)
        b = deal_starts(ff.Game.new(preset, seed=seed), ["random"], seed + 7)
        assert a[0] == b[0]
        n = min(len(a), len(b))
        assert n >= 2 or preset == "bruff"
        assert a[:n] == b[:n]  # R6.1/R9.1: later deals too; the dealer passes to the left


def test_lineups_swap_seats_in_barker_and_rotate_the_lone_bot_in_bruff() -> None:
    assert tm.lineups(ff.BARKER) == [(0, 1), (1, 0)]
    bruff = tm.lineups(ff.BRUFF)
    assert len(bruff) == 6 and len(set(bruff)) == 6
    for bot in (0, 1):
        alone = [lu.index(bot) for lu in bruff if lu.count(bot) == 1]
        assert sorted(alone) == [0, 1, 2]  # alone once in each partnership


def test_play_game_seats_each_bot_in_its_partnership(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[tuple[str, int | None]] = []

    def spy(name: str, seed: int | None = None) -> ff.bots.ObservingBot:
        made.append((name, seed))
        return make_bot(name, seed)

    monkeypatch.setattr(tm, "make_bot", spy)
    tm.play_game("barker", ["rule", "random"], 11, (0, 1), max_hands=1)
    tm.play_game("barker", ["rule", "random"], 11, (1, 0), max_hands=1)
    # R1.3: seats 0, 2 are partnership 0; the swapped game moves each bot across the table.
    names = [n for n, _ in made]
    assert names[:4] == ["rule", "random", "rule", "random"]
    assert names[4:] == ["random", "rule", "random", "rule"]
    assert [s for _, s in made[:4]] == [s for _, s in made[4:]] == [44, 45, 46, 47]


def test_tournament_plays_each_seed_once_per_lineup() -> None:
    result = tm.run_tournament("barker", ["rule", "random"], games=6, seed=4)
    games = result.games
    assert len(games) == 6
    for first, second in zip(games[::2], games[1::2], strict=True):
        assert first.seed == second.seed
        assert (first.lineup, second.lineup) == ((0, 1), (1, 0))
    assert len({g.seed for g in games}) == 3


def test_games_round_up_to_whole_duplicate_groups() -> None:
    result = tm.run_tournament("bruff", ["rule", "random"], games=7, seed=2)
    assert len(result.games) == 12  # two groups of six
    table = result.table()
    assert list(table.column("games")) == [6, 6]  # each bot alone in six games
    assert list(table.column("fair_share")) == [pytest.approx(1 / 3, abs=1e-4)] * 2


def test_results_are_deterministic_and_the_same_on_two_processes() -> None:
    one = tm.run_tournament("barker", ["rule", "random"], games=12, seed=9)
    again = tm.run_tournament("barker", ["rule", "random"], games=12, seed=9)
    two = tm.run_tournament("barker", ["rule", "random"], games=12, seed=9, jobs=2)
    assert one.games == again.games == two.games
    assert one.table() == two.table()
    other = tm.run_tournament("barker", ["rule", "random"], games=12, seed=10)
    assert other.games != one.games


def test_bruff_on_two_processes_matches_one() -> None:
    one = tm.run_tournament("bruff", ["random", "rule"], games=12, seed=3)
    two = tm.run_tournament("bruff", ["random", "rule"], games=12, seed=3, jobs=2)
    assert one.games == two.games


def test_table_counts_wins_and_points_from_the_games() -> None:
    result = tm.run_tournament("barker", ["rule", "random"], games=8, seed=5)
    table = result.table().to_pandas().set_index("bot")
    wins_x = sum(g.winner == g.lineup.index(0) for g in result.games)
    assert table.loc["rule", "wins"] == wins_x
    assert table.loc["rule", "wins"] + table.loc["random", "wins"] == 8 - result.capped
    hands = sum(g.deals for g in result.games)
    points = sum(g.points[g.lineup.index(0)] for g in result.games)
    assert table.loc["rule", "hands"] == hands
    assert table.loc["rule", "points_per_hand"] == pytest.approx(points / hands, abs=0.01)
    assert table.loc["rule", "ci95_low"] <= table.loc["rule", "win_rate"]
    assert table.loc["rule", "win_rate"] <= table.loc["rule", "ci95_high"]


def test_edge_is_points_a_hand_over_the_other_side_on_the_same_cards() -> None:
    result = tm.run_tournament("barker", ["rule", "random"], games=8, seed=5)
    table = result.table().to_pandas().set_index("bot")
    groups: dict[int, list[tm.GameResult]] = {}
    for g in result.games:
        groups.setdefault(g.seed, []).append(g)
    expected = [
        sum(g.points[g.lineup.index(0)] - g.points[g.lineup.index(1)] for g in games)
        / sum(g.deals for g in games)
        for games in groups.values()
    ]
    assert result.edges(0) == pytest.approx(expected)
    assert result.edges(1) == pytest.approx([-e for e in expected])  # two sides: one's loss
    assert table.loc["rule", "edge"] == pytest.approx(sum(expected) / 4, abs=0.01)
    assert table.loc["rule", "edge"] > 0 > table.loc["random", "edge"]
    assert table.loc["rule", "edge_ci95"] > 0


def test_first_hands_only_compare_the_bots_hand_by_hand() -> None:
    # R9.5: a thrown-in first hand counts no hand; every other group compares one hand each way
    result = tm.run_tournament("barker", ["rule", "random"], games=20, seed=3, max_hands=1)
    assert all(g.deals <= 1 for g in result.games)
    assert len(result.edges(0)) == len({g.seed for g in result.games if g.deals})


def test_bruff_edge_is_over_the_average_other_partnership() -> None:
    result = tm.run_tournament("bruff", ["rule", "random"], games=6, seed=2, max_hands=2)
    alone = [g for g in result.games if g.lone_bot() == 0]
    own = sum(g.points[g.lineup.index(0)] for g in alone)
    others = sum((sum(g.points) - g.points[g.lineup.index(0)]) / 2 for g in alone)
    assert result.edges(0) == pytest.approx([(own - others) / sum(g.deals for g in alone)])


@pytest.mark.parametrize(
    ("values", "mean", "half"),
    [([1.0, 2.0, 3.0, 4.0], 2.5, 1.2652), ([2.0, 2.0], 2.0, 0.0)],
)
def test_mean_interval_known_values(values: list[float], mean: float, half: float) -> None:
    assert tm.mean_interval(values) == (pytest.approx(mean), pytest.approx(half, abs=1e-4))


def test_mean_interval_needs_two_values_for_a_width() -> None:
    assert math.isnan(tm.mean_interval([3.0])[1]) and tm.mean_interval([3.0])[0] == 3.0
    assert all(math.isnan(x) for x in tm.mean_interval([]))


def test_a_bot_against_itself_gets_numbered_rows() -> None:
    result = tm.run_tournament("barker", ["random", "random"], games=2, seed=1)
    assert list(result.table().column("bot")) == ["random#1", "random#2"]


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [(8, 10, 0.4902, 0.9433), (0, 10, 0.0, 0.2775), (50, 100, 0.4038, 0.5962), (10, 10, 0.7225, 1)],
)
def test_wilson_interval_known_values(wins: int, games: int, low: float, high: float) -> None:
    lo, hi = tm.wilson_interval(wins, games)
    assert (lo, hi) == (pytest.approx(low, abs=1e-4), pytest.approx(high, abs=1e-4))


def test_wilson_interval_without_games_is_the_whole_range() -> None:
    assert tm.wilson_interval(0, 0) == (0.0, 1.0)


def test_hand_limit_stops_a_game_without_a_winner() -> None:
    g = tm.play_game("barker", ["rule", "rule"], 5, (0, 1), max_hands=1)
    assert g.winner is None and g.deals <= 1  # R10.5: nobody reaches 120 in one hand
    result = tm.run_tournament("barker", ["rule", "rule"], games=2, seed=1, max_hands=1)
    assert result.capped == 2
    assert "stopped at 1 hands without a winner" in result.summary()


def test_unknown_bots_and_bad_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        tm.run_tournament("barker", ["rule", "nobody"], games=2)
    with pytest.raises(ValueError, match="two bots"):
        tm.run_tournament("barker", ["rule"], games=2)
    with pytest.raises(ValueError, match="at least 1"):
        tm.run_tournament("barker", ["rule", "random"], games=0)


def test_progress_writes_lines_when_not_a_terminal() -> None:
    out = io.StringIO()
    tm.run_tournament("barker", ["random", "random"], games=40, seed=1, progress=out)
    lines = out.getvalue().splitlines()
    assert 2 <= len(lines) <= 11
    assert lines[-1].startswith("[" + "#" * 30 + "] 100% 40/40 games")


def test_progress_redraws_in_place_on_a_terminal() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = Tty()
    bar = tm.Progress(4, out, width=4)
    for _ in range(4):
        bar.update(1)
    text = out.getvalue()
    assert text.count("\r") == 4 and text.endswith("\n") and "[####] 100% 4/4" in text


def test_cli_runs_a_small_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--preset", "barker", "--bots", "rule,random", "--games", "4"]) == 0
    captured = capsys.readouterr()
    assert "barker: rule vs random, 4 games (2 duplicate groups), seed 1" in captured.out
    header = captured.out.splitlines()[1].split()
    assert header[:4] == ["bot", "games", "wins", "win_rate"]
    assert "100% 4/4 games" in captured.err  # the progress bar goes to stderr


def test_cli_refuses_an_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["tournament", "--bots", "rule,nobody", "--games", "2", "--quiet"])
    assert exc.value.code == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err


def test_frame_has_one_row_per_game_with_its_seating() -> None:
    result = tm.run_tournament("bruff", ["rule", "random"], games=6, seed=8)
    frame = result.frame().to_pandas()
    assert len(frame) == 6
    assert list(frame.columns[:4]) == ["seed", "bot_A", "bot_B", "bot_C"]
    assert list(frame["bot_A"]) == ["rule", "random", "random", "random", "rule", "rule"]
    assert frame["seed"].nunique() == 1
    assert set(frame["winner"]) <= {"A", "B", "C"}
