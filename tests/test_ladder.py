"""The ladder: levels are bots, the round-robin's ratings fit the games, and the plot is SVG."""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from fortyfive.agents.bots import BOTS, LEVELS
from fortyfive.agents.ladder import ELO, fit_strengths, ladder_svg, run_ladder
from fortyfive.cli import main


def simulate(
    strengths: list[float], tables: list[tuple[int, ...]], n: int, seed: int
) -> list[tuple[tuple[int, ...], int]]:
    """Games whose winners are drawn from the model itself: exp(s) / sum(exp(s))."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        seats = tables[i % len(tables)]
        w = [math.exp(strengths[lv]) for lv in seats]
        out.append((seats, rng.choices(range(len(seats)), weights=w)[0]))
    return out


def test_levels_name_bots() -> None:
    assert list(LEVELS) == ["beginner", "club", "strong"]
    assert set(LEVELS.values()) <= set(BOTS)


@pytest.mark.parametrize(
    "tables",
    [
        [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)],  # barker: two partnerships
        [(0, 1, 1), (1, 0, 0), (0, 2, 2), (2, 0, 0), (1, 2, 2), (2, 1, 1)],  # bruff: one alone
    ],
)
def test_fitted_strengths_recover_the_ones_the_games_were_drawn_from(
    tables: list[tuple[int, ...]],
) -> None:
    truth = [-1.0, 0.0, 0.8]
    s, se = fit_strengths(simulate(truth, tables, 6000, seed=1), 3, reference=1)
    assert s[1] == 0.0 and se[1] == 0.0
    for lv in (0, 2):
        assert abs(s[lv] - truth[lv]) < 3 * se[lv], (s, se)
        assert 0 < se[lv] < 0.1


def test_more_games_narrow_the_interval_and_a_clean_sweep_stays_finite() -> None:
    tables = [(0, 1), (1, 0)]
    few = fit_strengths(simulate([0.0, 1.0], tables, 100, 2), 2, 0)[1][1]
    many = fit_strengths(simulate([0.0, 1.0], tables, 1600, 2), 2, 0)[1][1]
    assert many < few / 3
    sweep, _ = fit_strengths([((0, 1), 1)] * 50, 2, 0)
    assert 2 < sweep[1] < 20 and math.isfinite(sweep[1] * ELO)


def test_a_small_ladder_rates_every_level_and_the_reference_is_1500() -> None:
    result = run_ladder("barker", ["beginner", "club"], games=4, seed=3)
    assert [r.level for r in result.ratings] == ["beginner", "club"]
    club = result.ratings[1]
    assert club.rating == 1500 and club.low == club.high == 1500
    beginner = result.ratings[0]
    assert beginner.low <= beginner.rating <= beginner.high
    assert beginner.games == club.games == sum(g.winner is not None for g in result.pairs[0].games)
    assert "rating" in result.summary()


def test_the_plot_is_svg_with_a_dot_and_a_bar_per_level() -> None:
    result = run_ladder("barker", ["beginner", "club"], games=2, seed=4)
    root = ET.fromstring(ladder_svg("barker", result.ratings))
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == f"{ns}svg"
    assert len(root.findall(f"{ns}circle")) == 2
    labels = [t.text or "" for t in root.findall(f"{ns}text")]
    assert any(lb.startswith("beginner") for lb in labels)


def test_unknown_and_repeated_levels_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown level 'grandmaster'"):
        run_ladder("barker", ["club", "grandmaster"], games=2)
    with pytest.raises(ValueError, match="two different levels"):
        run_ladder("barker", ["club", "club"], games=2)


def test_cli_ladder_prints_ratings_and_writes_the_plot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plot = tmp_path / "ladder.svg"
    args = ["tournament", "--ladder", "--preset", "barker", "--levels", "beginner,club"]
    assert main([*args, "--games", "2", "--quiet", "--plot", str(plot)]) == 0
    out = capsys.readouterr().out
    assert "ladder" in out and "ci95_low" in out and "beginner" in out
    assert ET.parse(plot).getroot().tag.endswith("svg")
