"""Tables of plain rows: a pandas DataFrame where pandas is installed, else a :class:`Table`.

The score sheets and the course's tables are lists of row dicts. Where pandas can be imported
they become DataFrames, as always; where it cannot (the course in the browser, on Pyodide, has no
pandas) they become a :class:`Table`, which Jupyter shows as an HTML table and which offers the
few DataFrame methods the course uses (``columns``, ``head``, ``tail``, ``iterrows``,
``to_dict("records")``, ``len``).

>>> t = Table([{"card": "5♠", "may play": True}, {"card": "K♥", "may play": False}])
>>> t.columns, len(t)
(['card', 'may play'], 2)
>>> print(t)
  card  may play
0   5♠      True
1   K♥     False
>>> t.head(1).to_dict("records")
[{'card': '5♠', 'may play': True}]
"""

from __future__ import annotations

import html
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    import pandas


def have_pandas() -> bool:
    """Whether pandas can be imported here (not on Pyodide without its wheel)."""
    try:
        import pandas  # noqa: F401
    except ImportError:
        return False
    return True


class Table:
    """Rows of a table (dicts), shown by Jupyter as HTML (``_repr_html_``) and printed as text.

    ``index`` labels the rows (``0, 1, ...`` by default) under the heading ``index_name``.
    """

    def __init__(
        self,
        rows: Sequence[Mapping[str, Any]],
        columns: Sequence[str] | None = None,
        index: Sequence[Any] | None = None,
        index_name: str = "",
    ) -> None:
        self.rows = [dict(r) for r in rows]
        if columns is None:
            columns = list(dict.fromkeys(k for r in self.rows for k in r))
        self.columns = list(columns)
        self.index = list(index) if index is not None else list(range(len(self.rows)))
        self.index_name = index_name
        if len(self.index) != len(self.rows):
            raise ValueError(f"{len(self.index)} index labels for {len(self.rows)} rows")

    def __len__(self) -> int:
        return len(self.rows)

    def _cell(self, row: Mapping[str, Any], column: str) -> str:
        value = row.get(column)
        return "" if value is None else str(value)

    def _slice(self, start: int, stop: int) -> Table:
        return Table(self.rows[start:stop], self.columns, self.index[start:stop], self.index_name)

    def head(self, n: int = 5) -> Table:
        """The first ``n`` rows, as DataFrame.head."""
        return self._slice(0, n)

    def tail(self, n: int = 5) -> Table:
        """The last ``n`` rows, as DataFrame.tail."""
        return self._slice(max(0, len(self.rows) - n), len(self.rows))

    def convert_dtypes(self) -> Table:
        """As DataFrame.convert_dtypes: the values are already what they are."""
        return self

    def iterrows(self) -> Iterator[tuple[Any, dict[str, Any]]]:
        """(label, row) pairs, as DataFrame.iterrows."""
        for label, row in zip(self.index, self.rows, strict=True):
            yield label, {c: row.get(c) for c in self.columns}

    def to_dict(self, orient: str = "records") -> list[dict[str, Any]]:
        """The rows as dicts of every column, as DataFrame.to_dict("records")."""
        if orient != "records":
            raise ValueError("a Table converts only to records")
        return [{c: row.get(c) for c in self.columns} for row in self.rows]

    def __str__(self) -> str:
        head = [self.index_name, *self.columns]
        body = [
            [str(label), *(self._cell(r, c) for c in self.columns)]
            for label, r in zip(self.index, self.rows, strict=True)
        ]
        widths = [max(len(x) for x in col) for col in zip(head, *body, strict=True)]
        lines = [head, *body]
        return "\n".join(
            " ".join(
                (cell.ljust(w) if i == 0 else cell.rjust(w))
                for i, (cell, w) in enumerate(zip(line, widths, strict=True))
            ).rstrip()
            for line in lines
        )

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        esc = html.escape
        out = ['<table class="dataframe fortyfive-table">', "<thead><tr>"]
        out.append(f"<th>{esc(self.index_name)}</th>")
        out.extend(f"<th>{esc(c)}</th>" for c in self.columns)
        out.append("</tr></thead><tbody>")
        for label, row in zip(self.index, self.rows, strict=True):
            cells = "".join(f"<td>{esc(self._cell(row, c))}</td>" for c in self.columns)
            out.append(f"<tr><th>{esc(str(label))}</th>{cells}</tr>")
        out.append("</tbody></table>")
        return "".join(out)


def frame(
    rows: Sequence[Mapping[str, Any]],
    columns: Sequence[str] | None = None,
    index: Sequence[Any] | None = None,
    index_name: str = "",
) -> pandas.DataFrame:
    """``pandas.DataFrame(rows, columns=columns)`` (with ``index`` named ``index_name``) where
    pandas is installed, else the same as a :class:`Table`."""
    if not have_pandas():
        return cast("pandas.DataFrame", Table(rows, columns, index, index_name))
    import pandas as pd

    df = pd.DataFrame(list(rows), columns=list(columns) if columns is not None else None)
    if isinstance(index, range):
        df.index = pd.RangeIndex(index.start, index.stop, index.step, name=index_name or None)
    elif index is not None:
        df.index = pd.Index(list(index), name=index_name or None)
    return df
